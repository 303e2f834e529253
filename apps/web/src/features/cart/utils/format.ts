import { FALLBACK_TEXT } from '@b2b/shared';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatPrice(amount: number): string {
  return Number.isFinite(amount) ? usd.format(amount) : FALLBACK_TEXT;
}

export function formatBuyDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
