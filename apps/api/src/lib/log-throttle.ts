/**
 * Logs a repeating failure once per window instead of once per occurrence: the first one in a
 * window is logged in full, the rest are counted, and the next logged one says how many were
 * left out. A database outage under load otherwise writes megabytes of identical errors
 * (docs/architecture.md, "Guard rails").
 */
export class LogThrottle {
  private windowStart = Number.NEGATIVE_INFINITY;
  private suppressed = 0;

  constructor(
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** null: count this one silently; a number: log it, with how many were left out since the last. */
  take(): number | null {
    const now = this.now();
    if (now - this.windowStart < this.windowMs) {
      this.suppressed++;
      return null;
    }
    const suppressed = this.suppressed;
    this.windowStart = now;
    this.suppressed = 0;
    return suppressed;
  }
}
