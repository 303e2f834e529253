import fp from 'fastify-plugin';
import { and, count, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  EMAIL_TOPICS,
  type EmailPreferences,
  type EmailPreferencesUpdate,
  type EmailTopic,
  type MarkRead,
  type MarkReadResult,
  type Notification,
  type UnsubscribeResult,
} from '@b2b/shared';
import type { AppDb } from '../../db/client.js';
import { notificationPreferences, notifications, type NotificationRow } from '../../db/schema.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import { decodeCursor, encodeCursor, isTimeAndId } from '../../lib/cursor.js';

/*
 * The inbox and the email preferences. Every query is keyed by the caller's uid from the
 * token: no route takes a user, so nobody can read or mark another person's notifications.
 */

export interface NotificationPage {
  items: Notification[];
  nextCursor: string | null;
}

export function toNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function preferencesFrom(emailsOff: readonly string[]): EmailPreferences {
  return Object.fromEntries(EMAIL_TOPICS.map((topic) => [topic, !emailsOff.includes(topic)])) as EmailPreferences;
}

export function createNotificationRepository(db: AppDb) {
  const unreadOf = (uid: string) => and(eq(notifications.userUid, uid), isNull(notifications.readAt));

  async function unread(uid: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(notifications).where(unreadOf(uid));
    return row?.n ?? 0;
  }

  /** The caller's preferences row, made on first use (its unsubscribe token with it). */
  async function preferencesRow(uid: string) {
    await db.insert(notificationPreferences).values({ uid }).onConflictDoNothing();
    const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.uid, uid));
    if (!row) throw new Error('preferences row missing after insert');
    return row;
  }

  return {
    /** The caller's notifications, newest first, by keyset cursor. */
    async list(user: AuthUser, params: { limit: number; cursor?: string | undefined; unread?: boolean | undefined }) {
      let where: SQL | undefined = params.unread ? unreadOf(user.uid) : eq(notifications.userUid, user.uid);
      if (params.cursor) {
        const [createdAt, id] = decodeCursor(params.cursor, isTimeAndId);
        const at = sql`${createdAt}::timestamptz`;
        where = and(
          where,
          or(lt(notifications.createdAt, at), and(eq(notifications.createdAt, at), lt(notifications.id, id))),
        );
      }
      const rows = await db
        .select({ row: notifications, createdKey: sql<string>`${notifications.createdAt}::text` })
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(params.limit + 1);
      const page = rows.slice(0, params.limit);
      const last = page.at(-1);
      return {
        items: page.map(({ row }) => toNotification(row)),
        nextCursor: rows.length > params.limit && last ? encodeCursor([last.createdKey, last.row.id]) : null,
      } satisfies NotificationPage;
    },

    unread: (user: AuthUser) => unread(user.uid),

    /** Marks the named notifications (only the caller's) or all of them read. */
    async markRead(user: AuthUser, input: MarkRead): Promise<MarkReadResult> {
      const which = 'ids' in input ? inArray(notifications.id, input.ids) : undefined;
      const updated = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(unreadOf(user.uid), which))
        .returning({ id: notifications.id });
      return { acknowledged: true, updated: updated.length, unread: await unread(user.uid) };
    },

    async preferences(user: AuthUser): Promise<EmailPreferences> {
      const [row] = await db
        .select({ emailsOff: notificationPreferences.emailsOff })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.uid, user.uid));
      return preferencesFrom(row?.emailsOff ?? []);
    },

    async updatePreferences(user: AuthUser, update: EmailPreferencesUpdate): Promise<EmailPreferences> {
      const current = await preferencesRow(user.uid);
      const off = new Set(current.emailsOff);
      for (const topic of EMAIL_TOPICS) {
        const wanted = update[topic];
        if (wanted === true) off.delete(topic);
        if (wanted === false) off.add(topic);
      }
      const emailsOff = EMAIL_TOPICS.filter((topic) => off.has(topic));
      await db
        .update(notificationPreferences)
        .set({ emailsOff, updatedAt: sql`now()` })
        .where(eq(notificationPreferences.uid, user.uid));
      return preferencesFrom(emailsOff);
    },

    /** The unsubscribe token of a recipient (for the links in their emails). */
    async unsubscribeToken(uid: string): Promise<{ token: string; emailsOff: EmailTopic[] }> {
      const row = await preferencesRow(uid);
      return { token: row.unsubscribeToken, emailsOff: row.emailsOff };
    },

    /** One click from an email: the token names the recipient; null for a token that names no one. */
    async unsubscribe(token: string, topic: EmailTopic): Promise<UnsubscribeResult | null> {
      const [row] = await db
        .update(notificationPreferences)
        .set({
          emailsOff: sql`(SELECT array_agg(DISTINCT t ORDER BY t) FROM unnest(array_append(${notificationPreferences.emailsOff}, ${topic}::text)) AS t)`,
          updatedAt: sql`now()`,
        })
        .where(eq(notificationPreferences.unsubscribeToken, token))
        .returning({ uid: notificationPreferences.uid });
      if (!row) return null;
      const [latest] = await db
        .select({ email: notifications.userEmail })
        .from(notifications)
        .where(eq(notifications.userUid, row.uid))
        .orderBy(desc(notifications.createdAt))
        .limit(1);
      // Shown on the page, masked: the link may have been forwarded.
      return { acknowledged: true, topic, email: maskEmail(latest?.email ?? '') };
    },
  };
}

/** a…n@example.com: enough to recognise one's own address, not to harvest it. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  if (!domain) return '';
  return `${local.slice(0, 1)}…${local.length > 1 ? local.slice(-1) : ''}@${domain}`;
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-app inbox. */
    notificationRepository: NotificationRepository;
  }
}

/** The repository as a plugin: routes and other plugins reach it as `app.notificationRepository`. */
export default fp(
  async (app) => {
    app.decorate('notificationRepository', createNotificationRepository(app.db));
  },
  { name: 'notification-repository', dependencies: ['db'] },
);
