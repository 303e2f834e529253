import { expect, test } from 'vitest';
import { sameEmail } from './email';

test('emails that differ only in case or surrounding spaces name the same account', () => {
  expect(sameEmail('Ann@Example.com', ' ann@example.com ')).toBe(true);
  expect(sameEmail('ann@example.com', 'bob@example.com')).toBe(false);
});

test('a missing or empty email matches nothing, not even another missing one', () => {
  expect(sameEmail(undefined, undefined)).toBe(false);
  expect(sameEmail('', '')).toBe(false);
  expect(sameEmail('ann@example.com', null)).toBe(false);
});
