import { useId, useRef, useState, type FormEvent } from 'react';
import {
  QUICK_ORDER_MAX_LINES,
  type QuickOrderLineInput,
  type QuickOrderPreview,
  type QuickOrderResult,
} from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { cartKeys } from '@/features/cart/api/get-cart';
import { productKeys } from '@/features/products/api/query-keys';
import { usePlaceQuickOrder } from '@/features/quick-order/api/place-quick-order';
import { usePreviewQuickOrder } from '@/features/quick-order/api/preview-quick-order';
import { QuickOrderGrid } from '@/features/quick-order/components/quick-order-grid';
import { FILE_INPUT_CLASS } from '@/components/ui/file-input';
import { QuickOrderPreviewTable } from '@/features/quick-order/components/quick-order-preview';
import { QuickOrderResults } from '@/features/quick-order/components/quick-order-results';
import { isBlank, parsePastedLines, type DraftLine } from '@/features/quick-order/utils/parse-lines';

const blankRows = (): DraftLine[] => [
  { sku: '', quantity: '' },
  { sku: '', quantity: '' },
  { sku: '', quantity: '' },
];

const toInput = (line: DraftLine): QuickOrderLineInput => ({
  sku: line.sku.trim(),
  quantity: line.quantity.trim(),
  ...(line.sellerEmail ? { sellerEmail: line.sellerEmail } : {}),
});

/** A file's lines as the server read them, back in the grid so they can be corrected and sent. */
const linesFromPreview = (preview: QuickOrderPreview): DraftLine[] =>
  preview.lines.map((line) => ({
    sku: line.sku,
    quantity: line.quantity === null ? '' : String(line.quantity),
    ...(line.product ? { sellerEmail: line.product.sellerEmail } : {}),
  }));

