/**
 * Synthetic market benchmark.
 *
 *   node --conditions=development --import tsx bench/synthetic.ts [--repeats=5] [--tickers=70] [--years=20]
 *
 * Times the generator on the demo-sized universe: the universe, raw daily bars and corporate actions for
 * `tickers` equities (+2 crypto, + the SYNX benchmark) over `years` of XNYS sessions, one session of
 * trades and quotes for every equity (2,000-trade cap), and a year of news. Prints the median wall time
 * and median process CPU time (ms) of `repeats` runs after one untimed warm-up (on a shared, loaded
 * machine the CPU column is the steadier one), then the sanity statistics the tests bound.
 */

import { type Session, XNYS } from '@bellwether/server/market';
import {
  autocorrelation,
  correlation,
  generateDailyBars,
  generateIntraday,
  generateNews,
  generateUniverse,
  mean,
  stdev,
  totalReturns,
} from '@bellwether/server/market/synthetic';

function flag(name: string, fallback: number): number {
  const m = new RegExp(`^--${name}=(\\d+)$`).exec(
    process.argv.slice(2).find((a) => a.startsWith(`--${name}=`)) ?? '',
  );
  return Number(m?.[1] ?? fallback);
}
const repeats = flag('repeats', 5);
const tickers = flag('tickers', 70);
const years = flag('years', 20);
const seed = 20261121;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function time<T>(label: string, run: () => T): T {
  const result = run();
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
    `${label.padEnd(52)} wall ${median(wall).toFixed(1).padStart(8)} ms   cpu ${median(cpu).toFixed(1).padStart(8)} ms`,
  );
  return result;
}

const sessions: Session[] = [];
const end = Date.UTC(2026, 10, 20);
for (let t = Date.UTC(2026 - years, 10, 21); t <= end; t += 86_400_000) {
  const s = XNYS.sessionOn(new Date(t).toISOString().slice(0, 10));
  if (s !== undefined) sessions.push(s);
}
const dates = sessions.map((s) => s.id);
console.log(
  `${tickers} equities + 2 crypto + SYNX, ${dates.length} XNYS sessions (${years} years); repeats ${repeats}`,
);

const universe = time('generateUniverse', () => generateUniverse({ seed, tickers, crypto: 2 }));
const daily = time(`generateDailyBars (${tickers} × ${dates.length})`, () =>
  generateDailyBars(universe, { seed, sessions: dates }),
);
const equities = universe.instruments.filter((i) => i.asset_class === 'equity');
const last = sessions.at(-1)!;
const ticks = time(`generateIntraday (${equities.length} tickers, 1 session)`, () =>
  equities.map((i) => generateIntraday(universe, daily, { seed, session: last, ticker: i.ticker })),
);
const lastYear = sessions.slice(-252);
const news = time('generateNews (all tickers, 252 sessions)', () =>
  generateNews(universe, daily, { seed, sessions: lastYear }),
);
time('JSON.stringify(daily bars + actions)', () => JSON.stringify(daily));

const barCount = Object.values(daily.bars).reduce((n, b) => n + b.length, 0);
const splits = daily.actions.filter((a) => a.kind === 'split').length;
console.log(
  `\noutput: ${barCount} bars, ${daily.actions.length - splits} dividends, ${splits} splits, ` +
    `${ticks.reduce((n, t) => n + t.trades.length, 0)} trades, ${ticks.reduce((n, t) => n + t.quotes.length, 0)} quotes, ` +
    `${news.length} news items; bars JSON ${(JSON.stringify(daily.bars).length / 1e6).toFixed(1)} MB`,
);

const returns = new Map(
  universe.instruments.map((i) => [i.ticker, totalReturns(i.ticker, daily.bars[i.ticker]!, daily.actions)]),
);
const vols = equities.map((i) => stdev(returns.get(i.ticker)!) * Math.sqrt(252));
const within: number[] = [];
const across: number[] = [];
for (let i = 0; i < equities.length; i++) {
  for (let j = i + 1; j < equities.length; j++) {
    const c = correlation(returns.get(equities[i]!.ticker)!, returns.get(equities[j]!.ticker)!);
    (equities[i]!.sector === equities[j]!.sector ? within : across).push(c);
  }
}
const acf = equities.map((i) => autocorrelation(returns.get(i.ticker)!.map(Math.abs), 1));
console.log(
  `stats: equity vol ${Math.min(...vols).toFixed(3)}–${Math.max(...vols).toFixed(3)} (median ${median(vols).toFixed(3)}), ` +
    `SYNX vol ${(stdev(returns.get(universe.benchmark)!) * Math.sqrt(252)).toFixed(3)}, ` +
    `corr within ${mean(within).toFixed(3)} / across ${mean(across).toFixed(3)}, acf|r| lag 1 ${mean(acf).toFixed(3)}`,
);
