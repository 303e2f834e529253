import fp from 'fastify-plugin';
import { and, asc, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  canApprove,
  INVOICEABLE_STATUSES,
  paymentStatusOf,
  formatOrderNumber,
  type CreditNote,
  type CreditNoteInput,
  type Invoice,
  type InvoiceListQuery,
  type InvoicePage,
  type InvoiceSummary,
  type OrderActor,
} from '@b2b/shared';
import type { AppDb, AppTx } from '../../db/client.js';
import { creditNotes, invoices, orders, type OrderLineRow, type OrderRow } from '../../db/schema.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { decodeCursor, encodeCursor, isTimeAndId } from '../../lib/cursor.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import { actingSeller, membershipOf } from '../companies/index.js';
import { createOrderQueries, rolesOf, type OrderDocuments } from '../orders/index.js';
import { afterStatusChange, creditInvoice, issueInvoice, type CreditNoteRow, type InvoiceRow } from './issue.js';

/*
 * Invoices, credit notes and packing slips (docs/architecture.md, "Documents"). Who may see a
 * document is who may see its order: the buyer, their company's admins and approvers, and the
 * seller's admins and order desk; anyone else gets the 404 of a document that is not there.
 */

const OWN_ORDER = 'Only the seller’s admin or order desk can issue documents for an order.';

function toSummary(row: InvoiceRow): InvoiceSummary {
  return {
    _id: row.id,
    number: row.number,
    orderId: row.orderId,
    orderNumber: row.snapshot.orderNumber,
    status: row.status,
    issuedAt: row.issuedAt.toISOString(),
    sellerName: row.sellerName,
    buyerName: row.buyerName,
    gross: row.gross,
    credited: row.credited,
    paid: row.paid,
    dueDate: row.dueDate,
    paymentStatus: paymentStatusOf(
      { ...row, dueDate: row.dueDate ?? row.issuedAt.toISOString().slice(0, 10) },
      new Date().toISOString().slice(0, 10),
    ),
  };
}

function toCreditNote(note: CreditNoteRow, invoice: InvoiceRow): CreditNote {
  return {
    _id: note.id,
    number: note.number,
    issuedAt: note.issuedAt.toISOString(),
    reason: note.reason,
    totals: note.totals,
    invoiceId: invoice.id,
    invoiceNumber: invoice.number,
    orderId: invoice.orderId,
    orderNumber: invoice.snapshot.orderNumber,
    lines: note.lines,
  };
}

