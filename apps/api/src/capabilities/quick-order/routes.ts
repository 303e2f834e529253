import {
  quickOrderPreviewSchema,
  quickOrderRequestSchema,
  quickOrderResultSchema,
  skuSuggestionSchema,
  skuSuggestQuerySchema,
  type QuickOrderLineInput,
} from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { headerKey, type SheetRow } from '../../lib/spreadsheet.js';
import { acceptSheets } from '../../lib/uploads.js';
import { currentUser } from '../../plugins/app/auth.js';
import { bearer, errorResponses } from '../../lib/route-schemas.js';

const tags = ['quick order'];

/** A file of a quick order is small: 1,000 lines of SKU, quantity and seller fit in far less. */
const QUICK_ORDER_FILE_LIMIT = 1024 * 1024;

/**
 * The lines of an uploaded file: columns `sku`, `quantity` and optionally `seller` (or
 * `sellerEmail`), in any order, when the first row names them; else the first three columns.
 */
export async function quickOrderLinesFrom(rows: AsyncGenerator<SheetRow>): Promise<{ lines: QuickOrderLineInput[] }> {
  const lines: QuickOrderLineInput[] = [];
  let columns = { sku: 0, quantity: 1, seller: 2 };
  let first = true;
  for await (const { cells } of rows) {
    if (first) {
      first = false;
      const keys = cells.map(headerKey);
      if (keys.includes('sku')) {
        const seller = keys.findIndex((k) => k === 'seller' || k === 'selleremail');
        columns = {
          sku: keys.indexOf('sku'),
          quantity: keys.findIndex((k) => k === 'quantity' || k === 'qty'),
          seller,
        };
        continue;
      }
    }
    const seller = columns.seller >= 0 ? (cells[columns.seller] ?? '').trim() : '';
    lines.push({
      sku: (cells[columns.sku] ?? '').trim(),
      quantity: columns.quantity >= 0 ? (cells[columns.quantity] ?? '') : '',
      ...(seller ? { sellerEmail: seller } : {}),
    });
    // One past the limit is enough for the schema to refuse the request.
    if (lines.length > 1000) break;
  }
  return { lines };
}

const SHEET_DOC =
  'The body is JSON `{lines}`, or a CSV (comma, semicolon or tab; UTF-8) or Excel .xlsx file (as its own media ' +
  'type or the `file` part of multipart/form-data) with columns `sku`, `quantity` and optionally `seller`.';

const quickOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.quickOrderRepository;
  acceptSheets(app, quickOrderLinesFrom, QUICK_ORDER_FILE_LIMIT);

  app.post(
    '/quick-order/preview',
    {
      onRequest: app.authenticate,
      bodyLimit: QUICK_ORDER_FILE_LIMIT,
      schema: {
        tags,
        summary: 'Resolve and check up to 1,000 lines by SKU without buying anything',
        description:
          `${SHEET_DOC} Each line resolves to one product (or is explained: SKU_UNKNOWN, SKU_AMBIGUOUS with the ` +
          'choices, not a number), lines for the same product are merged, and each product’s total is checked ' +
          'against its trade rules, the stock and the caller’s cart, with the unit price it reaches.',
        security: bearer,
        body: quickOrderRequestSchema,
        response: { 200: quickOrderPreviewSchema, ...errorResponses(400, 401, 413, 415, 429) },
      },
    },
    async (request) => repo.preview(currentUser(request), request.body.lines),
  );

  app.post(
    '/quick-order',
    {
      onRequest: app.authenticate,
      bodyLimit: QUICK_ORDER_FILE_LIMIT,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Add up to 1,000 lines by SKU to the cart',
        description:
          `${SHEET_DOC} Every line that resolves to one product is bought through the purchase rules (lines for ` +
          'one product merged), in one transaction; one result per line. Honours `Idempotency-Key`.',
        security: bearer,
        body: quickOrderRequestSchema,
        response: { 200: quickOrderResultSchema, ...errorResponses(400, 401, 409, 413, 415, 422, 429) },
      },
    },
    async (request) => ({ results: await repo.addToCart(currentUser(request), request.body.lines) }),
  );

  app.get(
    '/skus',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'SKUs that start with what the buyer has typed',
        security: bearer,
        querystring: skuSuggestQuerySchema,
        response: { 200: z.array(skuSuggestionSchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => repo.suggest(request.query.prefix, request.query.limit),
  );
};

export default quickOrderRoutes;
