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

/** One row of a chart's table: its heading cell and its two figures. */
export type ChartTableRow = { key: string; head: ReactNode; figures: [string, string] };

/**
 * The numbers behind a chart, for screen readers and "Show the numbers": a caption, a heading
 * column and two right-aligned figure columns.
 */
export function ChartTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: [string, string, string];
  rows: ChartTableRow[];
}) {
  return (
    <table className="table table-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{columns[0]}</th>
          <th scope="col" className="text-right">
            {columns[1]}
          </th>
          <th scope="col" className="text-right">
            {columns[2]}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className="font-normal">
              {row.head}
            </th>
            <td className="text-right">{row.figures[0]}</td>
            <td className="text-right">{row.figures[1]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
