/**
 * Verifying a copy of the cards' ledger (GET /api/v1/cards/ledger; format: docs/signals/ledger.md) with
 * nothing but the platform's WebCrypto: the same rules `bellwether ledger verify` applies on the server.
 */

/** One ledger entry as the API serves it. */
export interface LedgerEntry {
  readonly seq: number;
  readonly kind: 'publication' | 'card' | 'outcome';
  readonly session: string;
  readonly ref: string;
  readonly recorded_at: string;
  readonly data: unknown;
  readonly prev_hash: string;
  readonly hash: string;
}

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

/** The previous hash of the first entry. */
const GENESIS_HASH = '0'.repeat(64);

/** RFC 8785 canonical JSON: members sorted by UTF-16 code units, no whitespace, ECMAScript numbers. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`canonical JSON has no representation for ${value}`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (typeof value === 'object') {
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${members.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new TypeError(`canonical JSON has no representation for a ${typeof value}`);
}

async function entryHash(e: Omit<LedgerEntry, 'hash'>): Promise<string> {
  const { seq, kind, session, ref, recorded_at, data, prev_hash } = e;
  const bytes = new TextEncoder().encode(
    canonicalJson({ seq, kind, session, ref, recorded_at, data, prev_hash }),
  );
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Checks a copy of the ledger end to end: sequence numbers without a gap, each entry chained to the
 * previous one's hash and hashing to its own, a card only in a publication that lists it and once, an
 * outcome only for a published card and once, every listed card present. The first entry breaking a rule
 * is named. Pass `from` (a seq and hash you verified before) to check only what came after it.
 */
export async function verifyLedger(
  entries: AsyncIterable<LedgerEntry> | Iterable<LedgerEntry>,
  from: { readonly seq: number; readonly hash: string } = { seq: 0, hash: GENESIS_HASH },
): Promise<LedgerVerdict> {
  let seq = from.seq;
  let prev = from.hash;
  const partial = from.seq > 0;
  const listed = new Map<string, { session: string; seq: number }>();
  const published = new Set<string>();
  const sessions = new Set<string>();
  const resolved = new Set<string>();
  const counts = { publications: 0, late: 0, cards: 0, outcomes: 0 };
  const fail = (e: LedgerEntry, problem: string): LedgerVerdict => ({
    ok: false,
    seq: e.seq,
    ref: e.ref,
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
    if ((await entryHash(rest)) !== hash)
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
      counts.publications++;
      if (data.late === true) counts.late++;
      for (const id of Array.isArray(data.cards) ? (data.cards as unknown[]) : [])
        listed.set(String(id), { session: e.session, seq: e.seq });
    } else if (e.kind === 'card') {
      const home = listed.get(e.ref);
      if ((home === undefined || home.session !== e.session) && !(partial && !sessions.has(e.session)))
        return fail(e, `card ${e.ref} is not listed by the publication of session ${e.session}`);
      if (published.has(e.ref)) return fail(e, `card ${e.ref} is published a second time`);
      if (data.id !== e.ref || data.session !== e.session)
        return fail(e, `the card's own id and session are not ${e.ref} of ${e.session}`);
      listed.delete(e.ref);
      published.add(e.ref);
      counts.cards++;
    } else if (e.kind === 'outcome') {
      if (!published.has(e.ref) && !partial)
        return fail(e, `outcome for card ${e.ref}, which was never published`);
      if (resolved.has(e.ref)) return fail(e, `card ${e.ref} has a second outcome`);
      resolved.add(e.ref);
      counts.outcomes++;
    } else return fail(e, `unknown entry kind ${String(e.kind)}`);
  }
  for (const [card, where] of listed)
    return {
      ok: false,
      seq: where.seq,
      ref: where.session,
      problem: `the publication of ${where.session} lists card ${card}, which is not in the ledger`,
    };
  return {
    ok: true,
    entries: seq - from.seq,
    head: { seq, hash: prev },
    publications: counts.publications,
    late_publications: counts.late,
    cards: counts.cards,
    outcomes: counts.outcomes,
  };
}
