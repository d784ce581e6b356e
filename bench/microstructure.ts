/**
 * Microstructure benchmark.
 *
 *   node --conditions=development --import tsx bench/microstructure.ts [--repeats=7]
 *
 * Daily estimators (21-day windows; Kyle 63) on real JNJ daily OHLCV 2002–2015 (3,525 bars, from
 * ../shared/data/Pooksoft__PooksoftSP500EquityPriceDataSet). Intraday measures on 20 simulated
 * sessions of the seeded simulator (@bellwether/fixtures) (7,800 trades and 7,800 quotes). Prints the median wall
 * time and median process CPU time (ms) of `repeats` runs after one untimed warm-up; on a shared,
 * loaded machine the CPU column is the steadier one.
 */

import {
  abdiRanaldoSpread,
  amihudIlliquidity,
  corwinSchultzSpread,
  edgeSpread,
  intradayProfiles,
  kyleLambda,
  leeReady,
  rollSpread,
  tradeSizeDistribution,
  tradeSpreads,
  vpin,
  zeroReturnShare,
} from '@bellwether/analytics/microstructure';
import { readCsv, sharedDataPath, simulateMarket } from '@bellwether/fixtures';

const repeats = Number(
  /^--repeats=(\d+)$/.exec(process.argv.slice(2).find((a) => a.startsWith('--repeats=')) ?? '')?.[1] ?? 7,
);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function time(label: string, run: () => unknown): void {
  run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    run();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  console.log(
    `${label.padEnd(44)} wall ${median(wall).toFixed(2).padStart(8)} ms   cpu ${median(cpu).toFixed(2).padStart(8)} ms`,
  );
}

const { header, rows } = readCsv(
  sharedDataPath('Pooksoft__PooksoftSP500EquityPriceDataSet', 'daily_adjusted', 'DA-JNJ-T-2021-04-21.csv'),
);
const kept = rows.filter((r) => r[0]! >= '2002-01-01' && r[0]! <= '2015-12-31');
const col = (name: string) => Float64Array.from(kept, (r) => Number(r[header.indexOf(name)]));
const [open, high, low, close, volume] = ['open', 'high', 'low', 'close', 'volume'].map(col) as [
  Float64Array,
  Float64Array,
  Float64Array,
  Float64Array,
  Float64Array,
];
console.log(`daily: JNJ ${close.length} bars; repeats ${repeats}`);
time('rollSpread (21)', () => rollSpread(close));
time('corwinSchultzSpread (21)', () => corwinSchultzSpread(high, low, close));
time('abdiRanaldoSpread (21)', () => abdiRanaldoSpread(high, low, close));
time('edgeSpread (21)', () => edgeSpread(open, high, low, close));
time('amihudIlliquidity (21)', () => amihudIlliquidity(close, volume));
time('kyleLambda (63)', () => kyleLambda(close, volume));
time('zeroReturnShare (21)', () => zeroReturnShare(close));

const sim = simulateMarket({ seed: 1, days: 20, keepIntradayDays: 20 });
const t = sim.trades;
const q = sim.quotes;
console.log(`intraday: ${t.price.length} trades, ${q.bid.length} quotes`);
const sign = leeReady(t.time, t.price, q.time, q.bid, q.ask);
time('leeReady', () => leeReady(t.time, t.price, q.time, q.bid, q.ask));
time('tradeSpreads (5 min)', () => tradeSpreads(t.time, t.price, sign, q.time, q.bid, q.ask));
time('vpin (1-min bars, V = 50k, n = 50)', () => vpin(t.time, t.price, t.size, { bucketVolume: 50_000 }));
time('tradeSizeDistribution', () => tradeSizeDistribution(t.size));
time('intradayProfiles (30 min)', () => intradayProfiles(t.time, t.price, t.size));
