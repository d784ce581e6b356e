/** Why the record's figures are null, in words; null when they are not. */
export function trackRecordNote(
  overall: { readonly cards: number; readonly resolved: number },
  start: string | undefined,
  from: string,
  to: string,
): string | null {
  if (start === undefined)
    return 'No session has been published on time yet, so the track record is empty: it starts with the first session this server publishes on time (a backfilled session is kept out).';
  if (overall.cards === 0)
    return `No card was published on time in ${from} … ${to}; the track record runs from ${start}.`;
  if (overall.resolved === 0)
    return `${overall.cards} card${overall.cards === 1 ? ' was' : 's were'} published in ${from} … ${to}, and none has an outcome yet: an outcome is recorded once a card reaches T1, T2, its stop or its expiry (docs/signals/outcomes.md).`;
  return null;
}

/** What the backfilled record is, always said: simulated, and why nobody could have traded it. */
export function backfilledNote(
  overall: { readonly cards: number; readonly resolved: number },
  from: string,
  to: string,
): string {
  const what =
    "Simulated: these cards were published after their sessions had closed (a fresh demo's history, or `bellwether publish --backfill`), from data anyone had seen. Their outcomes are evaluated by the same rules, but nobody could have acted on them: this is not a track record.";
  if (overall.cards === 0) return `${what} No backfilled session in ${from} … ${to}.`;
  if (overall.resolved === 0) return `${what} None of its ${overall.cards} cards has an outcome yet.`;
  return what;
}
