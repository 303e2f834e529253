import { expect, test } from 'vitest';
import { shopDay, timeLeft, validityRange, validityText } from './validity';

const NOW = Date.parse('2026-12-02T10:00:00.000Z');

test('days left, then hours, then minutes, then expired', () => {
  expect(validityText('2026-12-15T23:59:59.999Z', NOW)).toBe('Valid until Dec 15, 2026 · 13 days left');
  expect(validityText('2026-12-03T11:00:00.000Z', NOW)).toBe('Valid until Dec 3, 2026 · 1 day left');
  expect(validityText('2026-12-02T15:30:00.000Z', NOW)).toBe('Valid until Dec 2, 2026 · expires in 5 hours');
  expect(timeLeft('2026-12-02T11:00:00.000Z', NOW)).toBe('expires in 1 hour');
  expect(timeLeft('2026-12-02T10:20:00.000Z', NOW)).toBe('expires in 20 minutes');
  expect(validityText('2026-12-01T23:59:59.999Z', NOW)).toBe('Expired Dec 1, 2026');
});

test('the day is the shop calendar’s (UTC): the end of 15 Dec stays 15 Dec', () => {
  expect(validityText('2026-12-15T23:59:59.999Z', NOW)).toContain('Dec 15, 2026');
});

test('the editor proposes today + 14 days, within today and 180 days', () => {
  expect(shopDay(0, NOW)).toBe('2026-12-02');
  expect(validityRange(NOW)).toEqual({ proposed: '2026-12-16', min: '2026-12-02', max: '2027-05-31' });
});
