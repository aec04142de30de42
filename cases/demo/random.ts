/**
 * A seeded pseudo-random source for the demo register (mulberry32): the same seed plans the same
 * register on every machine, so a test can name what the demo holds.
 * @example const r = new Random(42); r.int(10); r.chance(0.1); r.pick(['a', 'b']); r.weighted({ CURED: 7, DIED: 1 })
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** An integer in [from, to], both included. */
  between(from: number, to: number): number {
    return from + this.int(to - from + 1);
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }

  /** A key drawn by its weight. */
  weighted<K extends string>(weights: Record<K, number>): K {
    const entries = Object.entries(weights) as [K, number][];
    let x = this.next() * entries.reduce((s, [, w]) => s + w, 0);
    for (const [k, w] of entries) if ((x -= w) < 0) return k;
    return entries[entries.length - 1][0];
  }

  /** A uuid (version 4 form) from this source. */
  uuid(): string {
    const h = Array.from({ length: 32 }, () => this.int(16).toString(16));
    h[12] = '4';
    h[16] = (8 + this.int(4)).toString(16);
    const s = h.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
}
