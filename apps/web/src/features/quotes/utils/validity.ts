import { DEFAULT_QUOTE_VALIDITY_DAYS, QUOTE_LIMITS } from '@b2b/shared';

/*
 * An offer's validUntil in words. A day the seller picks is the end of that day in the shop's
 * calendar (UTC: packages/shared/src/quotes.ts), so the day is written in UTC too: a buyer east
 * of Greenwich would otherwise read the next day.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let dayFormat: Intl.DateTimeFormat | undefined;

/** "2026-12-15T23:59:59.999Z" → "Dec 15, 2026", as the app writes days. */
export function formatValidDay(iso: string): string {
  dayFormat ??= new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dayFormat.format(date);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** How long is left: "13 days left", "expires in 5 hours", "expires in 20 minutes"; null once past. */
export function timeLeft(validUntil: string, now: number): string | null {
  const left = Date.parse(validUntil) - now;
  if (!(left > 0)) return null;
  if (left >= DAY) return `${plural(Math.floor(left / DAY), 'day')} left`;
  if (left >= HOUR) return `expires in ${plural(Math.floor(left / HOUR), 'hour')}`;
  return `expires in ${plural(Math.max(1, Math.floor(left / 60_000)), 'minute')}`;
}

/** "Valid until Dec 15, 2026 · 13 days left", "Valid until Dec 2, 2026 · expires in 5 hours", "Expired Dec 15, 2026". */
export function validityText(validUntil: string, now: number): string {
  const left = timeLeft(validUntil, now);
  return left ? `Valid until ${formatValidDay(validUntil)} · ${left}` : `Expired ${formatValidDay(validUntil)}`;
}

/** Less than a day to go: shown as a warning. */
export const expiresSoon = (validUntil: string, now: number) => {
  const left = Date.parse(validUntil) - now;
  return left > 0 && left < DAY;
};

/** A day in the shop's calendar, `days` after today (UTC), as the date input writes it. */
export function shopDay(days = 0, now = Date.now()): string {
  return new Date(now + days * DAY).toISOString().slice(0, 10);
}

/** The offer editor's validity: the default it proposes, and the range the API accepts. */
export const validityRange = (now = Date.now()) => ({
  proposed: shopDay(DEFAULT_QUOTE_VALIDITY_DAYS, now),
  min: shopDay(0, now),
  max: shopDay(QUOTE_LIMITS.validityDays, now),
});
