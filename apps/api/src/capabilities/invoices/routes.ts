import {
  creditNoteInputSchema,
  creditNoteSchema,
  idParamsSchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  invoiceSchema,
  PACKING_SLIPS_MAX,
} from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError, found, notFound } from '../../lib/errors.js';
import { bearer, errorResponses, permissionDoc } from '../../lib/route-schemas.js';
import { currentUser } from '../../plugins/app/auth.js';
import { billingOf } from '../billing/index.js';
import { creditNotePdf, invoicePdf, packingSlipsPdf } from './pdf/documents.js';

const tags = ['documents'];

const WHO =
  'For the buyer, their company’s `admin` and `approver` members, and the seller’s `admin` and `sales` staff; ' +
  'anyone else gets 404, as for a document that does not exist.';
const ISSUERS = `Issued by the seller: ${permissionDoc('sales')}`;
const PDF = z.string().describe('application/pdf');

/** A PDF download, named by the document's number (never a shared or guessable path: it is rendered per request). */
function sendPdf(reply: FastifyReply, name: string, pdf: Buffer) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

const idsQuerySchema = z.object({
  ids: z
    .string({ error: 'ids is required: the orders’ ids, separated by commas.' })
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.uuid({ error: 'Each id must be a UUID.' }))
        .min(1, 'Name at least one order.')
        .max(PACKING_SLIPS_MAX, `At most ${PACKING_SLIPS_MAX} orders at once.`),
    ),
});

const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.invoiceRepository;

  app.post(
    '/orders/:id/invoice',
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Issue the order’s invoice',
        description:
          'Once the order is confirmed (shipping issues it by itself when the billing details are complete). ' +
          'The invoice is a snapshot: both parties’ billing details, the ship-to, the lines and totals as they are ' +
          'now; it takes the seller’s next number (`INV-2026-000001`, no gaps). 409 ALREADY_INVOICED for a second one, ' +
          '409 BILLING_DETAILS_MISSING (naming the fields) without the seller’s legal name and address, ' +
          `409 NOT_INVOICEABLE before confirmation or after cancellation. ${ISSUERS}`,
        security: bearer,
        params: idParamsSchema,
        response: { 201: invoiceSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(found(await repo.issue(request.params.id, currentUser(request)), 'Order')),
  );

  app.get(
    '/invoices',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Invoices, newest first',
        description:
          '`side=buyer` (default): the caller’s own, and their company’s for its admins and approvers; ' +
          `\`side=seller\`: their business’s sales (${permissionDoc('sales')}). Filter by \`status\`; page with ` +
          '`limit` and the `nextCursor` of the previous page.',
        security: bearer,
        querystring: invoiceListQuerySchema,
        response: { 200: invoicePageSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => repo.list(currentUser(request), request.query),
  );

  app.get(
    '/invoices/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'One invoice: its snapshot and its credit notes',
        description: WHO,
        security: bearer,
        params: idParamsSchema,
        response: { 200: invoiceSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => found(await repo.get(request.params.id, currentUser(request)), 'Invoice'),
  );

  app.get(
    '/invoices/:id/pdf',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The invoice as a PDF',
        description: `Rendered from the invoice’s snapshot: the same invoice is the same text every time. ${WHO}`,
        security: bearer,
        params: idParamsSchema,
        response: { 200: PDF, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const invoice = found(await repo.invoiceRow(request.params.id, currentUser(request)), 'Invoice');
      return sendPdf(reply, invoice.number, await invoicePdf(invoice));
    },
  );

  app.post(
    '/invoices/:id/credit-notes',
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Credit lines of an invoice (a return), or all of what is left',
        description:
          '`lines: [{productId, quantity}]` credits those quantities; without `lines`, everything not credited yet. ' +
          'A `reason` is required. The credit note takes the seller’s next `CN-` number. 409 CREDIT_EXCEEDS_INVOICE ' +
          `when more is asked than is left uncredited (nothing is credited). Cancelling an invoiced order credits the rest by itself. ${ISSUERS}`,
        security: bearer,
        params: idParamsSchema,
        body: creditNoteInputSchema,
        response: { 201: creditNoteSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(found(await repo.credit(request.params.id, request.body, currentUser(request)), 'Invoice')),
  );

  app.get(
    '/credit-notes/:id/pdf',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'A credit note as a PDF',
        description: WHO,
        security: bearer,
        params: idParamsSchema,
        response: { 200: PDF, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const { note, invoice } = found(await repo.creditNote(request.params.id, currentUser(request)), 'Credit note');
      return sendPdf(reply, note.number, await creditNotePdf(note, invoice));
    },
  );

  /** Who a slip is from: the seller's legal name and address, else its company's name (or its email). */
  async function senderOf(order: { sellerId: string; sellerName: string | null; sellerEmail: string }) {
    const billing = await billingOf(app.db, order.sellerId);
    return {
      legalName: billing.legalName || order.sellerName || order.sellerEmail,
      address: billing.address,
      taxId: '',
      email: order.sellerEmail,
    };
  }

  app.get(
    '/orders/:id/packing-slip',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The order’s packing slip as a PDF',
        description: `Lines with SKU, quantity and packs, the ship-to, the PO and order numbers; no prices. ${WHO}`,
        security: bearer,
        params: idParamsSchema,
        response: { 200: PDF, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const { order, lines } = found(await repo.packingSlip(request.params.id, currentUser(request)), 'Order');
      const pdf = await packingSlipsPdf([{ order, lines, seller: await senderOf(order) }], order.placedAt);
      return sendPdf(reply, `packing-slip-${order.number}`, pdf);
    },
  );

  app.get(
    '/sales/packing-slips',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Packing slips of several sales in one PDF',
        description:
          `\`ids\`: up to ${PACKING_SLIPS_MAX} order ids, separated by commas; each order starts a page, in the order given. ` +
          `Every one must be a sale of the caller’s business (404 naming the first that is not). ${permissionDoc('sales')}`,
        security: bearer,
        querystring: idsQuerySchema,
        response: { 200: PDF, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const answer = await repo.packingSlips(request.query.ids, currentUser(request));
      if ('missing' in answer) throw notFound(`Order ${answer.missing}`);
      const [first] = answer.slips;
      if (!first) throw new AppError('VALIDATION_ERROR', 'Name at least one order.');
      const seller = await senderOf(first.order);
      const pdf = await packingSlipsPdf(
        answer.slips.map((slip) => ({ ...slip, seller })),
        new Date(Math.max(...answer.slips.map((slip) => slip.order.updatedAt.getTime()))),
      );
      return sendPdf(reply, `packing-slips-${answer.slips.length}`, pdf);
    },
  );
};

export default invoiceRoutes;
