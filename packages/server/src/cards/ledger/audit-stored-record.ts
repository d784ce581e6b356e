import { canonicalJson } from '../../db/canonical-json.js';
import type { LedgerEntry } from '../../db/card-ledger.js';
import { outcomeView } from '../../db/outcome-view.js';
import type { Storage } from '../../db/repositories.js';
import { type LedgerVerdict, verifyLedger } from './verify-ledger.js';

const PAGE = 5000;
const ALL = ['0000-01-01', '9999-12-31'] as const;

/**
 * The operator's check of their own store: the ledger verified end to end, and every card and outcome the
 * API serves equal to its ledger entry (a row changed, added or removed in the tables, not in the ledger,
 * is named). `bellwether ledger verify` runs it.
 */
export async function auditStoredRecord(storage: Storage): Promise<LedgerVerdict> {
  const cardsInLedger = new Map<string, { seq: number; data: string }>();
  const outcomesInLedger = new Map<string, { seq: number; data: string }>();
  async function* pages(): AsyncGenerator<LedgerEntry> {
    for (let after = 0; ; ) {
      const page = await storage.cards.ledger(after, PAGE);
      for (const e of page) {
        if (e.kind === 'card') cardsInLedger.set(e.ref, { seq: e.seq, data: canonicalJson(e.data) });
        if (e.kind === 'outcome') outcomesInLedger.set(e.ref, { seq: e.seq, data: canonicalJson(e.data) });
        yield e;
      }
      if (page.length < PAGE) return;
      after = (page.at(-1) as LedgerEntry).seq;
    }
  }
  const verdict = await verifyLedger(pages());
  if (!verdict.ok) return verdict;
  const [cards, outcomes] = await Promise.all([
    storage.cards.listRange(...ALL),
    storage.cards.outcomesInRange(...ALL),
  ]);
  for (const c of cards) {
    const entry = cardsInLedger.get(c.id);
    if (entry === undefined)
      return { ok: false, seq: 0, ref: c.id, problem: `card ${c.id} is served but is not in the ledger` };
    if (canonicalJson(JSON.parse(JSON.stringify(c.payload))) !== entry.data)
      return {
        ok: false,
        seq: entry.seq,
        ref: c.id,
        problem: `card ${c.id} as served differs from its ledger entry ${entry.seq}`,
      };
    cardsInLedger.delete(c.id);
  }
  const [lost] = cardsInLedger;
  if (lost !== undefined)
    return {
      ok: false,
      seq: lost[1].seq,
      ref: lost[0],
      problem: `card ${lost[0]} is in the ledger but no longer served`,
    };
  for (const o of outcomes) {
    const entry = outcomesInLedger.get(o.card_id);
    if (entry === undefined || canonicalJson(outcomeView(o)) !== entry.data)
      return {
        ok: false,
        seq: entry?.seq ?? 0,
        ref: o.card_id,
        problem:
          entry === undefined
            ? `the outcome of card ${o.card_id} is served but is not in the ledger`
            : `the outcome of card ${o.card_id} as served differs from its ledger entry ${entry.seq}`,
      };
    outcomesInLedger.delete(o.card_id);
  }
  const [gone] = outcomesInLedger;
  if (gone !== undefined)
    return {
      ok: false,
      seq: gone[1].seq,
      ref: gone[0],
      problem: `the outcome of card ${gone[0]} is in the ledger but no longer served`,
    };
  return verdict;
}
