import { bulkUpsert } from './bulk-upsert.js';
import type { InstrumentsTable } from './tables.js';
import { INSTRUMENTS } from './tables-spec.js';
import type { Instrument, WriteCounts } from './types.js';
import { NO_CHANGES } from './types.js';
import { chunks, IN_LIST_CHUNK, type WriteContext } from './write-context.js';

function row(i: Instrument): unknown[] {
  return [
    i.ticker,
    i.name,
    i.exchange,
    i.asset_class,
    i.currency,
    i.sector,
    i.calendar,
    i.active ? 1 : 0,
    i.source,
    i.industry ?? null,
    // A listing that trades has not ended.
    i.active ? null : (i.delisted_on ?? null),
  ];
}

/**
 * The row as written over `stored`: an industry or delisting date the write leaves absent keeps the
 * stored one (a writer that never knew them — a universe file, the demo — does not erase them).
 */
const over = (i: Instrument, stored: InstrumentsTable | undefined): Instrument =>
  stored === undefined
    ? i
    : {
        ...i,
        industry: i.industry === undefined ? stored.industry : i.industry,
        delisted_on: i.delisted_on === undefined ? stored.delisted_on : i.delisted_on,
      };

/**
 * Upserts instrument master rows. With `onlyMissing`, existing tickers are left as they are (a file
 * ingested for a known ticker must not overwrite its name or sector with defaults). An industry or
 * delisting date absent from a row keeps the stored one; a row written active has no delisting date.
 */
export async function writeInstruments(
  ctx: WriteContext,
  instruments: readonly Instrument[],
  onlyMissing: boolean,
): Promise<WriteCounts> {
  if (instruments.length === 0) return NO_CHANGES;
  let inserted = 0;
  let updated = 0;
  const rows: unknown[][] = [];
  for (const group of chunks(instruments, IN_LIST_CHUNK)) {
    const existing = await ctx.trx
      .selectFrom('instruments')
      .selectAll()
      .where(
        'ticker',
        'in',
        group.map((i) => i.ticker),
      )
      .execute();
    const stored = new Map(existing.map((r) => [r.ticker, r]));
    for (const i of group) {
      const e = stored.get(i.ticker);
      const next = row(over(i, e));
      if (e === undefined) inserted++;
      else if (onlyMissing) continue;
      else if (row({ ...e, active: e.active === 1 }).some((v, k) => v !== next[k])) updated++;
      else continue;
      rows.push(next);
    }
  }
  await bulkUpsert(ctx.trx, ctx.dialect, INSTRUMENTS, rows);
  return { inserted, updated, unchanged: instruments.length - inserted - updated };
}
