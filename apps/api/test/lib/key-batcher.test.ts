import { expect, test } from 'vitest';
import { createKeyBatcher } from '../../src/lib/key-batcher.js';

/** A runner that records its batches and answers each item with `${key}:${item}` once released. */
function recorder() {
  const batches: string[][] = [];
  const releases: (() => void)[] = [];
  const run = (key: string, items: readonly string[]) => {
    batches.push([key, ...items]);
    return new Promise<PromiseSettledResult<string>[]>((resolve) => {
      releases.push(() =>
        resolve(
          items.map((item) =>
            item.startsWith('bad')
              ? { status: 'rejected', reason: new Error(`refused ${item}`) }
              : { status: 'fulfilled', value: `${key}:${item}` },
          ),
        ),
      );
    });
  };
  const release = async () => {
    releases.shift()?.();
    // Let the settled batch's callbacks and the next batch's start run.
    await new Promise((r) => setImmediate(r));
  };
  return { batches, run, release };
}

test('an idle key runs at once; calls during the run wait and then run together, in order', async () => {
  const r = recorder();
  const batcher = createKeyBatcher(r.run, 10);
  const first = batcher.submit('p', 'a');
  const later = Promise.allSettled(['b', 'c', 'bad-d'].map((item) => batcher.submit('p', item)));
  expect(r.batches).toEqual([['p', 'a']]);
  await r.release();
  expect(await first).toBe('p:a');
  expect(r.batches).toEqual([
    ['p', 'a'],
    ['p', 'b', 'c', 'bad-d'],
  ]);
  await r.release();
  const settled = await later;
  expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
    'p:b',
    'p:c',
    'refused bad-d',
  ]);
  expect(batcher.busyKeys).toBe(0);
});

test('keys do not wait for each other', () => {
  const r = recorder();
  const batcher = createKeyBatcher(r.run, 10);
  void batcher.submit('p', 'a');
  void batcher.submit('q', 'b');
  expect(r.batches).toEqual([
    ['p', 'a'],
    ['q', 'b'],
  ]);
  expect(batcher.busyKeys).toBe(2);
});

test('a batch holds at most maxBatch items; the rest form the next one', async () => {
  const r = recorder();
  const batcher = createKeyBatcher(r.run, 2);
  const all = ['a', 'b', 'c', 'd', 'e'].map((item) => batcher.submit('p', item));
  for (let i = 0; i < 3; i++) await r.release();
  expect(await Promise.all(all)).toEqual(['p:a', 'p:b', 'p:c', 'p:d', 'p:e']);
  expect(r.batches).toEqual([
    ['p', 'a'],
    ['p', 'b', 'c'],
    ['p', 'd', 'e'],
  ]);
});

test('a runner that throws rejects its whole batch, and the key keeps working', async () => {
  let calls = 0;
  const batcher = createKeyBatcher(async (_key: string, items: readonly number[]) => {
    calls += 1;
    if (calls === 1) throw new Error('database down');
    return items.map((n) => ({ status: 'fulfilled' as const, value: n * 2 }));
  }, 10);
  await expect(batcher.submit('p', 1)).rejects.toThrow('database down');
  await expect(batcher.submit('p', 2)).resolves.toBe(4);
});