export function createInvoiceRepository(db: AppDb) {
  const orderQueries = createOrderQueries(db);

  /** The caller's roles in an order (none: not theirs to know of). */
  async function rolesIn(executor: AppDb | AppTx, order: OrderRow | undefined, user: AuthUser): Promise<OrderActor[]> {
    if (!order) return [];
    return rolesOf(order, user, await membershipOf(executor, user.uid));
  }

  async function notesOf(executor: AppDb | AppTx, invoiceId: string) {
    return executor
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.invoiceId, invoiceId))
      .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.number));
  }

  async function toInvoice(executor: AppDb | AppTx, row: InvoiceRow, roles: OrderActor[]): Promise<Invoice> {
    const notes = await notesOf(executor, row.id);
    return {
      ...toSummary(row),
      snapshot: row.snapshot,
      creditNotes: notes.map((note) => ({
        _id: note.id,
        number: note.number,
        issuedAt: note.issuedAt.toISOString(),
        reason: note.reason,
        totals: note.totals,
      })),
      canCredit: roles.includes('seller') && row.status !== 'credited',
    };
  }

  /** The invoice and the caller's roles in its order, or null (404) for anyone without one. */
  async function visibleInvoice(executor: AppDb | AppTx, id: string, user: AuthUser, lock = false) {
    const query = executor.select().from(invoices).where(eq(invoices.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) return null;
    const [order] = await executor.select().from(orders).where(eq(orders.id, row.orderId));
    const roles = await rolesIn(executor, order, user);
    return roles.length > 0 ? { row, roles } : null;
  }

  /** The order and its lines, if the caller may see its documents. */
  async function visibleOrder(executor: AppDb | AppTx, id: string, user: AuthUser) {
    const [order] = await executor.select().from(orders).where(eq(orders.id, id));
    const roles = await rolesIn(executor, order, user);
    if (!order || roles.length === 0) return null;
    return { order, roles, lines: await orderQueries.linesOf(executor, id) };
  }

  /** The invoices of the caller's side: as buyer (and their company's, for its admins and approvers) or as seller. */
  async function sideFilter(user: AuthUser, side: InvoiceListQuery['side']): Promise<SQL | undefined> {
    if (side === 'seller') return eq(invoices.sellerId, (await actingSeller(db, user, 'sales')).id);
    const member = await membershipOf(db, user.uid);
    const own = eq(invoices.buyerUid, user.uid);
    return member && canApprove(member.role) ? or(own, eq(invoices.companyId, member.companyId)) : own;
  }

  return {
    /** POST /orders/:id/invoice. Null: no such order of the caller's. */
    async issue(orderId: string, user: AuthUser): Promise<Invoice | null> {
      return db.transaction(async (tx) => {
        const order = await orderQueries.lockedOrder(tx, orderId);
        const roles = await rolesIn(tx, order, user);
        if (!order || roles.length === 0) return null;
        if (!roles.includes('seller')) throw forbidden(OWN_ORDER);
        const [existing] = await tx.select().from(invoices).where(eq(invoices.orderId, orderId));
        const orderNumber = formatOrderNumber(order.number);
        if (existing) {
          throw new AppError('ALREADY_INVOICED', `Order ${orderNumber} has its invoice already: ${existing.number}.`);
        }
        if (!INVOICEABLE_STATUSES.includes(order.status)) {
          throw new AppError(
            'NOT_INVOICEABLE',
            `Order ${orderNumber} is ${order.status}: an invoice is issued once the order is confirmed.`,
          );
        }
        const row = await issueInvoice(tx, order, await orderQueries.linesOf(tx, orderId), user.uid);
        return toInvoice(tx, row, roles);
      });
    },

    async get(id: string, user: AuthUser): Promise<Invoice | null> {
      const visible = await visibleInvoice(db, id, user);
      return visible ? toInvoice(db, visible.row, visible.roles) : null;
    },

    async list(user: AuthUser, query: InvoiceListQuery): Promise<InvoicePage> {
      const side = await sideFilter(user, query.side);
      let where = and(side, query.status ? eq(invoices.status, query.status) : undefined);
      if (query.cursor) {
        const [issuedAt, id] = decodeCursor(query.cursor, isTimeAndId);
        const at = sql`${issuedAt}::timestamptz`;
        where = and(where, or(lt(invoices.issuedAt, at), and(eq(invoices.issuedAt, at), lt(invoices.id, id))));
      }
      const rows = await db
        .select({ row: invoices, key: sql<string>`${invoices.issuedAt}::text` })
        .from(invoices)
        .where(where)
        .orderBy(desc(invoices.issuedAt), desc(invoices.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(({ row }) => toSummary(row)),
        nextCursor: rows.length > query.limit && last ? encodeCursor([last.key, last.row.id]) : null,
      };
    },

    /** POST /invoices/:id/credit-notes. Null: no such invoice of the caller's. */
    async credit(invoiceId: string, input: CreditNoteInput, user: AuthUser): Promise<CreditNote | null> {
      return db.transaction(async (tx) => {
        const visible = await visibleInvoice(tx, invoiceId, user, true);
        if (!visible) return null;
        if (!visible.roles.includes('seller')) throw forbidden(OWN_ORDER);
        const note = await creditInvoice(tx, visible.row, input.lines ?? null, input.reason, user.uid);
        return toCreditNote(note, visible.row);
      });
    },

    /** A credit note and its invoice, for its PDF. */
    async creditNote(id: string, user: AuthUser): Promise<{ note: CreditNote; invoice: InvoiceRow } | null> {
      const [note] = await db.select().from(creditNotes).where(eq(creditNotes.id, id));
      if (!note) return null;
      const visible = await visibleInvoice(db, note.invoiceId, user);
      return visible ? { note: toCreditNote(note, visible.row), invoice: visible.row } : null;
    },

    /** The invoice row itself, for its PDF. */
    async invoiceRow(id: string, user: AuthUser): Promise<InvoiceRow | null> {
      return (await visibleInvoice(db, id, user))?.row ?? null;
    },

    /** An order's packing slip: its lines, for its buyer's side and its seller's. */
    async packingSlip(orderId: string, user: AuthUser): Promise<{ order: OrderRow; lines: OrderLineRow[] } | null> {
      return visibleOrder(db, orderId, user);
    },

    /**
     * The seller's packing slips of several orders, in the order asked. Every id must be a sale
     * of the caller's business (404 naming the first that is not), so a slip of another business's
     * order can never be printed.
     */
    async packingSlips(ids: readonly string[], user: AuthUser) {
      const seller = await actingSeller(db, user, 'sales');
      const rows = await db
        .select()
        .from(orders)
        .where(and(inArray(orders.id, [...ids]), eq(orders.sellerId, seller.id)));
      const byId = new Map(rows.map((row) => [row.id, row]));
      const slips: { order: OrderRow; lines: OrderLineRow[] }[] = [];
      for (const id of ids) {
        const order = byId.get(id);
        if (!order || !(await rolesIn(db, order, user)).includes('seller')) return { missing: id };
        slips.push({ order, lines: await orderQueries.linesOf(db, id) });
      }
      return { slips };
    },
  };
}

export type InvoiceRepository = ReturnType<typeof createInvoiceRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Invoices, credit notes and packing slips (capabilities/invoices). */
    invoiceRepository: InvoiceRepository;
    /** What orders call on a status change: shipping invoices, cancelling credits. */
    orderDocuments: OrderDocuments;
  }
}

export default fp(
  async (app) => {
    app.decorate('invoiceRepository', createInvoiceRepository(app.db));
    app.decorate('orderDocuments', {
      afterStatusChange: (tx, order, lines, user) => afterStatusChange(tx, order, lines, user.uid),
    } satisfies OrderDocuments);
  },
  { name: 'invoice-repository', dependencies: ['db'] },
);
