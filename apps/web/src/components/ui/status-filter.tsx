/**
 * A list's status filter: "All" and one toggle button per status (aria-pressed), as the Invoices
 * and Quotes pages filter their lists. Choosing one calls `onChange` (undefined: all).
 */
export function StatusFilter<S extends string>({
  statuses,
  labels,
  value,
  onChange,
}: {
  statuses: readonly S[];
  labels: Record<S, string>;
  value: S | undefined;
  onChange: (status: S | undefined) => void;
}) {
  return (
    <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-2">
      {[undefined, ...statuses].map((status) => (
        <button
          key={status ?? 'all'}
          type="button"
          aria-pressed={value === status}
          className={`btn btn-sm ${value === status ? 'btn-primary' : 'border-base-300 btn-outline'}`}
          onClick={() => onChange(status)}
        >
          {status ? labels[status] : 'All'}
        </button>
      ))}
    </div>
  );
}
