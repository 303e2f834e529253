import { createHash } from 'node:crypto';

/*
 * Answers kept until the data behind them changes (capabilities/catalogue/cache.plugin.ts uses one
 * for the catalogue's GETs). Correct on writes by what each answer depends on, not by time:
 *
 *   - an answer is stored with its dependencies: the products it shows, and whether the rows it
 *     lists or its counts depend on the "available" threshold or on prices (or on everything);
 *   - `changed()` is told which products changed and whether their availability or price did, and
 *     marks exactly the answers that depend on that stale; `changedEverything()` (a row added or
 *     removed, a change it cannot name) marks every answer stale; `invalidate()` drops everything
 *     (the cache turned on or off: nothing kept before may be served at all);
 *   - a stale answer may still be served for `staleMs` after the change, to requests that did not
 *     make it, while one request computes its replacement (`lookup` says which it is; the plugin
 *     decides): after that it is gone;
 *   - a request takes a ticket before it reads the database (`begin()`) and may store its answer
 *     as current only if no change it depends on came in since (`store()`): an answer read before
 *     a change, and finished after it, is at most kept stale from that change;
 *   - identical requests that miss together wait for the first one (`lead`, `follow`, `land`):
 *     one computation, not one per request.
 */

export interface CachedAnswer {
  /** As sent: bytes, so a hit is written without encoding the text again. */
  body: Buffer;
  /** The body compressed, by encoding, once a hit asked for it (`encodedBody`). */
  encoded?: Partial<Record<string, Buffer>>;
  /** A strong validator of the body: a quoted hash. */
  etag: string;
  /** The headers the answer was sent with that belong to it (totals, cursor, content type). */
  headers: Record<string, string>;
}

/** What an answer depends on besides its URL. */
export interface Dependencies {
  /** The products whose rows it shows. */
  products: readonly string[];
  /** Whether which rows it lists, or its counts, depend on the "available" threshold. */
  availability: boolean;
  /** Whether they depend on prices (a price order, a price filter, the price facet). */
  price: boolean;
}

/** An answer that depends on every row: any change drops it. */
export const EVERYTHING = null;

/** One product changed in its stock, price or volume prices only. */
export interface ProductChange {
  id: string;
  /** Its stock crossed the "available" threshold. */
  availability: boolean;
  price: boolean;
}

export interface ResponseCacheLimits {
  /** Most answers kept; the least recently used go first. */
  entries: number;
  /** Most bytes of bodies kept in all; a body larger than an eighth of it is never kept. */
  bytes: number;
  /** How long after a change an answer it made stale may still be served (0: never). */
  staleMs: number;
}

/**
 * Sized for a shop's long tail, not only its popular pages: a product page is about 2 KB, a list
 * page 16 KB plus 5 KB brotli, so 128 MB holds some 6,000 list pages or many more products
 * (CATALOGUE_CACHE_ENTRIES, CATALOGUE_CACHE_MB). At 2,000 answers the traffic bench's tail was
 * pushed out before it came back (docs/benchmarks.md, "Where the two cores go at saturation, and a
 * cache the tail comes back to").
 */
export const DEFAULT_CACHE_LIMITS: ResponseCacheLimits = { entries: 20_000, bytes: 128 * 1024 * 1024, staleMs: 1_000 };

/** How many partial changes are remembered for the requests still reading (at 20 a second, 50 s). */
const CHANGES_REMEMBERED = 1_000;

/** An answer's bytes in memory: its body and what of it was compressed. */
function sizeOf(answer: CachedAnswer): number {
  let size = answer.body.length;
  for (const bytes of Object.values(answer.encoded ?? {})) size += bytes?.length ?? 0;
  return size;
}

export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

interface Entry {
  answer: CachedAnswer;
  dependencies: Dependencies | typeof EVERYTHING;
  /** When the first change it depends on came in (performance.now()); null while it is current. */
  staleSince: number | null;
}

/** An answer found by `lookup`: current, or stale (a change it depends on came in, at most `staleMs` ago). */
export interface Found {
  answer: CachedAnswer;
  stale: boolean;
}

interface Flight {
  landed: Promise<CachedAnswer | null>;
  land: (answer: CachedAnswer | null) => void;
}

