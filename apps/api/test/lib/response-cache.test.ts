import { describe, expect, test } from 'vitest';
import {
  DEFAULT_CACHE_LIMITS,
  etagOf,
  ResponseCache,
  type CachedAnswer,
  type Dependencies,
  type ResponseCacheLimits,
} from '../../src/lib/response-cache.js';

const answer = (text: string): CachedAnswer => {
  const body = Buffer.from(text);
  return { body, etag: etagOf(body), headers: {} };
};

function onCache(limits: Partial<ResponseCacheLimits> = {}, now?: () => number) {
  const cache = new ResponseCache({ ...DEFAULT_CACHE_LIMITS, ...limits }, now);
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
    const ticket = cache.begin() as number;
    cache.invalidate();
    expect(cache.store('a /x', ticket, answer('[stale]'))).toBe(false);
    expect(cache.get('a /x')).toBeUndefined();
    // One begun after the change is.
    expect(cache.store('a /x', cache.begin() as number, answer('[fresh]'))).toBe(true);
    expect(cache.get('a /x')?.body.toString()).toBe('[fresh]');
  });

  test('while off, it neither serves nor keeps, and turning it on or off empties it', () => {
    const cache = new ResponseCache();
    expect(cache.begin()).toBeNull();
    cache.setEnabled(true);
    const ticket = cache.begin() as number;
    cache.store('a /x', ticket, answer('[1]'));
    cache.setEnabled(false);
    expect(cache.get('a /x')).toBeUndefined();
    expect(cache.store('a /x', ticket, answer('[1]'))).toBe(false);
    cache.setEnabled(true);
    expect(cache.get('a /x')).toBeUndefined();
    // An answer begun while off, or before it was turned on, is not kept.
    expect(cache.store('a /x', ticket, answer('[1]'))).toBe(false);
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

  test('compresses a kept answer once per encoding, and counts those bytes toward its limit', () => {
    const cache = onCache({ entries: 100, bytes: 800 });
    const h = cache.begin() as number;
    const kept = answer('a'.repeat(100));
    cache.store('a', h, kept);
    let encoded = 0;
    const encode = (body: Buffer) => {
      encoded += 1;
      return Buffer.alloc(body.length / 2, 'z');
    };
    const first = cache.encodedBody('a', kept, 'br', encode);
    expect(cache.encodedBody('a', kept, 'br', encode)).toBe(first);
    expect(encoded).toBe(1);
    cache.encodedBody('a', kept, 'gzip', encode);
    expect(encoded).toBe(2);
    // 100 + 50 + 50 bytes: seven answers of 100 more pass the limit of 800, so the oldest goes.
    for (let i = 0; i < 7; i++) cache.store(`k${i}`, h, answer('k'.repeat(100)));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(7);
    // Gone with all its bytes: an eighth answer of 100 fits.
    cache.store('k7', h, answer('k'.repeat(100)));
    expect(cache.size).toBe(8);
  });

  const shows = (products: string[], more: Partial<Dependencies> = {}): Dependencies => ({
    products,
    availability: false,
    price: false,
    ...more,
  });
  const change = (id: string, more: { availability?: boolean; price?: boolean } = {}) => ({
    id,
    availability: false,
    price: false,
    ...more,
  });

  test('a change of one product drops the answers showing it, and those whose rows or counts it can move', () => {
    // Nothing served stale here: a changed answer is dropped at once.
    const cache = onCache({ staleMs: 0 });
    const t = cache.begin() as number;
    cache.store('page of p1', t, answer('1'), shows(['p1', 'p2']));
    cache.store('page of p3', t, answer('3'), shows(['p3']));
    cache.store('available list', t, answer('a'), shows(['p4'], { availability: true }));
    cache.store('cheapest first', t, answer('c'), shows(['p5'], { price: true }));
    cache.store('everything', t, answer('e'));

    cache.changed([change('p1')]);
    expect(cache.get('page of p1')).toBeUndefined();
    expect(cache.get('everything')).toBeUndefined();
    for (const kept of ['page of p3', 'available list', 'cheapest first']) expect(cache.get(kept)).toBeDefined();

    cache.changed([change('p9', { availability: true })]);
    expect(cache.get('available list')).toBeUndefined();
    expect(cache.get('page of p3')).toBeDefined();
    expect(cache.get('cheapest first')).toBeDefined();

    cache.changed([change('p9', { price: true })]);
    expect(cache.get('cheapest first')).toBeUndefined();
    expect(cache.get('page of p3')).toBeDefined();
    // A dropped answer leaves no trace in the indexes: storing and changing again works.
    cache.store('page of p1', cache.begin() as number, answer('1'), shows(['p1']));
    cache.changed([change('p1')]);
    expect(cache.get('page of p1')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  test('a changed answer is served stale for staleMs after its first change, then gone', () => {
    let now = 0;
    const cache = onCache({ staleMs: 1_000 }, () => now);
    cache.store('page of p1', cache.begin() as number, answer('old'), shows(['p1']));
    cache.store('page of p2', cache.begin() as number, answer('p2'), shows(['p2']));
    now = 100;
    cache.changed([change('p1')]);
    // Not current any more: get() never answers it; lookup() says it is stale.
    expect(cache.get('page of p1')).toBeUndefined();
    expect(cache.lookup('page of p1')).toMatchObject({ stale: true });
    expect(cache.lookup('page of p1')?.answer.body.toString()).toBe('old');
    expect(cache.lookup('page of p2')).toMatchObject({ stale: false });
    // A later change does not move the bound: it counts from the first.
    now = 900;
    cache.changed([change('p1')]);
    now = 1_100;
    expect(cache.lookup('page of p1')?.stale).toBe(true);
    now = 1_101;
    expect(cache.lookup('page of p1')).toBeUndefined();
    expect(cache.size).toBe(1);
    // Its replacement is current until the next change.
    cache.store('page of p1', cache.begin() as number, answer('new'), shows(['p1']));
    expect(cache.get('page of p1')?.body.toString()).toBe('new');
    cache.changed([change('p1')]);
    expect(cache.lookup('page of p1')).toMatchObject({ stale: true });
    // Replaced while stale: current again, and a change marks it stale again.
    cache.store('page of p1', cache.begin() as number, answer('newer'), shows(['p1']));
    expect(cache.get('page of p1')?.body.toString()).toBe('newer');
    cache.changed([change('p1')]);
    expect(cache.get('page of p1')).toBeUndefined();
    // Emptied (the cache turned off and on), nothing is served stale.
    cache.invalidate();
    expect(cache.lookup('page of p1')).toBeUndefined();
    expect(cache.lookup('page of p2')).toBeUndefined();
  });

  test('an answer read before a change it depends on is kept stale from that change, never over a current one', () => {
    let now = 0;
    const cache = onCache({ staleMs: 1_000 }, () => now);
    const before = cache.begin() as number;
    now = 200;
    cache.changed([change('p1')]);
    now = 500;
    expect(cache.store('shows p1', before, answer('read before'), shows(['p1']))).toBe(false);
    expect(cache.get('shows p1')).toBeUndefined();
    expect(cache.lookup('shows p1')).toMatchObject({ stale: true });
    // Stale from the change it missed (200), not from when it was stored.
    now = 1_201;
    expect(cache.lookup('shows p1')).toBeUndefined();
    // A current answer is never replaced by one read before a change.
    const early = cache.begin() as number;
    cache.changed([change('p1')]);
    cache.store('shows p1', cache.begin() as number, answer('current'), shows(['p1']));
    cache.store('shows p1', early, answer('read before'), shows(['p1']));
    expect(cache.get('shows p1')?.body.toString()).toBe('current');
    // Nor kept at all once its change is past staleMs.
    const late = cache.begin() as number;
    cache.changed([change('p2')]);
    now = 2_500;
    cache.store('shows p2', late, answer('too old'), shows(['p2']));
    expect(cache.lookup('shows p2')).toBeUndefined();
  });

  test('a change of everything makes every answer stale for staleMs, and one read before it is kept only as stale', () => {
    let now = 0;
    const cache = onCache({ staleMs: 1_000 }, () => now);
    cache.store('page of p1', cache.begin() as number, answer('p1'), shows(['p1']));
    cache.store('all', cache.begin() as number, answer('all'));
    const reading = cache.begin() as number;
    now = 100;
    cache.changedEverything();
    expect(cache.get('page of p1')).toBeUndefined();
    expect(cache.lookup('page of p1')).toMatchObject({ stale: true });
    expect(cache.lookup('all')).toMatchObject({ stale: true });
    // Read before the change, finished after it: not current.
    expect(cache.store('page of p2', reading, answer('read before'), shows(['p2']))).toBe(false);
    expect(cache.get('page of p2')).toBeUndefined();
    // Read after it: current.
    expect(cache.store('all', cache.begin() as number, answer('all again'))).toBe(true);
    expect(cache.get('all')?.body.toString()).toBe('all again');
    // Past staleMs from the change, the stale answers are gone.
    now = 1_101;
    expect(cache.lookup('page of p1')).toBeUndefined();
    expect(cache.lookup('page of p2')).toBeUndefined();
    expect(cache.get('all')?.body.toString()).toBe('all again');
  });

  test('an answer read before a change it depends on is not kept; before one it does not depend on, it is', () => {
    const cache = onCache();
    const before = cache.begin() as number;
    cache.changed([change('p1')]);
    expect(cache.store('shows p1', before, answer('stale'), shows(['p1']))).toBe(false);
    expect(cache.store('shows p2', before, answer('fine'), shows(['p2']))).toBe(true);
    expect(cache.store('depends on everything', before, answer('stale'))).toBe(false);
    cache.changed([change('p3', { availability: true })]);
    expect(cache.store('available', before, answer('stale'), shows([], { availability: true }))).toBe(false);
    // Too many changes since to remember them all: not kept.
    const old = cache.begin() as number;
    for (let i = 0; i < 1_001; i++) cache.changed([change(`q${i}`)]);
    expect(cache.store('shows p2', old, answer('unsure'), shows(['p2']))).toBe(false);
    expect(cache.store('shows p2', cache.begin() as number, answer('fresh'), shows(['p2']))).toBe(true);
  });

  test('identical misses follow the one computing the answer', async () => {
    const cache = onCache();
    expect(cache.follow('k')).toBeUndefined();
    expect(cache.lead('k')).toBe(true);
    expect(cache.lead('k')).toBe(false);
    const followers = [cache.follow('k'), cache.follow('k')];
    cache.land('k', answer('[1]'));
    const landed = await Promise.all(followers);
    expect(landed.map((a) => a?.body.toString())).toEqual(['[1]', '[1]']);
    // Landed: the next miss leads again; a leader that kept nothing tells its followers so.
    expect(cache.follow('k')).toBeUndefined();
    expect(cache.lead('k')).toBe(true);
    const follower = cache.follow('k');
    cache.land('k', null);
    expect(await follower).toBeNull();
  });

  test('the ETag is a quoted hash of the body', () => {
    const tag = (text: string) => etagOf(Buffer.from(text));
    expect(tag('[1]')).toMatch(/^"[\w-]{27}"$/);
    expect(tag('[1]')).toBe(tag('[1]'));
    expect(tag('[1]')).not.toBe(tag('[2]'));
  });
});
