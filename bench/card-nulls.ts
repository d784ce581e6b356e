/**
 * The backtest's per-card null work before and after issue #48, side by side on real bars: the reference is
 * the cross-ticker null alone (`nullOutcomes` + `summariseNull`, 20 copies); the new work is `cardNulls`
 * (the same, plus 20 same-ticker copies at later bars, the card's and its copies' drift-adjusted net R).
 * Cards are placed at random bars of the 70 Pooksoft tickers (read from /work/shared/data at run time), with
 * a 1.5-range stop and targets at 1.5 and 3 ranges. Prints each side's median time per card over the runs,
 * the ratio, and what the added work costs over a backtest's N cards.
 *
 *   node --conditions=development --import tsx bench/card-nulls.ts [--cards 2000] [--runs 5] [--backtest-cards 12170]
 */
import { readdirSync } from 'node:fs';
import {
  type CardLevels,
  evaluateOutcome,
  meanTrueRange,
  type NullTicker,
  nullOutcomes,
  type OutcomeBars,
  summariseNull,
} from '@bellwether/analytics';
import { readCsv, sharedDataPath } from '@bellwether/fixtures';
import { cardNulls } from '@bellwether/server/cards';

const args = process.argv.slice(2);
const arg = (name: string, dflt: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? dflt : Number(args[i + 1]);
};
const CARDS = arg('cards', 2000);
const RUNS = arg('runs', 5);
const BACKTEST_CARDS = arg('backtest-cards', 12_170);

const DIR = sharedDataPath('Pooksoft__PooksoftSP500EquityPriceDataSet', 'daily_adjusted');
const tickers = readdirSync(DIR)
  .filter((f) => f.endsWith('.csv'))
  .sort()
  .map((file) => {
    const { header, rows } = readCsv(`${DIR}/${file}`);
    const c = (name: string) => header.indexOf(name);
    const k = rows.map((r) => Number(r[c('adjusted_close')]) / Number(r[c('close')]));
    const col = (name: string) => Float64Array.from(rows, (r, i) => Number(r[c(name)]) * (k[i] as number));
    return {
      ticker: file.split('-')[1] as string,
      dates: rows.map((r) => r[0] as string),
      bars: { open: col('open'), high: col('high'), low: col('low'), close: col('close') } as OutcomeBars,
    };
  });
const byTicker = new Map(tickers.map((t) => [t.ticker, t.bars]));
const index = tickers.map((t) => new Map(t.dates.map((d, i) => [d, i])));

// Cards at pseudo-random (ticker, session) places with ≥ 300 bars before and 30 after.
let s = 12345;
const rand = () => {
  s = (Math.imul(s, 1103515245) + 12345) >>> 0;
  return s / 4_294_967_296;
};
const cards = Array.from({ length: CARDS }, () => {
  const k = Math.floor(rand() * tickers.length);
  const tk = tickers[k] as (typeof tickers)[number];
  const t = 300 + Math.floor(rand() * (tk.dates.length - 340));
  const session = tk.dates[t + 1] as string;
  const peers: NullTicker[] = [];
  tickers.forEach((o, j) => {
    const i = index[j]?.get(session);
    if (i !== undefined && i > 0) peers.push({ ticker: o.ticker, bars: o.bars, t: i - 1 });
  });
  const c = tk.bars.close[t] as number;
  const a = meanTrueRange(tk.bars, t);
  const levels: CardLevels = {
    direction: rand() < 0.75 ? 'long' : 'short',
    entry_zone: { low: c - 0.2 * a, high: c },
    stop: c - 1.5 * a,
    t1: c + 1.5 * a,
    t2: c + 3 * a,
  };
  const lv: CardLevels =
    levels.direction === 'long'
      ? levels
      : {
          ...levels,
          entry_zone: { low: c, high: c + 0.2 * a },
          stop: c + 1.5 * a,
          t1: c - 1.5 * a,
          t2: c - 3 * a,
        };
  return {
    ticker: tk.ticker,
    bars: tk.bars,
    t,
    peers,
    levels: lv,
    outcome: evaluateOutcome(lv, tk.bars, t + 1, 20),
  };
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const reference: number[] = [];
const added: number[] = [];
let sink = 0;
for (let run = 0; run < RUNS; run++) {
  let t0 = performance.now();
  for (const c of cards) {
    const n = summariseNull(nullOutcomes(c.levels, c, c.peers, 20, `${c.ticker}|${c.t}`), 5);
    sink += n.average_r_net ?? 0;
  }
  reference.push((performance.now() - t0) / CARDS);
  t0 = performance.now();
  for (const c of cards) {
    const n = cardNulls(c.levels, c, c.outcome, c.peers, (x) => byTicker.get(x), 20, `${c.ticker}|${c.t}`, 5);
    sink += (n.null_r_net ?? 0) + (n.drift_r_net ?? 0);
  }
  added.push((performance.now() - t0) / CARDS);
}
const ref = median(reference);
const now = median(added);
console.log(`${tickers.length} tickers, ${CARDS} cards, ${RUNS} runs (checksum ${sink.toFixed(3)})`);
console.log(`reference (cross-ticker null): median ${(ref * 1000).toFixed(1)} µs per card`);
console.log(
  `cardNulls (two nulls + drift): median ${(now * 1000).toFixed(1)} µs per card; ratio ${(now / ref).toFixed(2)}`,
);
console.log(
  `added over a ${BACKTEST_CARDS}-card backtest: ${(((now - ref) * BACKTEST_CARDS) / 1000).toFixed(2)} s (budget 300 s)`,
);
