import type { FastifyInstance } from 'fastify';

export interface SweepOptions {
  /** One batch of work: how many rows it handled. A batch short of `batch` means none are left. */
  step: (batch: number) => Promise<number>;
  /** Rows per batch (one transaction each); Infinity: the step runs once per sweep. */
  batch: number;
  everyMs: number;
  /** What a sweep that handled rows logs at info (`{ handled }`), and what a failed one warns. */
  log: { done?: string; failed: string };
}

/**
 * A sweep of this process, every `everyMs`: batches until one comes back short, and the total.
 * One sweep at a time per process (a slow one is joined, not doubled), so the function returned
 * can also be called at any time (tests, a route) without racing the timer. The timer is unref'd
 * so it never keeps a process alive; on close it stops and an unfinished sweep is awaited.
 */
export function startSweep(app: FastifyInstance, { step, batch, everyMs, log }: SweepOptions): () => Promise<number> {
  let running: Promise<number> | null = null;

  async function all(): Promise<number> {
    let handled = 0;
    for (;;) {
      const n = await step(batch);
      handled += n;
      if (n < batch) return handled;
    }
  }

  function sweep(): Promise<number> {
    running ??= all().finally(() => {
      running = null;
    });
    return running;
  }

  const timer = setInterval(() => {
    sweep()
      .then((handled) => {
        if (handled > 0 && log.done) app.log.info({ handled }, log.done);
      })
      .catch((error: unknown) => app.log.warn({ err: error }, log.failed));
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running?.catch(() => undefined);
  });
  return sweep;
}
