import { Link } from 'react-router';
import type { ImportStatus } from '@b2b/shared';
import { paths } from '@/config/paths';
import { formatCount, formatDateTime } from '@/lib/format';

const STATUS_TONE: Record<ImportStatus['status'], string> = {
  queued: 'badge-info text-sky-800',
  running: 'badge-primary',
  done: 'badge-success text-green-800',
  failed: 'badge-error text-red-700',
};

function outcome(status: ImportStatus): string {
  if (status.status === 'queued' || status.status === 'running') {
    return status.total > 0 ? `${formatCount(status.processed)} of ${formatCount(status.total)} rows` : 'starting';
  }
  if (status.status === 'failed') return status.error ?? 'stopped';
  const parts = [
    [status.created, status.dryRun ? 'to create' : 'created'],
    [status.updated, status.dryRun ? 'to update' : 'updated'],
    [status.unchanged, 'unchanged'],
    [status.failed, status.dryRun ? 'would fail' : 'failed'],
  ] as const;
  return parts.map(([count, word]) => `${formatCount(count)} ${word}`).join(', ');
}

/** The seller's latest imports, each a link to its page; the one shown is marked. */
export function RecentImports({ imports, currentId }: { imports: ImportStatus[]; currentId: string | undefined }) {
  return (
    <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
      {imports.map((item) => (
        <li key={item.importId} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm">
          <Link
            to={paths.importRun(item.importId)}
            className="min-w-0 link font-semibold break-all link-hover"
            aria-current={item.importId === currentId ? 'page' : undefined}
          >
            {item.fileName}
          </Link>
          <span className={`badge badge-soft badge-sm ${item.dryRun ? 'badge-neutral' : 'badge-secondary'}`}>
            {item.dryRun ? 'Dry run' : 'Import'}
          </span>
          <span className={`badge badge-soft badge-sm ${STATUS_TONE[item.status]}`}>{item.status}</span>
          <span className="text-base-content/70">{formatDateTime(item.createdAt)}</span>
          <span className="w-full text-base-content/80 sm:w-auto">{outcome(item)}</span>
        </li>
      ))}
    </ul>
  );
}
