import { endianness } from 'node:os';
import type { Kysely } from 'kysely';
import type { MarketTables } from './tables.js';

/**
 * A ticker's daily bars of one calendar year as one row of `daily_bar_blocks` (migration 0021, ADR 0079):
 * the dates as little-endian int32 days since 1970-01-01, the five prices as one little-endian float64
 * array (open × n, high × n, low × n, close × n, volume × n), and the sources run-length encoded as JSON
 * (`[["polygon", 250], ["csv:X.csv", 2]]`). `daily_bars` stays the record; the blocks are what histories
 * are read from: a screen's 290,000 bars cost ~50 ms as ~2,000 blocks against ~350 ms as rows (issue #28).
 */
export interface BarBlock {
  readonly year: number;
  readonly bars: number;
  readonly days: Buffer;
  readonly prices: Buffer;
  readonly sources: string;
}

/** One bar as the blocks hold it: date, open, high, low, close, volume, source. */
export type BarTuple = readonly [string, number, number, number, number, number, string];

const PRICE_COLUMNS = 5;
const DAY_MS = 86_400_000;

if (endianness() !== 'LE') throw new Error('daily_bar_blocks are little-endian: unsupported CPU');

/**
 * `YYYY-MM-DD` of a day number, one string per day for the whole process: every ticker's history
 * shares its dates' strings (a screen's 290,000 bars fall on ~600 days).
 */
const dayStrings: string[] = [];
function dayString(day: number): string {
  let s = dayStrings[day];
  if (s === undefined) {
    s = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (day >= 0) dayStrings[day] = s;
  }
  return s;
}

/** Day numbers of the dates encoded so far (a store's bars fall on a few thousand days). */
const dayNumbers = new Map<string, number>();

/** The day number of `YYYY-MM-DD`; a RangeError for anything else. */
function dayNumber(date: string): number {
  let day = dayNumbers.get(date);
  if (day === undefined) {
    day = Date.parse(`${date}T00:00:00Z`) / DAY_MS;
    if (!Number.isInteger(day) || dayString(day) !== date) throw new RangeError(`not a date: ${date}`);
    dayNumbers.set(date, day);
  }
  return day;
}

/** Encodes bars of one year, ascending by date. */
export function encodeBarBlock(year: number, bars: readonly BarTuple[]): BarBlock {
  const n = bars.length;
  const days = new Int32Array(n);
  const prices = new Float64Array(PRICE_COLUMNS * n);
  const runs: [string, number][] = [];
  for (let i = 0; i < n; i++) {
    const b = bars[i] as BarTuple;
    if (Number(b[0].slice(0, 4)) !== year)
      throw new RangeError(`bar date ${b[0]} does not belong to the ${year} block`);
    days[i] = dayNumber(b[0]);
    for (let c = 0; c < PRICE_COLUMNS; c++) prices[c * n + i] = b[c + 1] as number;
    const last = runs.at(-1);
    if (last !== undefined && last[0] === b[6]) last[1]++;
    else runs.push([b[6], 1]);
  }
  return {
    year,
    bars: n,
    days: Buffer.from(days.buffer),
    prices: Buffer.from(prices.buffer),
    sources: JSON.stringify(runs),
  };
}

/** A block's columns, decoded. */
export interface DecodedBlock {
  readonly year: number;
  readonly bars: number;
  readonly days: Int32Array;
  /** open × n, high × n, low × n, close × n, volume × n. */
  readonly prices: Float64Array;
  readonly sources: readonly (readonly [string, number])[];
}

export function decodeBarBlock(
  year: number,
  bars: number,
  days: Uint8Array,
  prices: Uint8Array,
  sources: string,
): DecodedBlock {
  if (days.byteLength !== bars * 4 || prices.byteLength !== bars * PRICE_COLUMNS * 8)
    throw new Error(
      `corrupt daily_bar_blocks row of ${year}: ${bars} bars, ${days.byteLength} bytes of days`,
    );
  // Copies: the driver's buffers need not be aligned.
  const dayColumn = new Int32Array(bars);
  new Uint8Array(dayColumn.buffer).set(days);
  const columns = new Float64Array(bars * PRICE_COLUMNS);
  new Uint8Array(columns.buffer).set(prices);
  return { year, bars, days: dayColumn, prices: columns, sources: JSON.parse(sources) as [string, number][] };
}

/** The date of bar `i` of a block. */
export const blockDate = (block: DecodedBlock, i: number): string => dayString(block.days[i] as number);

/** Bars ascending by date, as one block per year. */
export function barBlocks(bars: readonly BarTuple[]): BarBlock[] {
  const out: BarBlock[] = [];
  let start = 0;
  while (start < bars.length) {
    const year = Number((bars[start] as BarTuple)[0].slice(0, 4));
    let end = start + 1;
    while (end < bars.length && Number((bars[end] as BarTuple)[0].slice(0, 4)) === year) end++;
    out.push(encodeBarBlock(year, bars.slice(start, end)));
    start = end;
  }
  return out;
}

/** Blocks per insert statement (6 parameters each). */
const BLOCKS_PER_STATEMENT = 500;

/** Writes `blocks` of `ticker`, replacing the stored blocks of their years. */
export async function upsertBarBlocks(
  trx: Kysely<MarketTables>,
  ticker: string,
  blocks: readonly BarBlock[],
): Promise<void> {
  for (let i = 0; i < blocks.length; i += BLOCKS_PER_STATEMENT)
    await trx
      .insertInto('daily_bar_blocks')
      .values(blocks.slice(i, i + BLOCKS_PER_STATEMENT).map((b) => ({ ticker, ...b })))
      .onConflict((oc) =>
        oc.columns(['ticker', 'year']).doUpdateSet((eb) => ({
          bars: eb.ref('excluded.bars'),
          days: eb.ref('excluded.days'),
          prices: eb.ref('excluded.prices'),
          sources: eb.ref('excluded.sources'),
        })),
      )
      .execute();
}

/**
 * Rewrites every block of `ticker` from its `daily_bars` rows, dropping blocks of years without rows:
 * for the migration that introduced blocks, and after bars were changed other than through the market
 * repository (`bellwether rebuild-bar-blocks`).
 */
export async function rebuildBarBlocks(trx: Kysely<MarketTables>, ticker: string): Promise<void> {
  const rows = await trx
    .selectFrom('daily_bars')
    .select(['date', 'open', 'high', 'low', 'close', 'volume', 'source'])
    .where('ticker', '=', ticker)
    .orderBy('date')
    .execute();
  await trx.deleteFrom('daily_bar_blocks').where('ticker', '=', ticker).execute();
  await upsertBarBlocks(
    trx,
    ticker,
    barBlocks(rows.map((r) => [r.date, r.open, r.high, r.low, r.close, r.volume, r.source] as const)),
  );
}
