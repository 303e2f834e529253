import { expect, test } from 'vitest';
import { TokenCache } from '../../src/lib/token-cache.js';

test('a token is remembered until it expires', () => {
  let now = 1_000;
  const cache = new TokenCache<string>(10, () => now);
  cache.set('a', 'ann', 2_000);
  expect(cache.get('a')).toBe('ann');
  now = 2_000;
  expect(cache.get('a')).toBeUndefined();
  expect(cache.size).toBe(0);
});

test('an already expired token is not stored', () => {
  const cache = new TokenCache<string>(10, () => 5_000);
  cache.set('a', 'ann', 5_000);
  expect(cache.get('a')).toBeUndefined();
});

test('past its bound the oldest entries go first', () => {
  const cache = new TokenCache<number>(2, () => 0);
  cache.set('a', 1, 10);
  cache.set('b', 2, 10);
  cache.set('c', 3, 10);
  expect(cache.size).toBe(2);
  expect(cache.get('a')).toBeUndefined();
  expect(cache.get('b')).toBe(2);
  expect(cache.get('c')).toBe(3);
});
