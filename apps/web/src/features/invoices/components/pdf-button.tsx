import type { ApiFile } from '@/lib/api-client';
import { useDownload } from '@/lib/use-download';

/**
 * A document's PDF download: the request carries the token, so it is a button, not a link;
 * "Preparing..." while the PDF is made.
 */
export function PdfButton({
  label,
  file,
  className = 'btn btn-outline btn-xs',
  ariaLabel,
}: {
  label: string;
  file: () => Promise<ApiFile>;
  className?: string;
  ariaLabel?: string;
}) {
  const { pending, download } = useDownload();
  return (
    <button
      type="button"
      className={className}
      disabled={pending !== null}
      aria-label={ariaLabel}
      onClick={() => void download('pdf', file)}
    >
      {pending ? 'Preparing...' : label}
    </button>
  );
}
