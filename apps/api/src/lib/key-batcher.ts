/*
 * Coalesces concurrent work on one key (a product) into batches. The first call for an idle key
 * runs at once, alone; calls that arrive while a run for their key is in flight wait for it and
 * then run together, in arrival order, as the next batch. Under no contention nothing waits; under
 * contention one run does the work of many (one database commit for many purchases of a product,
 * whose row lock would otherwise serialise them at the pace of the disk's flushes).
 */

/** Runs one batch: one settled result per item, in the batch's order. */
export type BatchRunner<K, T, R> = (key: K, items: readonly T[]) => Promise<PromiseSettledResult<R>[]>;

interface Waiting<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (reason: unknown) => void;
}

export interface KeyBatcher<K, T, R> {
  submit(key: K, item: T): Promise<R>;
  /** Keys with a run in flight (for tests and diagnostics). */
  readonly busyKeys: number;
}

export function createKeyBatcher<K, T, R>(run: BatchRunner<K, T, R>, maxBatch: number): KeyBatcher<K, T, R> {
  if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new RangeError('maxBatch must be a positive integer');
  /** Per busy key, the calls waiting for the run in flight (an empty list: busy, nobody waiting). */
  const queues = new Map<K, Waiting<T, R>[]>();

  async function drain(key: K, first: Waiting<T, R>[]): Promise<void> {
    let batch = first;
    while (batch.length > 0) {
      try {
        const results = await run(
          key,
          batch.map((w) => w.item),
        );
        batch.forEach((w, i) => {
          const result = results[i];
          if (!result) w.reject(new Error('The batch runner returned fewer results than items.'));
          else if (result.status === 'fulfilled') w.resolve(result.value);
          else w.reject(result.reason);
        });
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
      const queue = queues.get(key) ?? [];
      batch = queue.splice(0, maxBatch);
    }
    queues.delete(key);
  }

  return {
    submit(key, item) {
      return new Promise<R>((resolve, reject) => {
        const waiting = { item, resolve, reject };
        const queue = queues.get(key);
        if (queue) {
          queue.push(waiting);
          return;
        }
        queues.set(key, []);
        void drain(key, [waiting]);
      });
    },
    get busyKeys() {
      return queues.size;
    },
  };
}
