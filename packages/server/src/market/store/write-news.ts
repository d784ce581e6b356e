import { bulkUpsert } from './bulk-upsert.js';
import { NEWS, NEWS_TICKERS } from './tables-spec.js';
import type { NewsRow, WriteCounts } from './types.js';
import { NO_CHANGES } from './types.js';
import { chunks, IN_LIST_CHUNK, type WriteContext } from './write-context.js';

function tickersOf(item: NewsRow): string[] {
  return [...new Set(item.tickers.map((t) => t.toUpperCase()))].sort();
}

/**
 * Upserts news items by id (ids unique). A changed item replaces its fields and its ticker list;
 * identical items are left alone and counted unchanged.
 */
export async function writeNews(ctx: WriteContext, items: readonly NewsRow[]): Promise<WriteCounts> {
  if (items.length === 0) return NO_CHANGES;
  let inserted = 0;
  let updated = 0;
  const newsRows: unknown[][] = [];
  const tickerRows: unknown[][] = [];
  const replaced: string[] = [];
  for (const group of chunks(items, IN_LIST_CHUNK)) {
    const ids = group.map((i) => i.id);
    const existing = await ctx.trx.selectFrom('news').selectAll().where('id', 'in', ids).execute();
    const links = await ctx.trx.selectFrom('news_tickers').selectAll().where('news_id', 'in', ids).execute();
    const stored = new Map(existing.map((r) => [r.id, r]));
    const storedTickers = new Map<string, string[]>();
    for (const l of links) {
      const list = storedTickers.get(l.news_id) ?? [];
      list.push(l.ticker);
      storedTickers.set(l.news_id, list);
    }
    for (const item of group) {
      const tickers = tickersOf(item);
      const e = stored.get(item.id);
      if (e === undefined) inserted++;
      else if (
        e.published_at !== item.published_at ||
        e.source !== item.source ||
        e.headline !== item.headline ||
        e.summary !== (item.summary ?? null) ||
        e.url !== (item.url ?? null) ||
        e.data_source !== ctx.source ||
        (storedTickers.get(item.id) ?? []).sort().join(',') !== tickers.join(',')
      ) {
        updated++;
        replaced.push(item.id);
      } else continue;
      newsRows.push([
        item.id,
        item.published_at,
        item.source,
        item.headline,
        item.summary ?? null,
        item.url ?? null,
        ctx.source,
      ]);
      for (const t of tickers) tickerRows.push([item.id, t, item.published_at]);
    }
  }
  for (const ids of chunks(replaced, IN_LIST_CHUNK)) {
    await ctx.trx.deleteFrom('news_tickers').where('news_id', 'in', ids).execute();
  }
  await bulkUpsert(ctx.trx, ctx.dialect, NEWS, newsRows);
  await bulkUpsert(ctx.trx, ctx.dialect, NEWS_TICKERS, tickerRows);
  return { inserted, updated, unchanged: items.length - inserted - updated };
}
