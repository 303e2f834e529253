/* When a price list counts, in words: its days are the shop's calendar (UTC), both included. */

let dayFormat: Intl.DateTimeFormat | undefined;

/** "2027-03-04" → "Mar 4, 2027". */
export function formatDay(day: string): string {
  dayFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** Today in the shop's calendar. */
export const shopToday = () => new Date().toISOString().slice(0, 10);

/** "Valid Jan 1, 2027 – Dec 31, 2027", "Valid until …", "Valid from …", "Always valid"; and whether it has ended or not begun. */
export function validityText({
  validFrom,
  validUntil,
}: {
  validFrom: string | null;
  validUntil: string | null;
}): string {
  const today = shopToday();
  const range =
    validFrom && validUntil
      ? `Valid ${formatDay(validFrom)} – ${formatDay(validUntil)}`
      : validUntil
        ? `Valid until ${formatDay(validUntil)}`
        : validFrom
          ? `Valid from ${formatDay(validFrom)}`
          : 'Always valid';
  if (validUntil && validUntil < today) return `${range} (ended)`;
  if (validFrom && validFrom > today) return `${range} (not started)`;
  return range;
}
