import { useId } from 'react';
import { useSearchParams } from 'react-router';
import {
  ACTIVITY_KIND_LABELS,
  ACTIVITY_KINDS,
  type ActivityEntry,
  type ActivityKind,
  type CompanyDetail,
} from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useActivity, type ActivityFilter } from '@/features/company/api/get-activity';
import { CompanyGate } from '@/features/company/components/company-gate';
import { formatDateTime } from '@/lib/format';

/** Who changed what in the company, newest first, by member and kind (admins). */
export default function CompanyActivityRoute() {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <PageTitle page="Activity" />
      <h1 className="text-3xl font-bold">Activity</h1>
      <CompanyGate permission="activity">{(company) => <Activity company={company} />}</CompanyGate>
    </section>
  );
}

/** Soft badges; the lighter hues get a darker text so every label keeps a 4.5:1 contrast. */
const KIND_TONE: Record<ActivityKind, string> = {
  product: 'badge-primary',
  stock: 'badge-warning text-amber-800',
  order: 'badge-info text-sky-800',
  member: 'badge-secondary',
  import: 'badge-success text-green-800',
};

/** The filters live in the URL (?member=uid&kind=order), so a reload or a shared link shows the same log. */
function useActivityFilter() {
  const [params, setParams] = useSearchParams();
  const member = params.get('member') || undefined;
  const kindParam = params.get('kind');
  const kind = ACTIVITY_KINDS.find((k) => k === kindParam);
  const set = (key: 'member' | 'kind', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const filter: ActivityFilter = { ...(member ? { member } : {}), ...(kind ? { kind } : {}) };
  return { filter, member, kind, set };
}

function Activity({ company }: { company: CompanyDetail }) {
  const { filter, member, kind, set } = useActivityFilter();
  const log = useActivity(filter);
  const ids = { member: useId(), kind: useId() };
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];

  let body;
  if (log.isPending) body = <LoadingState label="Loading activity..." />;
  else if (log.isError) body = <ErrorState error={log.error} onRetry={() => void log.refetch()} />;
  else if (entries.length === 0) {
    body = (
      <EmptyState>
        <p>{member || kind ? 'Nothing matches these filters yet.' : 'Nothing has happened in the company yet.'}</p>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ol className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100" aria-label="Activity">
          {entries.map((entry) => (
            <ActivityItem key={entry._id} entry={entry} />
          ))}
        </ol>
        {log.hasNextPage ? (
          <div className="mt-4 flex justify-center">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              {log.isFetchingNextPage ? 'Loading...' : 'Show older'}
            </button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <>
      <p className="mt-1 text-base-content/70">
        Who changed what at {company.name}: products, prices and stock, orders, staff and imports, newest first.
      </p>
      <form
        role="search"
        aria-label="Filter activity"
        className="my-6 grid gap-3 sm:grid-cols-2 md:max-w-2xl"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.member} className="text-sm font-medium">
            Member
          </label>
          <select
            id={ids.member}
            className="select w-full"
            value={member ?? ''}
            onChange={(event) => set('member', event.target.value)}
          >
            <option value="">Everyone</option>
            {company.members.map((m) => (
              <option key={m.uid} value={m.uid}>
                {m.name ? `${m.name} (${m.email})` : m.email}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.kind} className="text-sm font-medium">
            Kind
          </label>
          <select
            id={ids.kind}
            className="select w-full"
            value={kind ?? ''}
            onChange={(event) => set('kind', event.target.value)}
          >
            <option value="">Everything</option>
            {ACTIVITY_KINDS.map((k) => (
              <option key={k} value={k}>
                {ACTIVITY_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
      </form>
      {body}
    </>
  );
}

function ActivityItem({ entry }: { entry: ActivityEntry }) {
  return (
    <li className="flex flex-col gap-1 p-4 sm:flex-row sm:items-start sm:gap-4">
      <div className="flex shrink-0 items-center gap-2 sm:w-44 sm:flex-col sm:items-start">
        <span className={`badge badge-soft ${KIND_TONE[entry.kind]}`}>{ACTIVITY_KIND_LABELS[entry.kind]}</span>
        <time dateTime={entry.at} className="text-sm text-base-content/70">
          {formatDateTime(entry.at)}
        </time>
      </div>
      <div className="min-w-0 flex-1">
        <p className="break-words">{entry.summary}</p>
        <p className="text-sm text-base-content/70">
          by {entry.actor.name ? `${entry.actor.name} (${entry.actor.email})` : entry.actor.email}
        </p>
      </div>
    </li>
  );
}
