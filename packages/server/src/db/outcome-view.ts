import type { CardOutcomeRecord } from './records.js';

/** An outcome as the ledger, the feed and the API carry it: without the keys its card already has. */
export function outcomeView(o: CardOutcomeRecord): Omit<CardOutcomeRecord, 'card_id' | 'session'> {
  const { card_id: _id, session: _session, ...rest } = o;
  return rest;
}
