import { exportProducts, type ExportFormat } from '../api/export-products';
import { useDownload } from '@/lib/use-download';

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'Export CSV' },
  { format: 'xlsx', label: 'Export .xlsx' },
];

/** Downloads the seller's whole catalogue with the import's columns: edit it and import it again. */
export function ExportButtons() {
  const { pending, download } = useDownload();
  return (
    <div role="group" aria-label="Export my catalogue" className="join">
      {FORMATS.map(({ format, label }) => (
        <button
          key={format}
          type="button"
          className="btn join-item btn-outline btn-primary btn-sm"
          disabled={pending !== null}
          aria-busy={pending === format}
          onClick={() => void download(format, () => exportProducts(format))}
        >
          {pending === format ? <span className="loading loading-xs loading-spinner" aria-hidden="true" /> : null}
          {label}
        </button>
      ))}
    </div>
  );
}
