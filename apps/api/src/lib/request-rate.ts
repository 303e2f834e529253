/*
 * How many requests a process got over the last second, counted in ten buckets of 100 ms (the
 * oldest dropped as time moves on): cheap enough to count every request.
 */

const BUCKET_MS = 100;
const BUCKETS = 10;

export class RequestRate {
  private readonly counts = new Uint32Array(BUCKETS);
  private bucket = Number.NEGATIVE_INFINITY;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Counts one request, now. */
  note(): void {
    this.advance();
    this.counts[this.bucket % BUCKETS]!++;
  }

  /** The requests counted within the last second (give or take a bucket). */
  perSecond(): number {
    this.advance();
    let sum = 0;
    for (const count of this.counts) sum += count;
    return sum;
  }

  /** Empties the buckets time has passed since the last call. */
  private advance(): void {
    const bucket = Math.floor(this.now() / BUCKET_MS);
    if (bucket === this.bucket) return;
    if (bucket - this.bucket >= BUCKETS) this.counts.fill(0);
    else for (let b = this.bucket + 1; b <= bucket; b++) this.counts[b % BUCKETS] = 0;
    this.bucket = bucket;
  }
}
