import { describe, expect, test } from 'vitest';
import { etagOf, ResponseCache, type CachedAnswer } from '../../src/lib/response-cache.js';

const answer = (text: string): CachedAnswer => {
  const body = Buffer.from(text);
  return { body, etag: etagOf(body), headers: {} };
};

function onCache(limits?: { entries: number; bytes: number }) {
  const cache = new ResponseCache(limits);
  cache.setEnabled(true);
  return cache;
}

describe('ResponseCache', () => {
  test('keeps an answer and serves it until the data changes', () => {
    const cache = onCache();
    expect(cache.store('a /x', cache.begin() as number, answer('[1]'))).toBe(true);
    expect(cache.get('a /x')?.body.toString()).toBe('[1]');
    cache.invalidate();
    expect(cache.get('a /x')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  test('an answer begun before a change is not kept, even though it finishes after it', () => {
    const cache = onCache();
    const generation = cache.begin() as number;
    cache.invalidate();
    expect(cache.store('a /x', generation, answer('[stale]'))).toBe(false);
    expect(cache.get('a /x')).toBeUndefined();
    // One begun after the change is.
    expect(cache.store('a /x', cache.begin() as number, answer('[fresh]'))).toBe(true);
    expect(cache.get('a /x')?.body.toString()).toBe('[fresh]');
  });

  test('while off, it neither serves nor keeps, and turning it on or off empties it', () => {
    const cache = new ResponseCache();
    expect(cache.begin()).toBeNull();
    cache.setEnabled(true);
    const generation = cache.begin() as number;
    cache.store('a /x', generation, answer('[1]'));
    cache.setEnabled(false);
    expect(cache.get('a /x')).toBeUndefined();
    expect(cache.store('a /x', generation, answer('[1]'))).toBe(false);
    cache.setEnabled(true);
    expect(cache.get('a /x')).toBeUndefined();
    // An answer begun while off, or before it was turned on, is not kept.
    expect(cache.store('a /x', generation, answer('[1]'))).toBe(false);
  });

  test('drops the least recently used answers past its limits', () => {
    const cache = onCache({ entries: 2, bytes: 1_000 });
    const g = cache.begin() as number;
    cache.store('a', g, answer('A'));
    cache.store('b', g, answer('B'));
    cache.get('a');
    cache.store('c', g, answer('C'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.body.toString()).toBe('A');
    expect(cache.get('c')?.body.toString()).toBe('C');

    const bytes = onCache({ entries: 100, bytes: 800 });
    const h = bytes.begin() as number;
    bytes.store('x', h, answer('x'.repeat(100)));
    bytes.store('y', h, answer('y'.repeat(100)));
    // Past an eighth of the limit: never kept.
    expect(bytes.store('z', h, answer('z'.repeat(101)))).toBe(false);
    for (let i = 0; i < 8; i++) bytes.store(`k${i}`, h, answer('k'.repeat(100)));
    expect(bytes.get('x')).toBeUndefined();
    expect(bytes.size).toBe(8);
  });

  test('the ETag is a quoted hash of the body', () => {
    const tag = (text: string) => etagOf(Buffer.from(text));
    expect(tag('[1]')).toMatch(/^"[\w-]{27}"$/);
    expect(tag('[1]')).toBe(tag('[1]'));
    expect(tag('[1]')).not.toBe(tag('[2]'));
  });
});
