import { z } from 'zod';

/*
 * The company's activity log (docs/architecture.md, "Seller organisations"):
 *   GET /companies/current/activity?member&kind&limit&cursor   admin → 200 activityPage
 * Newest first, by cursor (`nextCursor`, null on the last page). Each entry says who did what to
 * which subject, when, with the changed values before and after. Entries are written in the same
 * transaction as their change and never updated or deleted.
 */

/** What an entry is about: the filter on the Activity page. */
export const ACTIVITY_KINDS = ['product', 'stock', 'order', 'member', 'import'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  product: 'Products',
  stock: 'Stock',
  order: 'Orders',
  member: 'Staff',
  import: 'Imports',
};

export const ACTIVITY_PAGE_SIZE = 50;

export const activityQuerySchema = z.object({
  member: z.string().trim().min(1).max(128).optional(),
  kind: z.enum(ACTIVITY_KINDS, { error: () => `Kind must be one of: ${ACTIVITY_KINDS.join(', ')}.` }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(ACTIVITY_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;

export const activityEntrySchema = z.object({
  _id: z.uuid(),
  at: z.iso.datetime(),
  actor: z.object({ uid: z.string(), email: z.string(), name: z.string() }),
  kind: z.enum(ACTIVITY_KINDS),
  /** created, updated, deleted (product); changed (stock); confirmed, shipped, delivered, cancelled (order); joined, invited, role, limit, removed, left (member); started (import). */
  action: z.string(),
  subject: z.object({ id: z.string(), label: z.string() }),
  /** One sentence: “Changed the price of Olive oil 5 l from €41.00 to €39.50.” */
  summary: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type ActivityEntry = z.output<typeof activityEntrySchema>;

export const activityPageSchema = z.object({
  items: z.array(activityEntrySchema),
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.output<typeof activityPageSchema>;
