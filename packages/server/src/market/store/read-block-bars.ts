import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { SqliteRowReader } from '../../db/sqlite-driver.js';
import { nextTurn } from '../../event-loop-turns.js';
import { blockDate, type DecodedBlock, decodeBarBlock } from './bar-blocks.js';
import { emptyHistoryColumns, type HistoryColumns } from './history-columns.js';
import type { DailyBarBlocksTable, MarketTables } from './tables.js';
import type { TailNeed } from './tail-need.js';

/** One block row as read: ticker, year, bars, days, prices, sources. */
type BlockTuple = readonly [string, number, number, Uint8Array, Uint8Array, string];

const BLOCK_COLUMNS = ['ticker', 'year', 'bars', 'days', 'prices', 'sources'] as const;

/** Year blocks read per query of a whole history (eight years, ~2,000 bars, well under a millisecond). */
const BLOCKS_PER_PAGE = 8;

/** A block's bars `start` (inclusive) to `end` (exclusive), in date order. */
interface BlockPart {
  readonly block: DecodedBlock;
  readonly start: number;
  readonly end: number;
}

/** A blocks query's rows (read as arrays), decoded, with their tickers. */
async function blocks(
  query: SelectQueryBuilder<MarketTables, 'daily_bar_blocks', DailyBarBlocksTable>,
  rows: SqliteRowReader,
): Promise<{ readonly ticker: string; readonly block: DecodedBlock }[]> {
  const tuples = (await rows(query.compile())) as unknown as BlockTuple[];
  return tuples.map((t) => ({
    ticker: t[0],
    block: decodeBarBlock(Number(t[1]), Number(t[2]), t[3], t[4], t[5]),
  }));
}

/** Blocks covering a tail of `need.bars` on a trading calendar (~250 bars a year), with one to spare. */
const blocksPerTail = (need: TailNeed) => Math.ceil(need.bars / 200) + 1;

/**
 * Adds `block` — read newest first — to a tail's parts: its bars through `need.upTo`, as many as are
 * still `missing`. Answers how many are still missing.
 */
function takeTail(parts: BlockPart[], block: DecodedBlock, need: TailNeed, missing: number): number {
  let end = block.bars;
  while (end > 0 && blockDate(block, end - 1) > need.upTo) end--;
  const start = Math.max(0, end - missing);
  if (end > start) parts.unshift({ block, start, end });
  return missing - (end - start);
}

/** Continues a tail still `missing` bars with the ticker's blocks before the year `before`, page by page. */
async function olderTail(
  db: Kysely<MarketTables>,
  ticker: string,
  need: TailNeed,
  rows: SqliteRowReader,
  parts: BlockPart[],
  missing: number,
  before: number,
): Promise<void> {
  const perPage = blocksPerTail(need);
  for (;;) {
    const page = await blocks(
      db
        .selectFrom('daily_bar_blocks')
        .select(BLOCK_COLUMNS)
        .where('ticker', '=', ticker)
        .where('year', '<', before)
        .orderBy('year', 'desc')
        .limit(perPage),
      rows,
    );
    for (const { block } of page) {
      missing = takeTail(parts, block, need, missing);
      if (missing === 0) return;
    }
    if (page.length < perPage) return;
    before = (page.at(-1) as { block: DecodedBlock }).block.year;
  }
}

/**
 * The tails of several tickers: one query for the blocks of the years a tail usually spans, then, for a
 * ticker whose bars there fall short (a young listing, a gap), its older blocks page by page.
 */
async function tailParts(
  db: Kysely<MarketTables>,
  tickers: readonly string[],
  need: TailNeed,
  rows: SqliteRowReader,
): Promise<Map<string, BlockPart[]>> {
  const last = Number(need.upTo.slice(0, 4));
  const first = last - blocksPerTail(need) + 1;
  const read = await blocks(
    db
      .selectFrom('daily_bar_blocks')
      .select(BLOCK_COLUMNS)
      .where('ticker', 'in', tickers)
      .where('year', '>=', first)
      .where('year', '<=', last)
      .orderBy('ticker')
      .orderBy('year', 'desc'),
    rows,
  );
  const parts = new Map<string, BlockPart[]>(tickers.map((t) => [t, []]));
  const missing = new Map<string, number>(tickers.map((t) => [t, need.bars]));
  for (const { ticker, block } of read) {
    const still = missing.get(ticker) as number;
    if (still > 0) missing.set(ticker, takeTail(parts.get(ticker) as BlockPart[], block, need, still));
  }
  for (const [ticker, still] of missing)
    if (still > 0) await olderTail(db, ticker, need, rows, parts.get(ticker) as BlockPart[], still, first);
  return parts;
}

/** Every block of the ticker, a turn of the event loop per page. */
async function wholeParts(
  db: Kysely<MarketTables>,
  ticker: string,
  rows: SqliteRowReader,
): Promise<BlockPart[]> {
  const parts: BlockPart[] = [];
  let after = Number.NEGATIVE_INFINITY;
  for (;;) {
    const page = await blocks(
      db
        .selectFrom('daily_bar_blocks')
        .select(BLOCK_COLUMNS)
        .where('ticker', '=', ticker)
        .$if(Number.isFinite(after), (qb) => qb.where('year', '>', after))
        .orderBy('year')
        .limit(BLOCKS_PER_PAGE),
      rows,
    );
    for (const { block } of page) parts.push({ block, start: 0, end: block.bars });
    if (page.length < BLOCKS_PER_PAGE) return parts;
    after = (page.at(-1) as { block: DecodedBlock }).block.year;
    await nextTurn();
  }
}

const count = (parts: readonly BlockPart[]): number => parts.reduce((n, p) => n + p.end - p.start, 0);

/** The parts' bars as a history's columns. */
function columns(parts: readonly BlockPart[]): HistoryColumns {
  const { columns: c, shared } = emptyHistoryColumns(count(parts));
  let at = 0;
  for (const { block, start, end } of parts) {
    const prices = block.prices;
    const m = block.bars;
    c.open.set(prices.subarray(start, end), at);
    c.high.set(prices.subarray(m + start, m + end), at);
    c.low.set(prices.subarray(2 * m + start, 2 * m + end), at);
    c.close.set(prices.subarray(3 * m + start, 3 * m + end), at);
    c.volume.set(prices.subarray(4 * m + start, 4 * m + end), at);
    for (let i = start; i < end; i++) c.dates[at + i - start] = blockDate(block, i);
    let i = 0;
    for (const [label, length] of block.sources) {
      const source = shared(label);
      for (let k = Math.max(i, start); k < Math.min(i + length, end); k++) c.sources[at + k - start] = source;
      i += length;
    }
    at += end - start;
  }
  return c;
}

/**
 * SQLite: the bars of `tickers` from their year blocks (`bar-blocks.ts`) — each whole history, or with
 * `tail` the last bars through a date, the tails of all of them in one query.
 */
export async function readBlockBars(
  db: Kysely<MarketTables>,
  tickers: readonly string[],
  tail: TailNeed | undefined,
  rows: SqliteRowReader,
): Promise<Map<string, HistoryColumns>> {
  let partsOf: Map<string, BlockPart[]>;
  if (tail !== undefined) partsOf = await tailParts(db, tickers, tail, rows);
  else {
    partsOf = new Map();
    for (const t of tickers) partsOf.set(t, await wholeParts(db, t, rows));
  }
  return new Map([...partsOf].map(([t, parts]) => [t, columns(parts)]));
}
