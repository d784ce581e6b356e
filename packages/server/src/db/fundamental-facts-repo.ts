import type { FiscalPeriod, FundamentalFact, FundamentalItem } from '@bellwether/analytics';
import { conceptRank } from '../market/fundamentals/standard-concepts.js';
import type { RepoContext } from './repo-context.js';

/** Rows per insert: 13 columns, well under both dialects' bound-parameter limits. */
const CHUNK = 400;

/** Fundamentals as filed (migration 0031, ADR 0103): every filing's value kept, none overwritten. */
export interface FundamentalFactsRepo {
  /**
   * Stores the facts of `ticker` not stored yet (a value is keyed by its item, concept, period and
   * filing): a re-read of the same document adds nothing, a later filing's restatement adds its row
   * beside the first. Returns the rows added.
   */
  add(ticker: string, facts: readonly FundamentalFact[], source: string): Promise<number>;
  /** Every stored fact of `ticker`, each with its concept's rank in today's order (see conceptRank). */
  load(ticker: string): Promise<FundamentalFact[]>;
}

export function createFundamentalFactsRepo({ db, now }: RepoContext): FundamentalFactsRepo {
  return {
    async add(ticker, facts, source) {
      const added_at = now();
      let added = 0;
      await db.transaction().execute(async (trx) => {
        for (let k = 0; k < facts.length; k += CHUNK) {
          const r = await trx
            .insertInto('fundamental_facts')
            .values(
              facts.slice(k, k + CHUNK).map((f) => ({
                ticker,
                item: f.item,
                concept: f.concept,
                period_start: f.start ?? '',
                period_end: f.end,
                accession: f.accession,
                fiscal_year: f.fiscalYear,
                fiscal_period: f.fiscalPeriod,
                value: f.value,
                filed: f.filed,
                form: f.form,
                source,
                added_at,
              })),
            )
            .onConflict((oc) =>
              oc
                .columns(['ticker', 'item', 'concept', 'period_start', 'period_end', 'accession'])
                .doNothing(),
            )
            .executeTakeFirst();
          added += Number(r.numInsertedOrUpdatedRows ?? 0n);
        }
      });
      return added;
    },

    async load(ticker) {
      const rows = await db
        .selectFrom('fundamental_facts')
        .selectAll()
        .where('ticker', '=', ticker)
        .orderBy('filed')
        .orderBy('accession')
        .execute();
      // The analytics engine is loaded only by what reads facts (a `keys list` never does).
      const { FUNDAMENTAL_ITEMS } = await import('@bellwether/analytics');
      const items = new Set<string>(FUNDAMENTAL_ITEMS);
      return rows
        .filter((r) => items.has(r.item))
        .map((r) => ({
          item: r.item as FundamentalItem,
          concept: r.concept,
          rank: conceptRank(r.item as FundamentalItem, r.concept),
          start: r.period_start === '' ? null : r.period_start,
          end: r.period_end,
          fiscalYear: Number(r.fiscal_year),
          fiscalPeriod: r.fiscal_period as FiscalPeriod,
          value: Number(r.value),
          filed: r.filed,
          form: r.form,
          accession: r.accession,
        }));
    },
  };
}
