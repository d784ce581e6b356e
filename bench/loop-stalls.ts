/**
 * What holds a server's event loop, for bench/hot-path.ts (`BW_LOOP_DELAY=1`): an event-loop delay
 * histogram (perf_hooks.monitorEventLoopDelay, 1 ms resolution) over the measured run, and every timer
 * and immediate callback timed, grouped by where it was created, so periodic synchronous work (a flush,
 * a poll, a cache rebuild) shows up by name with its longest and total run. Installed before the server
 * is built, so the timers its platform creates are wrapped too; reported to stderr on `report()`.
 */
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';

interface Site {
  calls: number;
  totalMs: number;
  maxMs: number;
  over5: number;
}

/** The first frame of a stack that is not this file nor Node's own timers: the creator of the timer. */
function creationSite(): string {
  const lines = (new Error().stack ?? '').split('\n').slice(2);
  const frame = lines.find((l) => !l.includes('loop-stalls') && !l.includes('node:internal'));
  return (frame ?? '?')
    .trim()
    .replace(/^at /, '')
    .replace(/\(?file:\/\/.*\/(packages|node_modules)\//, '$1/');
}

export function traceLoopStalls(): { start(): void; report(): string } {
  const sites = new Map<string, Site>();
  const wrap = <A extends unknown[]>(fn: (...a: A) => unknown, site: string) =>
    function timed(this: unknown, ...a: A) {
      const t0 = performance.now();
      try {
        return fn.apply(this, a);
      } finally {
        const ms = performance.now() - t0;
        let s = sites.get(site);
        if (s === undefined) {
          s = { calls: 0, totalMs: 0, maxMs: 0, over5: 0 };
          sites.set(site, s);
        }
        s.calls++;
        s.totalMs += ms;
        if (ms > s.maxMs) s.maxMs = ms;
        if (ms > 5) s.over5++;
      }
    };
  const g = globalThis as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const name of ['setTimeout', 'setInterval', 'setImmediate']) {
    const original = g[name] as (...a: unknown[]) => unknown;
    const patched = (fn: unknown, ...rest: unknown[]) =>
      typeof fn === 'function'
        ? original(wrap(fn as (...a: unknown[]) => unknown, `${name} ${creationSite()}`), ...rest)
        : original(fn, ...rest);
    Object.assign(patched, original);
    g[name] = patched;
  }
  let histogram: IntervalHistogram | undefined;
  return {
    start() {
      sites.clear();
      histogram = monitorEventLoopDelay({ resolution: 1 });
      histogram.enable();
    },
    report() {
      const h = histogram;
      h?.disable();
      const ms = (ns: number) => (ns / 1e6).toFixed(1);
      const lines = [
        h === undefined
          ? 'event-loop delay: not measured'
          : `event-loop delay ms: p50 ${ms(h.percentile(50))} p90 ${ms(h.percentile(90))} p99 ${ms(h.percentile(99))} p99.9 ${ms(h.percentile(99.9))} max ${ms(h.max)}`,
        'timer/immediate callbacks by creation site (longest first): calls, total ms, max ms, runs > 5 ms',
      ];
      for (const [site, s] of [...sites].sort((a, b) => b[1].maxMs - a[1].maxMs).slice(0, 15))
        lines.push(
          `  ${String(s.calls).padStart(7)} ${s.totalMs.toFixed(1).padStart(8)} ${s.maxMs.toFixed(1).padStart(7)} ${String(s.over5).padStart(4)}  ${site}`,
        );
      return lines.join('\n');
    },
  };
}
