import {
  type FiscalPeriod,
  FUNDAMENTAL_ITEMS,
  type FundamentalFact,
  type FundamentalItem,
  ITEM_KIND,
} from './fundamental-fact.js';

/**
 * How a figure was obtained when no filing reported it as such:
 * - `ytd_difference`: a quarter as the difference of two year-to-date figures (H1 − Q1, 9M − H1);
 * - `year_less_quarters`: Q4 as the fiscal year less the nine months through Q3;
 * - `sum_of_quarters`: trailing twelve months as the sum of four consecutive quarters.
 */
export type Derivation = 'ytd_difference' | 'year_less_quarters' | 'sum_of_quarters';

/**
 * One figure with its provenance: the concept it was read from, and the filing it is known from (for a
 * derived figure, the latest of the filings it was computed from, all of whose accessions are listed).
 */
export interface FigureValue {
  readonly value: number;
  readonly concept: string;
  readonly filed: string;
  readonly form: string;
  readonly accession: string;
  readonly derived: Derivation | null;
  readonly accessions: readonly string[];
}

export interface FiscalFigures {
  readonly fiscalYear: number;
  readonly fiscalPeriod: 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'FY' | 'TTM';
  /** The first day of the period (null when only balances are known), and its last. */
  readonly start: string | null;
  readonly end: string;
  readonly values: Partial<Record<FundamentalItem, FigureValue>>;
}

const reported = (f: FundamentalFact): FigureValue => ({
  value: f.value,
  concept: f.concept,
  filed: f.filed,
  form: f.form,
  accession: f.accession,
  derived: null,
  accessions: [f.accession],
});

/** A figure computed from others: known once the last of them was filed. */
export function combined(value: number, parts: readonly FigureValue[], derived: Derivation): FigureValue {
  const last = parts.reduce((a, b) => (b.filed > a.filed ? b : a));
  return {
    value,
    concept: parts[0]?.concept ?? last.concept,
    filed: last.filed,
    form: last.form,
    accession: last.accession,
    derived,
    accessions: [...new Set(parts.flatMap((p) => p.accessions))],
  };
}

interface Span {
  readonly value: FigureValue;
  readonly start: string | null;
  readonly end: string;
}

const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function index(facts: readonly FundamentalFact[]) {
  const by = new Map<string, FundamentalFact>();
  for (const f of facts) by.set(`${f.item}|${f.fiscalYear}|${f.fiscalPeriod}`, f);
  return (item: FundamentalItem, year: number, period: FiscalPeriod): Span | undefined => {
    const f = by.get(`${item}|${year}|${period}`);
    return f === undefined ? undefined : { value: reported(f), start: f.start, end: f.end };
  };
}

const CUMULATIVE: readonly FiscalPeriod[] = ['Q1', 'H1', 'M9', 'FY'];
const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'] as const;

/**
 * A flow's quarter k (1–4) of a fiscal year: as reported, else the difference of the year-to-date figures
 * through quarters k and k−1 (Q4: the year less the nine months), where the year-to-date figure through a
 * quarter is reported or the sum of the reported ones before it.
 */
function flowQuarter(
  at: ReturnType<typeof index>,
  item: FundamentalItem,
  year: number,
  k: number,
): Span | undefined {
  const own = at(item, year, QUARTERS[k - 1] as FiscalPeriod);
  if (own !== undefined) return own;
  if (k === 1) return undefined;
  const through = (j: number): Span | undefined => {
    const ytd = at(item, year, CUMULATIVE[j - 1] as FiscalPeriod);
    if (ytd !== undefined || j === 1 || j === 4) return ytd;
    const before = through(j - 1);
    const quarter = at(item, year, QUARTERS[j - 1] as FiscalPeriod);
    if (before === undefined || quarter === undefined) return undefined;
    return {
      value: combined(
        before.value.value + quarter.value.value,
        [before.value, quarter.value],
        'ytd_difference',
      ),
      start: before.start,
      end: quarter.end,
    };
  };
  const upTo = through(k);
  const before = through(k - 1);
  if (upTo === undefined || before === undefined || upTo.end <= before.end) return undefined;
  return {
    value: combined(
      upTo.value.value - before.value.value,
      [upTo.value, before.value],
      k === 4 ? 'year_less_quarters' : 'ytd_difference',
    ),
    start: nextDay(before.end),
    end: upTo.end,
  };
}

function figures(
  year: number,
  period: FiscalFigures['fiscalPeriod'],
  spans: ReadonlyArray<readonly [FundamentalItem, Span | undefined]>,
): FiscalFigures | undefined {
  const present = spans.filter((s): s is [FundamentalItem, Span] => s[1] !== undefined);
  if (present.length === 0) return undefined;
  const durations = present.filter(([, s]) => s.start !== null);
  const anchor = (durations[0] ?? present[0])?.[1] as Span;
  return {
    fiscalYear: year,
    fiscalPeriod: period,
    start: durations.length > 0 ? anchor.start : null,
    end: anchor.end,
    values: Object.fromEntries(present.map(([item, s]) => [item, s.value])),
  };
}

/**
 * Each fiscal quarter's standard items from the facts known at a date (see knownFacts), oldest first:
 * flows as reported or derived from year-to-date figures (Q4 from the year), per-share and weighted-share
 * figures as reported only, balances at the quarter's end. A quarter with no figure is left out.
 */
export function fiscalQuarters(known: readonly FundamentalFact[]): FiscalFigures[] {
  const at = index(known);
  const years = [...new Set(known.map((f) => f.fiscalYear))].sort((a, b) => a - b);
  const out: FiscalFigures[] = [];
  for (const year of years)
    for (let k = 1; k <= 4; k++) {
      const period = QUARTERS[k - 1] as (typeof QUARTERS)[number];
      const q = figures(
        year,
        period,
        FUNDAMENTAL_ITEMS.map((item) => [
          item,
          ITEM_KIND[item] === 'flow' ? flowQuarter(at, item, year, k) : at(item, year, period),
        ]),
      );
      if (q !== undefined) out.push(q);
    }
  return out;
}

/** Each fiscal year's standard items as the annual report gave them (balances at the year's end), oldest first. */
export function fiscalYears(known: readonly FundamentalFact[]): FiscalFigures[] {
  const at = index(known);
  const years = [...new Set(known.map((f) => f.fiscalYear))].sort((a, b) => a - b);
  const out: FiscalFigures[] = [];
  for (const year of years) {
    const y = figures(
      year,
      'FY',
      FUNDAMENTAL_ITEMS.map((item) => [item, at(item, year, ITEM_KIND[item] === 'instant' ? 'Q4' : 'FY')]),
    );
    if (y !== undefined) out.push(y);
  }
  return out;
}
