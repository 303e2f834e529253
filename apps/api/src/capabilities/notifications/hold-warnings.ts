import { and, asc, inArray, isNull, lte, sql } from 'drizzle-orm';
import { HOLD_WARNING_HOURS } from '@b2b/shared';
import type { AppDb } from '../../db/client.js';
import { cartItems, type NewNotificationRow } from '../../db/schema.js';
import { holding } from '../../db/holding.js';
import { formatTime, units, write } from './events.js';

/**
 * Tells buyers whose cart holds end within HOLD_WARNING_HOURS, once per item: up to `batch`
 * items are marked warned and their buyers notified (one message per buyer) in one
 * transaction. SKIP LOCKED lets several processes sweep at once without warning twice.
 * Returns how many items were covered.
 */
export async function warnExpiringHolds(db: AppDb, batch: number): Promise<number> {
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: cartItems.id })
      .from(cartItems)
      .where(
        and(
          isNull(cartItems.holdWarnedAt),
          lte(cartItems.heldUntil, sql`now() + make_interval(hours => ${HOLD_WARNING_HOURS})`),
          holding(),
        ),
      )
      .orderBy(asc(cartItems.heldUntil))
      .limit(batch)
      .for('update', { skipLocked: true });
    const warned = await tx
      .update(cartItems)
      .set({ holdWarnedAt: sql`now()` })
      .where(inArray(cartItems.id, due))
      .returning({
        id: cartItems.id,
        userUid: cartItems.userUid,
        userEmail: cartItems.userEmail,
        name: cartItems.name,
        quantity: cartItems.buyQuantity,
        heldUntil: cartItems.heldUntil,
      });
    const byBuyer = new Map<string, typeof warned>();
    for (const item of warned) byBuyer.set(item.userUid, [...(byBuyer.get(item.userUid) ?? []), item]);
    const rows = [...byBuyer.values()].flatMap((items): NewNotificationRow[] => {
      const sorted = [...items].sort(
        (a, b) => a.heldUntil.getTime() - b.heldUntil.getTime() || a.id.localeCompare(b.id),
      );
      const [first] = sorted;
      if (!first) return [];
      const until = formatTime(first.heldUntil);
      const names = sorted.map((item) => `${item.name} (${units(item.quantity)})`);
      return [
        {
          key: `hold_expiring:${first.userUid}:${first.id}`,
          userUid: first.userUid,
          userEmail: first.userEmail,
          kind: 'hold_expiring',
          title:
            sorted.length === 1
              ? 'An item in your cart goes back to stock soon'
              : 'Items in your cart go back to stock soon',
          body: `${names.join(', ')} ${sorted.length === 1 ? 'is' : 'are'} held for you until ${until}. Check out before then to keep ${sorted.length === 1 ? 'it' : 'them'}.`,
          link: '/carts/' + encodeURIComponent(first.userEmail).replace(/%40/g, '@'),
          data: {
            items: sorted.map((item) => ({
              name: item.name,
              quantity: item.quantity,
              heldUntil: formatTime(item.heldUntil),
            })),
          },
        },
      ];
    });
    await write(tx, rows);
    return warned.length;
  });
}

/** The web app's page of one import (the seller's progress, counters and failed rows). */
