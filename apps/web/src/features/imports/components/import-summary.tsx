import type { ImportRowError, ImportStatus } from '@b2b/shared';
import { formatCount } from '@/lib/format';
import { formatDuration } from './import-progress';

type Tally = { key: 'created' | 'updated' | 'unchanged' | 'failed'; done: string; would: string; tone: string };
const TALLIES: Tally[] = [
  { key: 'created', done: 'Created', would: 'Would create', tone: 'text-success' },
  { key: 'updated', done: 'Updated', would: 'Would update', tone: 'text-info' },
  { key: 'unchanged', done: 'Unchanged', would: 'Would leave unchanged', tone: '' },
  { key: 'failed', done: 'Failed', would: 'Would fail', tone: 'text-error' },
];

/** A finished import: the four counters (a dry run says what the import would do) and how long it took. */
export function ImportSummary({ status }: { status: ImportStatus }) {
  const took =
    status.startedAt && status.finishedAt
      ? (new Date(status.finishedAt).getTime() - new Date(status.startedAt).getTime()) / 1000
      : null;
  return (
    <div className="flex flex-col gap-3">
      <p className="font-semibold">
        {status.dryRun ? 'Dry run of' : 'Import of'} {status.fileName}:{' '}
        {status.dryRun ? 'checked, nothing was written.' : 'done.'}
        {took !== null ? (
          <span className="font-normal text-base-content/70">
            {' '}
            {formatCount(status.processed)} {status.processed === 1 ? 'row' : 'rows'} in{' '}
            {took < 1 ? 'under a second' : formatDuration(took)}.
          </span>
        ) : null}
      </p>
      <dl
        className="grid grid-cols-2 gap-2 sm:grid-cols-4"
        aria-label={status.dryRun ? 'Dry run summary' : 'Import summary'}
      >
        {TALLIES.map((tally) => (
          <div key={tally.key} className="rounded-box border border-base-300 bg-base-200/40 p-3">
            <dt className="text-sm text-base-content/80">{status.dryRun ? tally.would : tally.done}</dt>
            <dd className={`text-2xl font-bold ${status[tally.key] > 0 ? tally.tone : ''}`}>
              {formatCount(status[tally.key])}
            </dd>
          </div>
        ))}
      </dl>
      {status.ignoredColumns.length > 0 ? (
        <p className="text-sm text-base-content/80">
          Ignored columns (not import columns): {status.ignoredColumns.map((c) => `“${c}”`).join(', ')}.
        </p>
      ) : null}
    </div>
  );
}

/** The failed rows: row as a spreadsheet numbers it, column and the form's own message. */
export function ImportErrorsTable({ errors, total }: { errors: ImportRowError[]; total: number }) {
  return (
    <div
      className="overflow-x-auto rounded-box border border-base-300"
      // Focusable so keyboard users can scroll the table sideways on narrow screens.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label="Failed rows"
    >
      <table className="table table-sm">
        <caption className="sr-only">Failed rows</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Column</th>
            <th scope="col">Message</th>
          </tr>
        </thead>
        <tbody>
          {errors.map((error, i) => (
            <tr key={`${error.row}-${error.column}-${i}`}>
              <td className="tabular-nums">{error.row}</td>
              <td className="font-mono text-xs">{error.column || '—'}</td>
              <td>{error.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > errors.length ? (
        <p className="border-t border-base-300 p-2 text-sm text-base-content/70">
          The first {formatCount(errors.length)} of {formatCount(total)} problems; download the failed rows for all of
          them.
        </p>
      ) : null}
    </div>
  );
}
