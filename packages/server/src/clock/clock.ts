/** The service's notion of "now" for market semantics (sessions, cards, analytics windows). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that starts at `asOf` and then advances with real time, so a service started "as of" a
 * past instant behaves as if it were running at that moment (sessions open and close as they did).
 */
export function asOfClock(asOf: Date, realNow: () => number = Date.now): Clock {
  const offset = asOf.getTime() - realNow();
  return { now: () => new Date(realNow() + offset) };
}
