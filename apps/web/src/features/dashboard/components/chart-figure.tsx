import { useId, useState, type ReactNode } from 'react';

/**
 * A chart with its numbers: the picture is for the eye (hidden from assistive tech, described
 * by its caption), the table holds the same numbers for screen readers, always, and for anyone
 * who presses "Show the numbers".
 */
export function ChartFigure({
  title,
  summary,
  chart,
  table,
}: {
  title: string;
  /** One sentence that says what the chart shows. */
  summary: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  return (
    <figure className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <figcaption>
            <h2 className="text-lg font-semibold">{title}</h2>
            <p className="text-sm text-base-content/70">{summary}</p>
          </figcaption>
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((value) => !value)}
          >
            {showTable ? 'Show the chart' : 'Show the numbers'}
          </button>
        </div>
        {/* inert: nothing in the picture can take focus (its numbers are in the table). */}
        <div aria-hidden="true" inert className={showTable ? 'hidden' : 'h-64 w-full'}>
          {chart}
        </div>
        <div id={tableId} className={showTable ? 'max-h-96 overflow-auto' : 'sr-only'}>
          {table}
        </div>
      </div>
    </figure>
  );
}
