/**
 * Daily-bar CSV parsing throughput.
 *
 *   node --conditions=development --import tsx bench/ingest-parse.ts [--rows=1000000] [--repeats=5] [--chunk=65536]
 *
 * Generic layout (`date,open,high,low,close,volume`), `rows` valid ascending rows generated in memory
 * (a random walk, two-decimal prices, one row per calendar day so dates stay distinct), fed to
 * createBarParser in `chunk`-character pieces as a file stream would deliver them. Measured: parse +
 * validation + sort check + dedupe + output objects, without and with the XNYS calendar check (weekend
 * rows then become errors, which is also measured). Also the 70 real Pooksoft files (Alpha Vantage
 * layout, 4,068 rows each) if ../shared/data is present. Prints the median rows/s of `repeats` runs after
 * one untimed warm-up, by wall clock and by process CPU time (user + system, all threads; on a shared
 * machine the CPU figure is the steadier one).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sharedDataExists, sharedDataPath } from '@bellwether/fixtures';
import { XNYS } from '@bellwether/server/market';
import { type BarParseOptions, createBarParser } from '@bellwether/server/market/ingest';

const arg = (name: string, fallback: string) =>
  process.argv
    .slice(2)
    .find((a) => a.startsWith(`--${name}=`))
    ?.slice(name.length + 3) ?? fallback;
const ROWS = Number(arg('rows', '1000000'));
const REPEATS = Number(arg('repeats', '5'));
const CHUNK = Number(arg('chunk', '65536'));

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function generate(rows: number): string {
  let seed = 42;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const parts: string[] = ['date,open,high,low,close,volume'];
  let price = 100;
  const start = Date.UTC(1000, 0, 1);
  for (let i = 0; i < rows; i++) {
    const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    const open = price;
    const close = Math.max(1, price * (1 + (rnd() - 0.5) * 0.04));
    const high = Math.max(open, close) * (1 + rnd() * 0.01);
    const low = Math.min(open, close) * (1 - rnd() * 0.01);
    parts.push(
      `${date},${open.toFixed(2)},${(Math.ceil(high * 100) / 100).toFixed(2)},${(Math.floor(low * 100) / 100).toFixed(2)},${close.toFixed(2)},${Math.floor(rnd() * 1e7)}`,
    );
    price = Number(close.toFixed(2));
  }
  return `${parts.join('\n')}\n`;
}

function run(
  text: string,
  options: BarParseOptions,
): { ms: number; cpu: number; bars: number; errors: number } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const parser = createBarParser(options);
  for (let i = 0; i < text.length; i += CHUNK) parser.push(text.slice(i, i + CHUNK));
  const r = parser.finish();
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { ms, cpu: (c.user + c.system) / 1000, bars: r.bars.length, errors: r.errors.length };
}

function measure(label: string, texts: string[], rows: number, options: BarParseOptions): void {
  const once = () =>
    texts.reduce(
      (acc, t) => {
        const r = run(t, options);
        return {
          ms: acc.ms + r.ms,
          cpu: acc.cpu + r.cpu,
          bars: acc.bars + r.bars,
          errors: acc.errors + r.errors,
        };
      },
      { ms: 0, cpu: 0, bars: 0, errors: 0 },
    );
  once();
  const runs = Array.from({ length: REPEATS }, once);
  const ms = median(runs.map((r) => r.ms));
  const cpu = median(runs.map((r) => r.cpu));
  const last = runs.at(-1)!;
  const rate = (t: number) =>
    Math.round(rows / (t / 1000))
      .toLocaleString('en-US')
      .padStart(10);
  console.log(
    `${label.padEnd(46)} ${rows.toLocaleString('en-US').padStart(9)} rows  wall ${ms.toFixed(0).padStart(5)} ms ` +
      `${rate(ms)} rows/s  cpu ${cpu.toFixed(0).padStart(5)} ms ${rate(cpu)} rows/cpu-s  (bars ${last.bars}, errors ${last.errors})`,
  );
}

const generic = generate(ROWS);
console.log(
  `node ${process.version}; ${ROWS} generated rows (${(generic.length / 1e6).toFixed(1)} MB), chunk ${CHUNK}, median of ${REPEATS}`,
);
measure('generic, no calendar', [generic], ROWS, {});
measure('generic, XNYS calendar (weekend rows = errors)', [generic], ROWS, { calendar: XNYS });

const POOKSOFT = ['Pooksoft__PooksoftSP500EquityPriceDataSet', 'daily_adjusted'];
if (sharedDataExists(...POOKSOFT)) {
  const pooksoft = sharedDataPath(...POOKSOFT);
  const texts = readdirSync(pooksoft).map((f) => readFileSync(join(pooksoft, f), 'utf8'));
  const rows = texts.reduce((n, t) => n + t.split('\n').filter((l) => l.length > 0).length - 1, 0);
  measure('Pooksoft 70 files (alphavantage), XNYS', texts, rows, { calendar: XNYS });
}