function affects(
  changes: readonly ProductChange[] | typeof EVERYTHING,
  dependencies: Dependencies | typeof EVERYTHING,
): boolean {
  if (changes === EVERYTHING || dependencies === EVERYTHING) return true;
  const shown = new Set(dependencies.products);
  return changes.some(
    (change) =>
      shown.has(change.id) ||
      (change.availability && dependencies.availability) ||
      (change.price && dependencies.price),
  );
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private active = false;
  /** Counts changes: a ticket is the count when a request began. */
  private sequence = 0;
  /** The sequence of the last time the cache was emptied (turned on or off). */
  private resetAt = 0;
  /** The changes since, newest last, with their sequence numbers (EVERYTHING: any row may have changed). */
  private changes: { at: number; changes: readonly ProductChange[] | typeof EVERYTHING; time: number }[] = [];
  /** Partial changes up to this sequence number are no longer remembered. */
  private forgottenUpTo = 0;
  /** The keys of the answers that show a product, and of those depending on availability, price, everything. */
  private readonly byProduct = new Map<string, Set<string>>();
  private readonly byAvailability = new Set<string>();
  private readonly byPrice = new Set<string>();
  private readonly onEverything = new Set<string>();
  private readonly flights = new Map<string, Flight>();

  constructor(
    private readonly limits: ResponseCacheLimits = DEFAULT_CACHE_LIMITS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** How long a stale answer may be served after the change that made it stale. */
  get staleMs(): number {
    return this.limits.staleMs;
  }

  /** Whether answers are kept and served: only while every change is known to reach the cache. */
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

  /** Anything may have changed: nothing kept so far may be served, and no answer begun before may be kept. */
  invalidate(): void {
    this.sequence++;
    this.resetAt = this.sequence;
    this.changes = [];
    this.forgottenUpTo = this.sequence;
    this.entries.clear();
    this.byProduct.clear();
    this.byAvailability.clear();
    this.byPrice.clear();
    this.onEverything.clear();
    this.bytes = 0;
  }

  /** These products changed (stock, price, volume prices only): the answers that depend on them are stale. */
  changed(changes: readonly ProductChange[]): void {
    if (changes.length === 0) return;
    const now = this.remember(changes);
    const doomed = new Set(this.onEverything);
    for (const change of changes) {
      for (const key of this.byProduct.get(change.id) ?? []) doomed.add(key);
      if (change.availability) for (const key of this.byAvailability) doomed.add(key);
      if (change.price) for (const key of this.byPrice) doomed.add(key);
    }
    for (const key of doomed) this.stale(key, now);
  }

  /**
   * Any row may have changed (products added or removed, a change the notification cannot name):
   * every answer is stale from now, served as such for at most `staleMs` while its replacement is
   * computed, like the answers a named change made stale.
   */
  changedEverything(): void {
    const now = this.remember(EVERYTHING);
    for (const key of [...this.entries.keys()]) this.stale(key, now);
  }

  /** Counts a change and remembers it for the requests still reading; its time. */
  private remember(changes: readonly ProductChange[] | typeof EVERYTHING): number {
    this.sequence++;
    const now = this.now();
    this.changes.push({ at: this.sequence, changes, time: now });
    if (this.changes.length > CHANGES_REMEMBERED) {
      this.forgottenUpTo = (this.changes.shift() as { at: number }).at;
    }
    return now;
  }

  /** The ticket to hand to `store`, or null when the cache is off. */
  begin(): number | null {
    return this.active ? this.sequence : null;
  }

  /** The current answer under `key`, if there is one. */
  get(key: string): CachedAnswer | undefined {
    const found = this.lookup(key);
    return found && !found.stale ? found.answer : undefined;
  }

  /** The answer under `key`, current or stale (within `staleMs` of the change); a staler one is dropped. */
  lookup(key: string): Found | undefined {
    if (!this.active) return undefined;
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.staleSince !== null && this.now() - hit.staleSince > this.limits.staleMs) {
      this.remove(key);
      return undefined;
    }
    // Most recently used last: eviction takes from the front.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return { answer: hit.answer, stale: hit.staleSince !== null };
  }

  /**
   * Keeps `answer` under `key` if nothing it depends on changed since `begin()` returned `ticket`
   * (true). If something did, it is an answer as stale as one a change marked: kept as such, stale
   * from the first change it missed, unless a current answer is there or that is over `staleMs`
   * ago (false either way).
   */
  store(
    key: string,
    ticket: number,
    answer: CachedAnswer,
    dependencies: Dependencies | typeof EVERYTHING = EVERYTHING,
  ): boolean {
    if (!this.active) return false;
    const missed = this.firstMissed(ticket, dependencies);
    if (missed === undefined) return false;
    const size = answer.body.length;
    if (size > this.limits.bytes / 8) return false;
    if (missed !== null) {
      const there = this.entries.get(key);
      const tooOld = this.limits.staleMs <= 0 || this.now() - missed > this.limits.staleMs;
      if (tooOld || there?.staleSince === null) return false;
      this.remove(key);
      this.entries.set(key, { answer, dependencies, staleSince: missed });
      this.bytes += size;
      this.evict();
      return false;
    }
    this.remove(key);
    this.entries.set(key, { answer, dependencies, staleSince: null });
    this.bytes += size;
    this.index(key, dependencies);
    this.evict();
    return true;
  }

  /**
   * `answer`'s body in `encoding`, compressed by `encode` the first time a hit asks for it and kept
   * with the answer; its bytes count toward the cache's while the answer is the one kept under `key`.
   */
  encodedBody(key: string, answer: CachedAnswer, encoding: string, encode: (body: Buffer) => Buffer): Buffer {
    const kept = answer.encoded?.[encoding];
    if (kept) return kept;
    const bytes = encode(answer.body);
    (answer.encoded ??= {})[encoding] = bytes;
    if (this.entries.get(key)?.answer === answer) {
      this.bytes += bytes.length;
      this.evict();
    }
    return bytes;
  }

  private evict(): void {
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limits.entries && this.bytes <= this.limits.bytes) break;
      this.remove(oldest);
    }
  }

  /**
   * Claims the computation of `key` for the caller: true unless another request is computing it
   * (then `follow` it). The leader must `land` it, with its answer or null.
   */
  lead(key: string): boolean {
    if (this.flights.has(key)) return false;
    let land: (answer: CachedAnswer | null) => void = () => undefined;
    const landed = new Promise<CachedAnswer | null>((resolve) => {
      land = resolve;
    });
    this.flights.set(key, { landed, land });
    return true;
  }

  /** The answer of the request computing `key`, once it has one (null: compute it yourself); undefined if none is. */
  follow(key: string): Promise<CachedAnswer | null> | undefined {
    return this.flights.get(key)?.landed;
  }

  /** Ends the computation of `key`: its followers get `answer` (only a kept answer; null otherwise). */
  land(key: string, answer: CachedAnswer | null): void {
    const flight = this.flights.get(key);
    if (!flight) return;
    this.flights.delete(key);
    flight.land(answer);
  }

  /**
   * When the first change `dependencies` depend on since `ticket` came in: null if none did,
   * undefined if that is not known (the cache was emptied, or too long ago to remember).
   */
  private firstMissed(ticket: number, dependencies: Dependencies | typeof EVERYTHING): number | null | undefined {
    if (ticket < this.resetAt || ticket < this.forgottenUpTo) return undefined;
    let first: number | null = null;
    for (let i = this.changes.length - 1; i >= 0; i--) {
      const { at, changes, time } = this.changes[i] as (typeof this.changes)[number];
      if (at <= ticket) break;
      if (affects(changes, dependencies)) first = time;
    }
    return first;
  }

  /** Marks the answer under `key` stale from `now` (no later change moves that), or drops it when none may be served stale. */
  private stale(key: string, now: number): void {
    const entry = this.entries.get(key);
    if (!entry || entry.staleSince !== null) return;
    if (this.limits.staleMs <= 0) {
      this.remove(key);
      return;
    }
    entry.staleSince = now;
    this.unindex(key, entry.dependencies);
  }

  private index(key: string, dependencies: Dependencies | typeof EVERYTHING): void {
    if (dependencies === EVERYTHING) {
      this.onEverything.add(key);
      return;
    }
    for (const id of dependencies.products) {
      let keys = this.byProduct.get(id);
      if (!keys) this.byProduct.set(id, (keys = new Set()));
      keys.add(key);
    }
    if (dependencies.availability) this.byAvailability.add(key);
    if (dependencies.price) this.byPrice.add(key);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(entry.answer);
    if (entry.staleSince === null) this.unindex(key, entry.dependencies);
  }

  private unindex(key: string, dependencies: Dependencies | typeof EVERYTHING): void {
    if (dependencies === EVERYTHING) {
      this.onEverything.delete(key);
      return;
    }
    for (const id of dependencies.products) {
      const keys = this.byProduct.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.byProduct.delete(id);
    }
    this.byAvailability.delete(key);
    this.byPrice.delete(key);
  }
}
