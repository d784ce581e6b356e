import type { FiscalPeriod, FundamentalFact } from '@bellwether/analytics';
import type { CompanyFact } from './read-company-facts.js';
import { CONCEPT_ITEMS } from './standard-concepts.js';

const DAY_MS = 86_400_000;

/** A duration's place in a fiscal year by its length in days (52/53-week years included), or none. */
function durationClass(start: string, end: string): 'Q' | 'H1' | 'M9' | 'FY' | undefined {
  const days = (Date.parse(end) - Date.parse(start)) / DAY_MS + 1;
  if (days >= 70 && days <= 110) return 'Q';
  if (days >= 160 && days <= 200) return 'H1';
  if (days >= 250 && days <= 290) return 'M9';
  if (days >= 340 && days <= 380) return 'FY';
  return undefined;
}

const QUARTER_FP = new Set(['Q1', 'Q2', 'Q3']);

/**
 * The fiscal period a fact's period is: companyfacts' `fy`/`fp` are the reporting filing's, so a
 * comparative figure re-reported a year later carries the later year. A period is therefore labelled by
 * the first filing that reported it (its own report), and by its length: a quarter is that filing's
 * quarter (Q4 when the filing is an annual report), six and nine months are year to date through Q2 and
 * Q3, a year is the fiscal year; a balance is at the end of the filing's quarter (Q4 for an annual report).
 */
function periodLabel(
  start: string | null,
  first: CompanyFact,
): { year: number; period: FiscalPeriod } | undefined {
  if (first.fy === null || first.fp === null) return undefined;
  const fp = first.fp;
  const asQuarter = QUARTER_FP.has(fp) ? (fp as FiscalPeriod) : fp === 'FY' ? 'Q4' : undefined;
  if (start === null) return asQuarter === undefined ? undefined : { year: first.fy, period: asQuarter };
  const kind = durationClass(start, first.end);
  if (kind === undefined) return undefined;
  if (kind === 'Q') return asQuarter === undefined ? undefined : { year: first.fy, period: asQuarter };
  return { year: first.fy, period: kind };
}

const earlier = (a: CompanyFact, b: CompanyFact) =>
  a.filed < b.filed || (a.filed === b.filed && a.accession < b.accession);

/**
 * The standard items of a company's facts (see STANDARD_CONCEPTS), each labelled with its own fiscal
 * period (see periodLabel): every filing's value kept, a re-report included, so the point-in-time reading
 * (knownFacts) can tell what was known when. Facts of other durations (a month, two quarters that are
 * not year to date) and exact duplicates are left out.
 */
export function standardFacts(facts: readonly CompanyFact[]): FundamentalFact[] {
  const firstOf = new Map<string, CompanyFact>();
  for (const f of facts) {
    const key = `${f.start ?? ''}|${f.end}`;
    const held = firstOf.get(key);
    if (held === undefined || earlier(f, held)) firstOf.set(key, f);
  }
  const out: FundamentalFact[] = [];
  const seen = new Set<string>();
  for (const f of facts) {
    const mapped = CONCEPT_ITEMS.get(`${f.taxonomy}/${f.concept}/${f.unit}`);
    const first = firstOf.get(`${f.start ?? ''}|${f.end}`);
    if (mapped === undefined || first === undefined) continue;
    const label = periodLabel(f.start, first);
    const key = `${f.taxonomy}:${f.concept}|${f.start ?? ''}|${f.end}|${f.accession}`;
    if (label === undefined || seen.has(key)) continue;
    seen.add(key);
    out.push({
      item: mapped.item,
      concept: `${f.taxonomy}:${f.concept}`,
      rank: mapped.rank,
      start: f.start,
      end: f.end,
      fiscalYear: label.year,
      fiscalPeriod: label.period,
      value: f.value,
      filed: f.filed,
      form: f.form,
      accession: f.accession,
    });
  }
  return out;
}
