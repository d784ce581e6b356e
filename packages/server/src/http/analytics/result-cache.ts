import type { DailySeries } from '../../market/store/types.js';

/** FNV-1a over the 32-bit words of the columns' bytes, then the dates' ends: a fingerprint of the inputs. */
export function seriesFingerprint(s: DailySeries, end: number): string {
  let h = 0x811c9dc5;
  for (const col of [s.open, s.high, s.low, s.close, s.volume]) {
    const words = new Uint32Array(col.buffer, col.byteOffset, end * 2);
    for (let i = 0; i < words.length; i++) h = Math.imul(h ^ (words[i] as number), 0x01000193) >>> 0;
  }
  return `${h.toString(16)}:${end}:${s.dates[0] ?? ''}:${s.dates[end - 1] ?? ''}:${s.adjustment}`;
}

/**
 * Serialised results, keyed by what they are a pure function of (the request's parameters and a
 * fingerprint of every input bar), so a repeated request formats no numbers again. Least recently used
 * entries go first once the cache holds `maxBytes` of them (off the V8 heap: buffers).
 */
export class ResultCache<V extends { readonly bytes: Uint8Array }> {
  readonly #entries = new Map<string, V>();
  #bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(key: string): V | undefined {
    const v = this.#entries.get(key);
    if (v === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, v);
    return v;
  }

  set(key: string, value: V): void {
    if (value.bytes.byteLength > this.maxBytes) return;
    const old = this.#entries.get(key);
    if (old !== undefined) {
      this.#bytes -= old.bytes.byteLength;
      this.#entries.delete(key);
    }
    this.#entries.set(key, value);
    this.#bytes += value.bytes.byteLength;
    while (this.#bytes > this.maxBytes) {
      const [k, v] = this.#entries.entries().next().value as [string, V];
      this.#entries.delete(k);
      this.#bytes -= v.bytes.byteLength;
    }
  }
}
