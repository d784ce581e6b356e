/**
 * Millisecond time source for the in-process burst limiter. It only needs to be monotonic-ish:
 * the limiter never lets a key's log run backwards, so a wall clock that steps back (NTP) cannot
 * admit extra requests. Tests inject a manual clock.
 */
export interface MillisClock {
  now(): number;
}

/** Epoch milliseconds derived from the monotonic `performance` clock (immune to wall-clock steps). */
export const monotonicClock: MillisClock = {
  now: () => performance.timeOrigin + performance.now(),
};
