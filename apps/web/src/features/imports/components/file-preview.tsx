import { IMPORT_COLUMNS } from '@b2b/shared';
import { formatCount } from '@/lib/format';
import { DELIMITER_NAMES, type CsvPreview, type FileKind } from '../utils/file-preview';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The chosen file: its name and size, and for a CSV its columns and first rows as the import will read them. */
export function FilePreview({ file, kind, preview }: { file: File; kind: FileKind; preview: CsvPreview | null }) {
  return (
    <section aria-labelledby="preview-heading" className="card border border-base-300 bg-base-100 card-sm">
      <div className="card-body gap-3">
        <h2 id="preview-heading" className="card-title text-lg">
          Preview
        </h2>
        <p className="text-sm break-all">
          <span className="font-semibold">{file.name}</span>{' '}
          <span className="text-base-content/70">
            ({formatBytes(file.size)}, {kind === 'xlsx' ? 'Excel workbook' : 'CSV'})
          </span>
        </p>
        {kind === 'xlsx' ? (
          <p className="text-sm text-base-content/80">
            The columns of the first worksheet are checked by the dry run: run it to see what the import will do.
          </p>
        ) : preview ? (
          <CsvTable preview={preview} />
        ) : (
          <p className="text-sm text-base-content/70">Reading the file…</p>
        )}
      </div>
    </section>
  );
}

function CsvTable({ preview }: { preview: CsvPreview }) {
  const { columns, rows, unknown, problem, delimiter } = preview;
  const known = columns.filter((c) => c.column !== null).length;
  return (
    <>
      <p className="text-sm text-base-content/80">
        {formatCount(known)} of {columns.length} columns recognised, separated by {DELIMITER_NAMES[delimiter]}.{' '}
        {rows.length > 0
          ? `The first ${rows.length === 1 ? 'row' : `${rows.length} rows`}:`
          : 'The file has no rows under its header.'}
      </p>
      {problem ? (
        <p role="alert" className="alert alert-soft text-sm alert-error">
          {problem}
        </p>
      ) : null}
      {unknown.length > 0 ? (
        <p className="alert alert-soft text-sm alert-warning text-amber-900">
          Not import columns, so ignored: {unknown.map((name) => `“${name}”`).join(', ')}. The columns are{' '}
          {IMPORT_COLUMNS.join(', ')}.
        </p>
      ) : null}
      <div
        className="overflow-x-auto rounded-box border border-base-300"
        // Focusable so keyboard users can scroll the table sideways on narrow screens.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="region"
        aria-label="The first rows of the file"
      >
        <table className="table table-xs whitespace-nowrap">
          <caption className="sr-only">The first rows of the file</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              {columns.map((c, i) => (
                <th key={i} scope="col" className="align-bottom">
                  <span className={c.column ? '' : 'text-base-content/60 line-through'}>{c.header || '(blank)'}</span>
                  {c.column ? null : (
                    <span className="ml-1 badge badge-soft badge-xs text-amber-900 badge-warning">ignored</span>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                {/* As a spreadsheet numbers it: the header is row 1. */}
                <th scope="row" className="text-base-content/70">
                  {r + 2}
                </th>
                {columns.map((c, i) => (
                  <td key={i} className={`max-w-48 truncate ${c.column ? '' : 'text-base-content/50'}`} title={row[i]}>
                    {row[i] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
