/** The service's notion of "now" for market semantics (sessions, cards, analytics windows). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that starts at `asOf` and then advances with real time, so a service started "as of" a
 * past instant behaves as if it were running at that moment (sessions open and close as they did).
 * `origin`: the real instant (epoch ms) at which it stood at `asOf` — now by default; a deployment's
 * processes share the first one's (storage `asOfOrigins`), so they all run one clock.
 */
export function asOfClock(asOf: Date, realNow: () => number = Date.now, origin: number = realNow()): Clock {
  const offset = asOf.getTime() - origin;
  return { now: () => new Date(realNow() + offset) };
}
