import type { Identity, IdentityMemo } from '../types.ts';

/**
 * A two-second memo of user identities (names, unit, permissions), so a burst of requests plans
 * the costly identity query once. Sessions themselves are always read from the database. A change
 * made by this process clears the memo at once; one made by another process is seen within the
 * TTL. Nothing here is needed by any other process.
 */
export class IdentityCache implements IdentityMemo {
  private entries = new Map<string, { identity: Identity; until: number }>();

  constructor(
    private ttlMs = 2000,
    private max = 10_000,
  ) {}

  get(key: string): Identity | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.identity;
  }

  set(key: string, identity: Identity): void {
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, { identity, until: Date.now() + this.ttlMs });
  }

  /** Forgets every identity (after a change of users, profiles, units or workspaces). */
  clear(): void {
    this.entries.clear();
  }
}
