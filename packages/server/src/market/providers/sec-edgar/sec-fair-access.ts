/**
 * SEC's fair-access policy for EDGAR (www.sec.gov/os/accessing-edgar-data): at most 10 requests a second
 * from one user, and a User-Agent naming the operator with a contact address; a user over the rate gets
 * 403 "Request Rate Threshold Exceeded" and is blocked for ten minutes. The budget sends at most 9 in any
 * second: it times a request when the request is allowed, SEC when it arrives, and a request delayed on
 * its way (a busy event loop, a slow connection) arrives closer to the next than it was allowed — at
 * exactly 10 a second a paced run of 15 requests was blocked by the loopback stand-in every time.
 */
export const SEC_BUDGET = { perSecond: 9, perMinute: 540, perDay: 500_000 };
/** The User-Agent SEC asks for: refused unless it holds a contact e-mail address. */
export function secUserAgent(userAgent: string): string {
  if (!/\S+@\S+/.test(userAgent))
    throw new RangeError('SEC EDGAR needs a User-Agent naming the operator and a contact e-mail address');
  return userAgent;
}
