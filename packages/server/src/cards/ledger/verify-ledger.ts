import { GENESIS_HASH, type LedgerEntry, ledgerHash } from '../../db/card-ledger.js';

export type LedgerVerdict =
  | {
      readonly ok: true;
      readonly entries: number;
      readonly head: { readonly seq: number; readonly hash: string };
      readonly publications: number;
      readonly late_publications: number;
      readonly cards: number;
      readonly outcomes: number;
    }
  | { readonly ok: false; readonly seq: number; readonly ref: string | null; readonly problem: string };

/** Where a copy starts: after `seq`, whose hash is `hash` (default: the beginning). */
export interface LedgerCheckpoint {
  readonly seq: number;
  readonly hash: string;
}

/**
 * Checks a copy of the cards' ledger end to end (docs/signals/ledger.md): sequence numbers without a gap,
 * each entry chained to the previous one's hash and hashing to its own, and the record's rules — a card
 * only in a publication that lists it, once; an outcome only for a card already published, once; every
 * card a publication lists present. The first entry that breaks a rule is named.
 */
export async function verifyLedger(
  entries: AsyncIterable<LedgerEntry> | Iterable<LedgerEntry>,
  from: LedgerCheckpoint = { seq: 0, hash: GENESIS_HASH },
): Promise<LedgerVerdict> {
  let seq = from.seq;
  let prev = from.hash;
  const partial = from.seq > 0;
  const listed = new Map<string, { session: string; seq: number }>();
  const published = new Set<string>();
  const sessions = new Set<string>();
  const resolved = new Set<string>();
  let publications = 0;
  let late = 0;
  let cards = 0;
  let outcomes = 0;
  const fail = (e: LedgerEntry | undefined, problem: string): LedgerVerdict => ({
    ok: false,
    seq: e?.seq ?? seq + 1,
    ref: e?.ref ?? null,
    problem,
  });
  for await (const e of entries) {
    if (e.seq !== seq + 1)
      return fail(
        e,
        `expected entry ${seq + 1} after ${seq}, found ${e.seq}: entries are missing or out of order`,
      );
    if (e.prev_hash !== prev)
      return fail(
        e,
        `its prev_hash ${e.prev_hash} is not the hash of entry ${seq} (${prev}): the chain is broken`,
      );
    const { hash, ...rest } = e;
    if (ledgerHash(rest) !== hash)
      return fail(
        e,
        'its content does not hash to its recorded hash: the entry was changed after it was written',
      );
    seq = e.seq;
    prev = hash;
    const data = (e.data ?? {}) as Record<string, unknown>;
    if (e.kind === 'publication') {
      if (e.ref !== e.session) return fail(e, 'a publication names its session as its ref');
      if (sessions.has(e.session)) return fail(e, `session ${e.session} is published a second time`);
      sessions.add(e.session);
      publications++;
      if (data.late === true) late++;
      const ids = Array.isArray(data.cards) ? (data.cards as unknown[]) : [];
      for (const id of ids) listed.set(String(id), { session: e.session, seq: e.seq });
    } else if (e.kind === 'card') {
      const home = listed.get(e.ref);
      if (home === undefined || home.session !== e.session) {
        if (!(partial && !sessions.has(e.session)))
          return fail(e, `card ${e.ref} is not listed by the publication of session ${e.session}`);
      }
      if (published.has(e.ref)) return fail(e, `card ${e.ref} is published a second time`);
      if (data.id !== e.ref || data.session !== e.session)
        return fail(e, `the card's own id and session are not ${e.ref} of ${e.session}`);
      listed.delete(e.ref);
      published.add(e.ref);
      cards++;
    } else if (e.kind === 'outcome') {
      if (!published.has(e.ref) && !partial)
        return fail(e, `outcome for card ${e.ref}, which was never published`);
      if (resolved.has(e.ref)) return fail(e, `card ${e.ref} has a second outcome`);
      resolved.add(e.ref);
      outcomes++;
    } else return fail(e, `unknown entry kind ${String(e.kind)}`);
  }
  const [missing, where] = listed.entries().next().value ?? [];
  if (missing !== undefined && where !== undefined)
    return {
      ok: false,
      seq: where.seq,
      ref: where.session,
      problem: `the publication of ${where.session} lists card ${missing}, which is not in the ledger`,
    };
  return {
    ok: true,
    entries: seq - from.seq,
    head: { seq, hash: prev },
    publications,
    late_publications: late,
    cards,
    outcomes,
  };
}
