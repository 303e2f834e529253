import { createHash } from 'node:crypto';

/*
 * Answers kept until the data behind them changes (capabilities/catalogue/cache.plugin.ts uses one for the
 * catalogue's GETs). Correct on writes by generations, not by time: every change of the data
 * calls `invalidate()`, which empties the cache and starts a new generation. A request notes the
 * generation before it reads the database (`begin()`) and may store its answer only if no change
 * came in since (`store()`): an answer read before a change, and finished after it, is never kept.
 */

export interface CachedAnswer {
  /** As sent: bytes, so a hit is written without encoding the text again. */
  body: Buffer;
  /** A strong validator of the body: a quoted hash. */
  etag: string;
  /** The headers the answer was sent with that belong to it (totals, cursor, content type). */
  headers: Record<string, string>;
}

export interface ResponseCacheLimits {
  /** Most answers kept; the least recently used go first. */
  entries: number;
  /** Most bytes of bodies kept in all; a body larger than an eighth of it is never kept. */
  bytes: number;
}

export const DEFAULT_CACHE_LIMITS: ResponseCacheLimits = { entries: 2_000, bytes: 32 * 1024 * 1024 };

export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private bytes = 0;
  private generation = 0;
  private active = false;

  constructor(private readonly limits: ResponseCacheLimits = DEFAULT_CACHE_LIMITS) {}

  /** Whether answers are kept and served: only while every change is known to reach `invalidate`. */
  get enabled(): boolean {
    return this.active;
  }

  /** Turns the cache on (changes reach it from now on) or off (they may not); either way it empties. */
  setEnabled(enabled: boolean): void {
    this.invalidate();
    this.active = enabled;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The data changed: nothing kept so far may be served, and no answer begun before may be kept. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  /** The generation to hand to `store`, or null when the cache is off. */
  begin(): number | null {
    return this.active ? this.generation : null;
  }

  get(key: string): CachedAnswer | undefined {
    if (!this.active) return undefined;
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    // Most recently used last: eviction takes from the front.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /** Keeps `answer` under `key` if nothing changed since `begin()` returned `generation`. */
  store(key: string, generation: number, answer: CachedAnswer): boolean {
    if (!this.active || generation !== this.generation) return false;
    const size = answer.body.length;
    if (size > this.limits.bytes / 8) return false;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.body.length;
    }
    this.entries.set(key, answer);
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.limits.entries && this.bytes <= this.limits.bytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.body.length;
    }
    return true;
  }
}
