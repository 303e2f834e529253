/**
 * Verified ID tokens, remembered until they expire: verifying a Firebase token costs a
 * signature check (or, with the emulator, a round trip), and a signed-in user sends the same
 * token with every request for up to an hour. Bounded: past `max` entries the oldest go first.
 * Revocation is not checked per request either way (verifyIdToken without checkRevoked).
 */
export class TokenCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();

  constructor(
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(token: string): T | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.value;
  }

  set(token: string, value: T, expiresAt: number): void {
    if (expiresAt <= this.now()) return;
    this.entries.delete(token);
    this.entries.set(token, { value, expiresAt });
    // Map keeps insertion order: the first key is the oldest entry.
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
