import { calendarFor } from '../../../src/market/calendar/calendar-for.js';
import type { FakeAnswer, SeenRequest } from '../providers/fake-provider-server.js';

const XNYS = calendarFor('XNYS') as NonNullable<ReturnType<typeof calendarFor>>;

/** The XNYS session dates from `from` to `to` inclusive. */
export function sessionDates(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const d = new Date(t).toISOString().slice(0, 10);
    if (XNYS.sessionOn(d) !== undefined) out.push(d);
  }
  return out;
}

/** A deterministic close for a ticker on a date: distinct per ticker, trending with cycles (setups fire). */
function closeOf(ticker: string, date: string): number {
  let h = 0;
  for (const c of ticker) h = (h * 31 + c.charCodeAt(0)) % 1000;
  const day = Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
  const trend = 0.03 * (day - 19_000) * ((h % 5) - 1);
  return (
    Math.round((80 + (h % 200) + trend + 5 * Math.sin(day / 7) + 2 * Math.sin(day / 3.1 + h)) * 100) / 100
  );
}

/** The ticker a Tiingo end-of-day request asks for (`/tiingo/daily/<ticker>/prices`), upper-cased. */
export const tiingoTicker = (req: SeenRequest) => (req.url.pathname.split('/')[3] ?? '').toUpperCase();

/**
 * Tiingo's answer to an end-of-day request or, without `/prices`, a meta-data request. End of day (documented shape: `date` at midnight UTC, raw prices, `divCash`, `splitFactor`) for the
 * request's ticker over its `startDate`…`endDate`, through `lastSession` at most (what the provider has
 * published so far), with `splits` (date → factor) applied as a provider does: prices before are not
 * adjusted in the raw columns, the factor sits on its ex-date.
 */
export function tiingoAnswer(
  req: SeenRequest,
  lastSession: string,
  splits: Readonly<Record<string, number>> = {},
): FakeAnswer {
  const ticker = tiingoTicker(req);
  // The ticker's meta data (`/tiingo/daily/<ticker>`): name and exchange.
  if (!req.url.pathname.endsWith('/prices'))
    return {
      body: JSON.stringify({
        ticker: ticker.toLowerCase(),
        name: `${ticker} Corp`,
        exchangeCode: 'NYSE',
        startDate: '1990-01-02',
        endDate: lastSession,
        description: '',
      }),
    };
  const from = req.url.searchParams.get('startDate') ?? '1990-01-01';
  const endAsked = req.url.searchParams.get('endDate') ?? lastSession;
  const to = endAsked < lastSession ? endAsked : lastSession;
  const dates = from <= to ? sessionDates(from, to) : [];
  const splitDates = Object.keys(splits).sort();
  const rows = dates.map((date) => {
    // Raw prices drop by the split factor from its ex-date on.
    const factor = splitDates.filter((d) => d <= date).reduce((f, d) => f * (splits[d] as number), 1);
    const close = Math.round((closeOf(ticker, date) / factor) * 100) / 100;
    return {
      date: `${date}T00:00:00.000Z`,
      open: close,
      high: Math.round(close * 101) / 100,
      low: Math.round(close * 99) / 100,
      close,
      volume: 1_000_000,
      divCash: 0,
      splitFactor: splits[date] ?? 1,
    };
  });
  return { body: JSON.stringify(rows) };
}