export default function QuickOrderRoute() {
  const { user } = useAuth();
  const pasteId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [lines, setLines] = useState<DraftLine[]>(blankRows);
  const [formError, setFormError] = useState<string | null>(null);
  /** The preview and the lines it is of: line n of the preview is row n of the grid. */
  const [preview, setPreview] = useState<QuickOrderPreview | null>(null);
  const [result, setResult] = useState<QuickOrderResult | null>(null);
  // One key per submission: a retry of the same lines reuses it, so nothing is bought twice.
  const submission = useRef<{ lines: string; key: string } | null>(null);
  const previewing = usePreviewQuickOrder();
  const placing = usePlaceQuickOrder({ invalidate: [cartKeys.all, productKeys.all] });
  const busy = previewing.isPending || placing.isPending;

  const runPreview = async (next: DraftLine[]) => {
    setFormError(null);
    setResult(null);
    const sent = next.filter((line) => !isBlank(line));
    if (sent.length === 0) {
      setFormError('Paste, type or upload at least one line.');
      return;
    }
    if (sent.length > QUICK_ORDER_MAX_LINES) {
      setFormError(`At most ${QUICK_ORDER_MAX_LINES.toLocaleString('en-US')} lines at once: split the order.`);
      return;
    }
    setLines(sent);
    try {
      setPreview(await previewing.mutateAsync({ lines: sent.map(toInput) }));
    } catch (error) {
      setPreview(null);
      setFormError(errorMessage(error));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Pasted lines join the typed ones; the text area empties into the grid.
    const pasted = parsePastedLines(text);
    const next = pasted.length > 0 ? [...lines.filter((line) => !isBlank(line)), ...pasted] : lines;
    if (pasted.length > 0) setText('');
    void runPreview(next);
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setFormError(null);
    setResult(null);
    try {
      const read = await previewing.mutateAsync({ file });
      setLines(linesFromPreview(read));
      setPreview(read);
    } catch (error) {
      setPreview(null);
      setFormError(errorMessage(error));
    } finally {
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const editLine = (line: number, change: Partial<DraftLine>) =>
    void runPreview(lines.map((row, index) => (index === line - 1 ? { ...row, ...change } : row)));

  const addToCart = async () => {
    const body = lines.filter((line) => !isBlank(line)).map(toInput);
    const signature = JSON.stringify(body);
    if (submission.current?.lines !== signature) submission.current = { lines: signature, key: crypto.randomUUID() };
    try {
      setResult(await placing.mutateAsync({ lines: body, idempotencyKey: submission.current.key }));
      setPreview(null);
    } catch (error) {
      setFormError(errorMessage(error));
    }
  };

  const okLines = preview?.lines.filter((line) => line.status === 'ok').length ?? 0;

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <PageTitle page="Quick order" />
      <header className="mb-6">
        <h1 className="text-3xl font-bold">Quick order</h1>
        <p className="mt-1 text-base-content/70">
          Order many products at once by SKU: paste lines from a spreadsheet, upload a file or type them. You see every
          line checked and priced before anything goes into your cart.
        </p>
      </header>

      {result && user ? (
        <div className="mb-6 flex flex-col gap-3">
          <QuickOrderResults result={result} cartPath={paths.cart(user.email)} />
          <button
            type="button"
            className="btn self-start btn-ghost btn-sm"
            onClick={() => {
              setResult(null);
              setLines(blankRows());
            }}
          >
            Start a new quick order
          </button>
        </div>
      ) : null}

      <form onSubmit={onSubmit} className="flex flex-col gap-6" aria-label="Quick order lines">
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
          <div className="flex flex-col gap-4">
            <div className="flex flex-col gap-1">
              <label htmlFor={pasteId} className="font-semibold">
                Paste lines
              </label>
              <p className="text-sm text-base-content/70" id={`${pasteId}-hint`}>
                One line per product: SKU and quantity, separated by a tab, comma, semicolon or space (copy two columns
                from a spreadsheet). A header line is skipped.
              </p>
              <textarea
                id={pasteId}
                aria-describedby={`${pasteId}-hint`}
                className="textarea h-40 w-full font-mono"
                placeholder={'SKU\tQuantity\nCP-1001\t24\nCP-1002\t12'}
                value={text}
                onChange={(event) => setText(event.target.value)}
              />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${pasteId}-file`} className="font-semibold">
                Or upload a file
              </label>
              <p className="text-sm text-base-content/70" id={`${pasteId}-file-hint`}>
                CSV or Excel .xlsx with columns sku, quantity and optionally seller.
              </p>
              <input
                ref={fileRef}
                id={`${pasteId}-file`}
                aria-describedby={`${pasteId}-file-hint`}
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                className={FILE_INPUT_CLASS}
                disabled={busy}
                onChange={(event) => void onFile(event.target.files?.[0])}
              />
            </div>
          </div>
          <QuickOrderGrid
            lines={lines}
            onChange={(next) => {
              setLines(next);
              setPreview(null);
            }}
          />
        </div>
        {formError ? (
          <p role="alert" className="text-error">
            {formError}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {previewing.isPending ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : null}
            Preview
          </button>
        </div>
      </form>

      {preview ? (
        <section aria-labelledby="quick-order-preview" className="mt-8 flex flex-col gap-4">
          <h2 id="quick-order-preview" className="text-xl font-semibold">
            Preview
          </h2>
          <QuickOrderPreviewTable
            preview={preview}
            disabled={busy}
            onQuantity={(line, quantity) => editLine(line, { quantity: String(quantity) })}
            onSeller={(line, sellerEmail) => editLine(line, { sellerEmail })}
          />
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy || okLines === 0}
              onClick={() => void addToCart()}
            >
              {placing.isPending ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : null}
              Add to cart
            </button>
            <p className="text-sm text-base-content/70">
              {okLines === preview.lines.length
                ? 'Every line goes into your cart.'
                : `The ${okLines} ${okLines === 1 ? 'line' : 'lines'} marked OK ${okLines === 1 ? 'goes' : 'go'} into your cart; the others are reported.`}
            </p>
          </div>
        </section>
      ) : null}
    </section>
  );
}
