/**
 * Issue #48 / ADR 0087: how the broker-fill outcome rule changes the record on the 70 Pooksoft stocks
 * (1999-11 … 2015-12, adjusted bars, every resolved candidate as `resolvedHistory` finds it). Each card is
 * evaluated twice — by the rule before #48 (frozen below: fill at the zone's far edge whatever the last
 * close, a stop gapped through booked at the stop) and by `evaluateOutcome` — and the script prints how
 * many outcomes changed and the net R (5 bp a side) of both, overall and per setup and direction.
 *
 *   node --conditions=development --import tsx bench/outcome-fills.ts [--tickers 70] [--bps 5]
 */
import { readdirSync } from 'node:fs';
import {
  type CardLevels,
  type CardOutcome,
  cardCostR,
  evaluateOutcome,
  type OutcomeBars,
  prepareScan,
  resolvedHistory,
} from '@bellwether/analytics';
import { readCsv, sharedDataPath } from '@bellwether/fixtures';

const args = process.argv.slice(2);
const arg = (name: string, dflt: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? dflt : Number(args[i + 1]);
};
const TICKERS = arg('tickers', 70);
const BPS = arg('bps', 5);
const DIR = sharedDataPath('Pooksoft__PooksoftSP500EquityPriceDataSet', 'daily_adjusted');

/** The outcome rule before issue #48, kept here only as the reference this script compares against. */
function legacyOutcome(levels: CardLevels, bars: OutcomeBars, from: number, expiryBars: number) {
  const s = levels.direction === 'long' ? 1 : -1;
  const hi = (i: number) => (s === 1 ? (bars.high[i] as number) : -(bars.low[i] as number));
  const lo = (i: number) => (s === 1 ? (bars.low[i] as number) : -(bars.high[i] as number));
  const op = (i: number) => s * (bars.open[i] as number);
  const cl = (i: number) => s * (bars.close[i] as number);
  const zoneHigh = s === 1 ? levels.entry_zone.high : -levels.entry_zone.low;
  const stop = s * levels.stop;
  const t1 = s * levels.t1;
  const t2 = s * levels.t2;
  const end = Math.min(from + expiryBars, bars.close.length);
  const risk = zoneHigh - stop;
  let fill: number | undefined;
  let t1Hit = false;
  for (let i = from; i < end; i++) {
    if (fill === undefined) {
      if (!(lo(i) <= zoneHigh)) continue;
      fill = Math.min(op(i), zoneHigh);
      if (op(i) <= stop) return { filled: true, fill: s * fill, r: 0 };
    }
    const stopNow = t1Hit ? fill : stop;
    if (lo(i) <= stopNow)
      return { filled: true, fill: s * fill, r: t1Hit ? 0.5 * ((t1 - fill) / risk) : (stop - fill) / risk };
    if (!t1Hit && hi(i) >= t1) t1Hit = true;
    if (t1Hit && hi(i) >= t2)
      return { filled: true, fill: s * fill, r: 0.5 * ((t1 - fill) / risk) + 0.5 * ((t2 - fill) / risk) };
  }
  if (fill === undefined) return { filled: false, fill: null, r: null };
  const closeR = (cl(end - 1) - fill) / risk;
  return {
    filled: true,
    fill: s * fill,
    r: t1Hit ? 0.5 * ((t1 - fill) / risk) + 0.5 * Math.max(closeR, 0) : closeR,
  };
}

interface Tally {
  cards: number;
  changed: number;
  oldFilled: number;
  newFilled: number;
  oldNetR: number;
  newNetR: number;
  refused: number;
  gapStops: number;
  /** Net R change on cards filled at the same price by both rules (the exits: gapped stops). */
  sameFillDelta: number;
}
const blank = (): Tally => ({
  cards: 0,
  changed: 0,
  oldFilled: 0,
  newFilled: 0,
  oldNetR: 0,
  newNetR: 0,
  refused: 0,
  gapStops: 0,
  sameFillDelta: 0,
});
const groups = new Map<string, Tally>();
const total = blank();

