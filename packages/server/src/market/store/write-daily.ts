import { type BarTuple, barBlocks, upsertBarBlocks } from './bar-blocks.js';
import type { BarRevisionsTable, DailyBarsTable } from './tables.js';
import { CORPORATE_ACTIONS, DAILY_BARS } from './tables-spec.js';
import type { Bar, CorporateAction, WriteCounts } from './types.js';
import { NO_CHANGES } from './types.js';
import { assertFinite, chunks, type WriteContext, writeRows } from './write-context.js';

/** Revision rows per insert statement (9 parameters each, under SQLite's 32,766). */
const REVISION_CHUNK = 1000;

function dateRange(items: readonly { readonly date: string }[]): [string, string] {
  let min = (items[0] as { date: string }).date;
  let max = min;
  for (const { date } of items) {
    if (date < min) min = date;
    if (date > max) max = date;
  }
  return [min, max];
}

/**
 * Upserts one ticker's daily bars (dates unique). Reads the stored bars of the same dates first (SQLite:
 * of the same years), so identical rows are neither written nor counted as changes (re-importing a file
 * changes nothing), and, on SQLite, so the year blocks of the years written are rebuilt from rows in
 * hand (`bar-blocks.ts`).
 */
export async function writeDailyBars(
  ctx: WriteContext,
  ticker: string,
  bars: readonly Bar[],
): Promise<WriteCounts> {
  if (bars.length === 0) return NO_CHANGES;
  const [min, max] = dateRange(bars);
  const existing = await ctx.trx
    .selectFrom('daily_bars')
    .select(['date', 'open', 'high', 'low', 'close', 'volume', 'source'])
    .where('ticker', '=', ticker)
    // SQLite: whole years, the rows its year blocks are rebuilt from.
    .where('date', '>=', ctx.dialect === 'sqlite' ? `${min.slice(0, 4)}-01-01` : min)
    .where('date', '<=', ctx.dialect === 'sqlite' ? `${max.slice(0, 4)}-12-31` : max)
    .execute();
  const stored = new Map(existing.map((r) => [r.date, r]));
  const fresh: unknown[][] = [];
  const changed: unknown[][] = [];
  const revisions: BarRevisionsTable[] = [];
  let inserted = 0;
  let updated = 0;
  for (const b of bars) {
    assertFinite(`${ticker} bar ${b.date}`, b.open, b.high, b.low, b.close, b.volume);
    const e = stored.get(b.date);
    if (e === undefined) inserted++;
    else if (
      e.open !== b.open ||
      e.high !== b.high ||
      e.low !== b.low ||
      e.close !== b.close ||
      e.volume !== b.volume ||
      e.source !== ctx.source
    ) {
      updated++;
      if (
        e.open !== b.open ||
        e.high !== b.high ||
        e.low !== b.low ||
        e.close !== b.close ||
        e.volume !== b.volume
      )
        revisions.push({
          ticker,
          date: b.date,
          revised_at: ctx.at,
          old_source: e.source,
          new_source: ctx.source,
          old_close: e.close,
          new_close: b.close,
          old_volume: e.volume,
          new_volume: b.volume,
        });
    } else continue;
    (e === undefined ? fresh : changed).push([
      ticker,
      b.date,
      b.open,
      b.high,
      b.low,
      b.close,
      b.volume,
      ctx.source,
    ]);
  }
  await writeRows(ctx, DAILY_BARS, fresh, changed);
  // SQLite reads histories from year blocks (ADR 0079); PostgreSQL from these rows.
  if (ctx.dialect === 'sqlite' && inserted + updated > 0)
    await writeBarBlocks(ctx, ticker, existing, fresh, changed);
  // A bar whose prices or volume changed is a revision (a provider corrected it, or another file disagreed):
  // logged, so an operator can see what moved under the analytics. Published cards never change.
  for (const chunk of chunks(revisions, REVISION_CHUNK))
    await ctx.trx.insertInto('bar_revisions').values(chunk).execute();
  return { inserted, updated, unchanged: bars.length - inserted - updated };
}

/** Upserts one ticker's corporate actions (unique per date and kind), counting like writeDailyBars. */
export async function writeActions(
  ctx: WriteContext,
  ticker: string,
  actions: readonly CorporateAction[],
): Promise<WriteCounts> {
  if (actions.length === 0) return NO_CHANGES;
  const [min, max] = dateRange(actions);
  const existing = await ctx.trx
    .selectFrom('corporate_actions')
    .select(['date', 'kind', 'value', 'source'])
    .where('ticker', '=', ticker)
    .where('date', '>=', min)
    .where('date', '<=', max)
    .execute();
  const stored = new Map(existing.map((r) => [`${r.date}|${r.kind}`, r]));
  const fresh: unknown[][] = [];
  const changed: unknown[][] = [];
  let inserted = 0;
  let updated = 0;
  for (const a of actions) {
    assertFinite(`${ticker} ${a.kind} ${a.date}`, a.value);
    const e = stored.get(`${a.date}|${a.kind}`);
    if (e === undefined) inserted++;
    else if (e.value !== a.value || e.source !== ctx.source) updated++;
    else continue;
    (e === undefined ? fresh : changed).push([ticker, a.date, a.kind, a.value, ctx.source]);
  }
  await writeRows(ctx, CORPORATE_ACTIONS, fresh, changed);
  return { inserted, updated, unchanged: actions.length - inserted - updated };
}

/**
 * Rewrites the blocks of the years `fresh` and `changed` rows (bulk rows: ticker, date, prices, source)
 * fall in, from those rows over the `stored` rows of the same years.
 */
async function writeBarBlocks(
  ctx: WriteContext,
  ticker: string,
  stored: readonly Omit<DailyBarsTable, 'ticker'>[],
  fresh: readonly (readonly unknown[])[],
  changed: readonly (readonly unknown[])[],
): Promise<void> {
  const years = new Set<string>();
  const bars: BarTuple[] = [];
  for (const r of fresh) {
    bars.push(r.slice(1) as unknown as BarTuple);
    years.add((r[1] as string).slice(0, 4));
  }
  const rewritten = new Set<string>();
  for (const r of changed) {
    bars.push(r.slice(1) as unknown as BarTuple);
    years.add((r[1] as string).slice(0, 4));
    rewritten.add(r[1] as string);
  }
  for (const r of stored)
    if (years.has(r.date.slice(0, 4)) && !rewritten.has(r.date))
      bars.push([r.date, r.open, r.high, r.low, r.close, r.volume, r.source]);
  let ascending = true;
  for (let i = 1; i < bars.length && ascending; i++)
    ascending = (bars[i - 1] as BarTuple)[0] < (bars[i] as BarTuple)[0];
  if (!ascending) bars.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  await upsertBarBlocks(ctx.trx, ticker, barBlocks(bars));
}
