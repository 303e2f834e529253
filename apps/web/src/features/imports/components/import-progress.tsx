import type { ImportStatus } from '@b2b/shared';
import { formatCount } from '@/lib/format';

/** "45 s", "3 min 20 s", "1 h 5 min". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  return `${Math.floor(s / 3600)} h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)} min` : ''}`;
}

/** Rows per second since the job started, and the time the rest would take at that rate. */
export function importPace(status: ImportStatus, now: number): { rate: number | null; secondsLeft: number | null } {
  if (!status.startedAt || status.processed === 0) return { rate: null, secondsLeft: null };
  const elapsed = (now - new Date(status.startedAt).getTime()) / 1000;
  if (elapsed <= 0) return { rate: null, secondsLeft: null };
  const rate = status.processed / elapsed;
  const secondsLeft = status.total > 0 ? Math.max(0, status.total - status.processed) / rate : null;
  return { rate, secondsLeft };
}

/** A queued or running import: the bar (rows done of the total), the rate and the time left. */
/** `now` is when `status` arrived (the query's dataUpdatedAt), so the figures move with each poll. */
export function ImportProgress({ status, now }: { status: ImportStatus; now: number }) {
  const { rate, secondsLeft } = importPace(status, now);
  const verb = status.dryRun ? 'Checking' : 'Importing';
  const counted = status.total > 0;
  const label = status.status === 'queued' ? 'Waiting to start…' : counted ? null : 'Counting the rows…';
  return (
    <div className="flex flex-col gap-2">
      <p className="font-semibold">
        {verb} {status.fileName}
      </p>
      {/* A drawn bar rather than <progress>: the one stylesheet stays inside its budget. */}
      <div
        role="progressbar"
        aria-label={`${verb} progress`}
        aria-valuemin={0}
        {...(counted ? { 'aria-valuenow': status.processed, 'aria-valuemax': status.total } : {})}
        className="h-3 w-full overflow-hidden rounded-full bg-base-300"
      >
        <div
          className={`h-full rounded-full bg-primary transition-[width] ${counted ? '' : 'w-1/3 animate-pulse'}`}
          style={
            counted ? { width: `${Math.min(100, (status.processed / Math.max(1, status.total)) * 100)}%` } : undefined
          }
        />
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-base-content/80" aria-live="polite">
        {label ?? (
          <>
            <span>
              {formatCount(status.processed)} of {formatCount(status.total)} rows
            </span>
            {rate !== null ? <span>{formatCount(rate)} rows/s</span> : null}
            {secondsLeft !== null ? <span>about {formatDuration(secondsLeft)} left</span> : null}
          </>
        )}
      </p>
    </div>
  );
}