const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.csv'))
  .sort()
  .slice(0, TICKERS);
for (const file of files) {
  const { header, rows } = readCsv(`${DIR}/${file}`);
  const c = (name: string) => header.indexOf(name);
  const k = rows.map((r) => Number(r[c('adjusted_close')]) / Number(r[c('close')]));
  const col = (name: string, adjust: boolean) =>
    Float64Array.from(rows, (r, i) => Number(r[c(name)]) * (adjust ? (k[i] as number) : 1));
  const bars = {
    open: col('open', true),
    high: col('high', true),
    low: col('low', true),
    close: col('close', true),
    volume: col('volume', false),
  };
  for (const h of resolvedHistory(prepareScan(bars))) {
    const cand = h.candidate;
    const now: CardOutcome = evaluateOutcome(cand.levels, bars, cand.t + 1, cand.expiry_bars);
    const old = legacyOutcome(cand.levels, bars, cand.t + 1, cand.expiry_bars);
    const cost = cardCostR(cand.levels, BPS);
    const key = `${cand.setup}:${cand.direction}`;
    const g = groups.get(key) ?? blank();
    groups.set(key, g);
    for (const t of [g, total]) {
      t.cards++;
      const oldNet = old.r === null ? null : old.r - cost;
      const newNet = now.r_multiple === null ? null : now.r_multiple - cost;
      if (oldNet !== null) {
        t.oldFilled++;
        t.oldNetR += oldNet;
      }
      if (newNet !== null) {
        t.newFilled++;
        t.newNetR += newNet;
      }
      if (oldNet === null ? newNet !== null : newNet === null || Math.abs(newNet - oldNet) > 1e-9)
        t.changed++;
      if (now.status === 'unfilled' && old.filled) t.refused++;
      if (oldNet !== null && newNet !== null && old.fill === now.fill_price)
        t.sameFillDelta += newNet - oldNet;
      if (now.exit === 'stop' && now.r_multiple !== null && old.r !== null && now.r_multiple < old.r - 1e-9)
        t.gapStops++;
    }
  }
}

const f3 = (x: number) => (x >= 0 ? '+' : '') + x.toFixed(3);
const line = (name: string, t: Tally) =>
  `${name.padEnd(34)} ${String(t.cards).padStart(6)} ${String(t.changed).padStart(7)} ${String(t.oldFilled).padStart(7)} ${String(t.newFilled).padStart(7)} ${f3(t.oldNetR).padStart(10)} ${f3(t.newNetR).padStart(10)} ${f3(t.newNetR - t.oldNetR).padStart(10)} ${f3(t.oldFilled ? t.oldNetR / t.oldFilled : 0).padStart(8)} ${f3(t.newFilled ? t.newNetR / t.newFilled : 0).padStart(8)}`;
console.log(
  `${files.length} tickers, ${BPS} bp a side; net R summed over filled cards (and per filled card)`,
);
console.log(
  `${'setup:direction'.padEnd(34)} ${'cards'.padStart(6)} ${'changed'.padStart(7)} ${'filled0'.padStart(7)} ${'filled1'.padStart(7)} ${'netR0'.padStart(10)} ${'netR1'.padStart(10)} ${'Δ netR'.padStart(10)} ${'R0/fill'.padStart(8)} ${'R1/fill'.padStart(8)}`,
);
for (const [name, t] of [...groups].sort()) console.log(line(name, t));
console.log(line('all', total));
console.log(
  `changed: ${total.changed} of ${total.cards} (${((100 * total.changed) / total.cards).toFixed(1)} %); filled by the old rule but refused or never reached by the bracket: ${total.refused}; stops now booked at a gapped open: ${total.gapStops}; net R change on cards filled at the same price (exits): ${f3(total.sameFillDelta)}, the rest (entries): ${f3(total.newNetR - total.oldNetR - total.sameFillDelta)}`,
);
