import type { Session } from '../http/context.ts';

/**
 * A two-second memo of loaded sessions, so a burst of requests plans and runs the session query
 * once. The database stays the only truth: another process that ends or changes a session is seen
 * here within the TTL; this process forgets a token at once when it ends or changes it itself.
 * Nothing here is needed by any other process.
 */
export class SessionCache {
  private entries = new Map<string, { session: Session; until: number }>();

  constructor(
    private ttlMs = 2000,
    private max = 10_000,
  ) {}

  get(tokenHash: string): Session | undefined {
    const e = this.entries.get(tokenHash);
    if (!e) return undefined;
    if (e.until < Date.now()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return e.session;
  }

  set(tokenHash: string, session: Session): void {
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(tokenHash, { session, until: Date.now() + this.ttlMs });
  }

  forget(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  /** Forgets every session (after a change of users, profiles or workspaces in this process). */
  clear(): void {
    this.entries.clear();
  }
}
