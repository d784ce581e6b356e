import { QUOTES, TRADES } from './tables-spec.js';
import type { QuoteRow, TradeRow, WriteCounts } from './types.js';
import { NO_CHANGES } from './types.js';
import { assertFinite, type WriteContext, writeRows } from './write-context.js';

/** `seq` of each row: its position among the rows with the same millisecond, in input order. */
function sequence(rows: readonly { readonly ts: number }[]): number[] {
  const seen = new Map<number, number>();
  return rows.map((r) => {
    const n = seen.get(r.ts) ?? 0;
    seen.set(r.ts, n + 1);
    return n;
  });
}

function tsRange(rows: readonly { readonly ts: number }[]): [number, number] {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const { ts } of rows) {
    if (ts < min) min = ts;
    if (ts > max) max = ts;
  }
  return [min, max];
}

/** Upserts one ticker's trades keyed by (ts, seq); identical rows are left alone and counted unchanged. */
export async function writeTrades(
  ctx: WriteContext,
  ticker: string,
  trades: readonly TradeRow[],
): Promise<WriteCounts> {
  if (trades.length === 0) return NO_CHANGES;
  const [min, max] = tsRange(trades);
  const existing = await ctx.trx
    .selectFrom('trades')
    .select(['ts', 'seq', 'price', 'size', 'side', 'condition', 'source'])
    .where('ticker', '=', ticker)
    .where('ts', '>=', min)
    .where('ts', '<=', max)
    .execute();
  const stored = new Map(existing.map((r) => [`${Number(r.ts)}|${r.seq}`, r]));
  const seq = sequence(trades);
  const fresh: unknown[][] = [];
  const changed: unknown[][] = [];
  let inserted = 0;
  let updated = 0;
  trades.forEach((t, i) => {
    const s = seq[i] as number;
    assertFinite(`${ticker} trade at ${t.ts}`, t.ts, t.price, t.size);
    const side = t.side ?? null;
    const condition = t.condition ?? null;
    const e = stored.get(`${t.ts}|${s}`);
    if (e === undefined) inserted++;
    else if (
      e.price !== t.price ||
      e.size !== t.size ||
      e.side !== side ||
      e.condition !== condition ||
      e.source !== ctx.source
    )
      updated++;
    else return;
    (e === undefined ? fresh : changed).push([ticker, t.ts, s, t.price, t.size, side, condition, ctx.source]);
  });
  await writeRows(ctx, TRADES, fresh, changed);
  return { inserted, updated, unchanged: trades.length - inserted - updated };
}

/** Upserts one ticker's quotes keyed by (ts, seq), counting like writeTrades. */
export async function writeQuotes(
  ctx: WriteContext,
  ticker: string,
  quotes: readonly QuoteRow[],
): Promise<WriteCounts> {
  if (quotes.length === 0) return NO_CHANGES;
  const [min, max] = tsRange(quotes);
  const existing = await ctx.trx
    .selectFrom('quotes')
    .select(['ts', 'seq', 'bid', 'ask', 'bid_size', 'ask_size', 'source'])
    .where('ticker', '=', ticker)
    .where('ts', '>=', min)
    .where('ts', '<=', max)
    .execute();
  const stored = new Map(existing.map((r) => [`${Number(r.ts)}|${r.seq}`, r]));
  const seq = sequence(quotes);
  const fresh: unknown[][] = [];
  const changed: unknown[][] = [];
  let inserted = 0;
  let updated = 0;
  quotes.forEach((q, i) => {
    const s = seq[i] as number;
    assertFinite(`${ticker} quote at ${q.ts}`, q.ts, q.bid, q.ask, q.bid_size, q.ask_size);
    const e = stored.get(`${q.ts}|${s}`);
    if (e === undefined) inserted++;
    else if (
      e.bid !== q.bid ||
      e.ask !== q.ask ||
      e.bid_size !== q.bid_size ||
      e.ask_size !== q.ask_size ||
      e.source !== ctx.source
    )
      updated++;
    else return;
    (e === undefined ? fresh : changed).push([
      ticker,
      q.ts,
      s,
      q.bid,
      q.ask,
      q.bid_size,
      q.ask_size,
      ctx.source,
    ]);
  });
  await writeRows(ctx, QUOTES, fresh, changed);
  return { inserted, updated, unchanged: quotes.length - inserted - updated };
}
