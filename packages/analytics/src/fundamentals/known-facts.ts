import type { FundamentalFact } from './fundamental-fact.js';

const periodKey = (f: FundamentalFact) => `${f.item}|${f.fiscalYear}|${f.fiscalPeriod}`;

const byFiling = (a: FundamentalFact, b: FundamentalFact) =>
  a.filed < b.filed
    ? -1
    : a.filed > b.filed
      ? 1
      : a.accession < b.accession
        ? -1
        : a.accession > b.accession
          ? 1
          : 0;

/**
 * The facts known at the end of `asOf` (YYYY-MM-DD): one per item and fiscal period, filed on or before
 * `asOf`. Of an item's concepts the first in its documented order that has a value for the period is
 * used. A value re-reported unchanged by a later filing keeps its first filing (it was known from then);
 * a changed value (a restatement) replaces it from the later filing's date on. Nothing filed after `asOf`
 * is seen, so a figure is known from its filing date exactly as a bar is known from its session.
 */
export function knownFacts(facts: readonly FundamentalFact[], asOf: string): FundamentalFact[] {
  const best = new Map<string, FundamentalFact>();
  for (const f of [...facts].filter((f) => f.filed <= asOf).sort(byFiling)) {
    const key = periodKey(f);
    const held = best.get(key);
    if (held === undefined || f.rank < held.rank) best.set(key, f);
    else if (f.rank > held.rank) continue;
    // When two periods share one label (a filing's comparative read under its own year), the later
    // period end is the label's own.
    else if (f.end > held.end || (f.end === held.end && f.value !== held.value)) best.set(key, f);
  }
  return [...best.values()];
}
