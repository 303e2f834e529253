import { z } from 'zod';

/*
 * Notifications (docs/architecture.md, "Notifications"): every event writes one row per
 * recipient in the same transaction as its cause. The row is the in-app inbox entry and the
 * outbox of its email. Each user chooses which kinds of email they receive (all on by default);
 * the inbox always shows everything.
 */

/** What happened. One event can make several notifications (the seller's and the buyer's). */
export const NOTIFICATION_KINDS = [
  'order_received',
  'order_placed',
  'order_status',
  'order_cancelled_by_buyer',
  'hold_expiring',
  'low_stock',
  'import_finished',
  // Company accounts: to the buyer's approvers and admins; to the buyer; to the invited email.
  'approval_requested',
  'order_approved',
  'order_rejected',
  'company_invitation',
  // Accounts: to the customer's admins (or the buyer) before and when an invoice falls due; to
  // the seller's order desk when a customer passes 90% of their credit limit.
  'payment_due',
  'payment_overdue',
  'credit_limit_near',
  // Quotes: a request to the seller's admins and order desk; an offer (or a revised one), the
  // warning a day before it expires and a withdrawal to the buyer; acceptance, decline and a
  // revision request to the seller.
  'quote_requested',
  'quote_offered',
  'quote_expiring',
  'quote_accepted',
  'quote_declined',
  'quote_revision_requested',
  'quote_withdrawn',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The email groups a user can switch off, each on the profile and in each email's footer. */
export const EMAIL_TOPICS = [
  'newOrders',
  'orderUpdates',
  'cartReminders',
  'stockAlerts',
  'imports',
  'approvals',
] as const;
export type EmailTopic = (typeof EMAIL_TOPICS)[number];

export const EMAIL_TOPIC_OF: Record<NotificationKind, EmailTopic> = {
  order_received: 'newOrders',
  order_cancelled_by_buyer: 'newOrders',
  order_placed: 'orderUpdates',
  order_status: 'orderUpdates',
  hold_expiring: 'cartReminders',
  low_stock: 'stockAlerts',
  import_finished: 'imports',
  approval_requested: 'approvals',
  order_approved: 'orderUpdates',
  order_rejected: 'orderUpdates',
  company_invitation: 'approvals',
  payment_due: 'orderUpdates',
  payment_overdue: 'orderUpdates',
  credit_limit_near: 'newOrders',
  quote_requested: 'newOrders',
  quote_accepted: 'newOrders',
  quote_declined: 'newOrders',
  quote_revision_requested: 'newOrders',
  quote_offered: 'orderUpdates',
  quote_expiring: 'orderUpdates',
  quote_withdrawn: 'orderUpdates',
};

export const EMAIL_TOPIC_LABELS: Record<EmailTopic, { label: string; hint: string }> = {
  newOrders: {
    label: 'New orders',
    hint: 'As a seller: an order for your products, a buyer cancelled one, or a request for quote and its answers.',
  },
  orderUpdates: {
    label: 'My order updates',
    hint: 'As a buyer: your order confirmation, then confirmed, shipped, delivered or cancelled; offers on your quotes.',
  },
  cartReminders: { label: 'Cart reminders', hint: 'Items in your cart are 12 hours from going back to stock.' },
  stockAlerts: { label: 'Stock alerts', hint: 'A purchase left one of your products below its minimum order.' },
  imports: { label: 'Imports', hint: 'A catalogue import you started has finished.' },
  approvals: {
    label: 'Company approvals',
    hint: 'As a company member: an order waiting for your approval, or an invitation to a company.',
  },
};

/** How long before a cart hold ends its buyer is told. */
export const HOLD_WARNING_HOURS = 12;

export const NOTIFICATION_LIMITS = {
  /** Largest page of GET /notifications. */
  page: 50,
  /** Most ids one POST /notifications/read may name. */
  markIds: 100,
} as const;

export const notificationSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A site path: the order, the cart, the product to update. */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Notification = z.output<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIMITS.page).default(20),
  /** X-Next-Cursor of the previous page. */
  cursor: z.string().max(200).optional(),
  unread: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

/** POST /notifications/read: the ids named, or every notification of the caller with `all`. */
export const markReadSchema = z.union([
  z.object({ ids: z.array(z.uuid()).min(1).max(NOTIFICATION_LIMITS.markIds) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkRead = z.output<typeof markReadSchema>;

export const markReadResultSchema = z.object({
  acknowledged: z.literal(true),
  updated: z.number().int(),
  unread: z.number().int(),
});
export type MarkReadResult = z.output<typeof markReadResultSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.output<typeof unreadCountSchema>;

export const emailPreferencesSchema = z.object(
  Object.fromEntries(EMAIL_TOPICS.map((topic) => [topic, z.boolean()])) as Record<EmailTopic, z.ZodBoolean>,
);
export type EmailPreferences = z.output<typeof emailPreferencesSchema>;

/** PUT /notifications/preferences: any subset of the topics. */
export const emailPreferencesUpdateSchema = emailPreferencesSchema.partial().strict();
export type EmailPreferencesUpdate = z.output<typeof emailPreferencesUpdateSchema>;

/** The one-click unsubscribe of an email's footer: the recipient's token and the topic. */
export const unsubscribeQuerySchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'Not an unsubscribe link of this shop.'),
  topic: z.enum(EMAIL_TOPICS),
});
export type UnsubscribeQuery = z.output<typeof unsubscribeQuerySchema>;

export const unsubscribeResultSchema = z.object({
  acknowledged: z.literal(true),
  topic: z.enum(EMAIL_TOPICS),
  email: z.string(),
});
export type UnsubscribeResult = z.output<typeof unsubscribeResultSchema>;
