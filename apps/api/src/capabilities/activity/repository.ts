import fp from 'fastify-plugin';
import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ActivityEntry, ActivityPage, activityQuerySchema } from '@b2b/shared';
import type { z } from 'zod';
import type { AppDb } from '../../db/client.js';
import { activityLog, type ActivityRow } from '../../db/schema.js';
import { decodeCursor, encodeCursor, isTimeAndId } from '../../lib/cursor.js';

/* Reading the activity log: a company's entries, newest first, by keyset cursor (activity_log_company_*_idx). */

function toEntry(row: ActivityRow): ActivityEntry {
  return {
    _id: row.id,
    at: row.createdAt.toISOString(),
    actor: { uid: row.actorUid, email: row.actorEmail, name: row.actorName },
    kind: row.kind,
    action: row.action,
    subject: { id: row.subjectId, label: row.subjectLabel },
    summary: row.summary,
    before: row.before,
    after: row.after,
  };
}

export function createActivityRepository(db: AppDb) {
  return {
    async page(companyId: string, query: z.output<typeof activityQuerySchema>): Promise<ActivityPage> {
      const filters: (SQL | undefined)[] = [
        eq(activityLog.companyId, companyId),
        query.member ? eq(activityLog.actorUid, query.member) : undefined,
        query.kind ? eq(activityLog.kind, query.kind) : undefined,
      ];
      if (query.cursor) {
        const [at, id] = decodeCursor(query.cursor, isTimeAndId);
        const time = sql`${at}::timestamptz`;
        filters.push(or(lt(activityLog.createdAt, time), and(eq(activityLog.createdAt, time), lt(activityLog.id, id))));
      }
      const rows = await db
        .select({ row: activityLog, atKey: sql<string>`${activityLog.createdAt}::text` })
        .from(activityLog)
        .where(and(...filters))
        .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
        .limit(query.limit + 1);
      const items = rows.slice(0, query.limit);
      const last = items.at(-1);
      return {
        items: items.map(({ row }) => toEntry(row)),
        nextCursor: rows.length > query.limit && last ? encodeCursor([last.atKey, last.row.id]) : null,
      };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    activityRepository: ReturnType<typeof createActivityRepository>;
  }
}

export default fp(
  async (app) => {
    app.decorate('activityRepository', createActivityRepository(app.db));
  },
  { name: 'activity-repository', dependencies: ['db'] },
);
