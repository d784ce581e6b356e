/**
 * Point-in-time index membership (issue #48, ADR 0088): the intervals during which a ticker belonged to
 * the universe, so a backtest, a publication, the null model and a screen use only the tickers that were
 * members on each day. `start_date` is the first day a member; `end_date` the first day no longer one
 * (the day of the change that removed it, exclusive), null while still a member — the layout of
 * fja05680/sp500's `sp500_ticker_start_end.csv`, where the ticker that leaves and the one that joins carry
 * the same date. A ticker may have several intervals; a ticker without any is a member always.
 */
export interface MembershipInterval {
  readonly ticker: string;
  readonly start_date: string;
  readonly end_date: string | null;
}

/** What a figure's universe was: point in time (with intervals) or the static list of tickers. */
export type UniverseKind = 'point_in_time' | 'static';

/** Which tickers were members on a day. Pure: built once from the stored intervals. */
export class Membership {
  readonly #byTicker = new Map<string, MembershipInterval[]>();

  constructor(
    intervals: readonly MembershipInterval[],
    /** Where the intervals came from (the file imported), for outputs. */
    readonly source: string | null = null,
  ) {
    for (const i of intervals) {
      const list = this.#byTicker.get(i.ticker) ?? [];
      list.push(i);
      this.#byTicker.set(i.ticker, list);
    }
  }

  get kind(): UniverseKind {
    return this.#byTicker.size > 0 ? 'point_in_time' : 'static';
  }

  /** Every interval, as given (a replay on a worker thread rebuilds the membership from them). */
  get intervals(): MembershipInterval[] {
    return [...this.#byTicker.values()].flat();
  }

  /** Tickers that have intervals, ascending. */
  get tickers(): readonly string[] {
    return [...this.#byTicker.keys()].sort();
  }

  /** A member on `day` (`YYYY-MM-DD`): inside one of its intervals, or without intervals at all. */
  isMember(ticker: string, day: string): boolean {
    const intervals = this.#byTicker.get(ticker);
    if (intervals === undefined) return true;
    return intervals.some((i) => i.start_date <= day && (i.end_date === null || day < i.end_date));
  }

  /** A member on some day of `from … to`, or without intervals. */
  isMemberDuring(ticker: string, from: string, to: string): boolean {
    const intervals = this.#byTicker.get(ticker);
    if (intervals === undefined) return true;
    return intervals.some((i) => i.start_date <= to && (i.end_date === null || from < i.end_date));
  }

  /** Whether `ticker` has intervals (else it is a member always). */
  hasIntervals(ticker: string): boolean {
    return this.#byTicker.has(ticker);
  }

  /** The tickers with intervals that were members on `day`, ascending. */
  membersOn(day: string): string[] {
    return this.tickers.filter((t) => this.isMember(t, day));
  }
}

/** The universe a figure used, stated beside it. */
export type UniverseStatement =
  | {
      readonly kind: 'point_in_time';
      /** The day counted (the first session of a replay, the session published). */
      readonly members_on_day: {
        readonly date: string;
        /** Tickers whose intervals hold the day. */
        readonly members: number;
        /** Of those, the ones with data there. */
        readonly with_data: number;
        /** Tickers used that have no intervals at all: members always (as without membership). */
        readonly without_intervals: number;
      };
      readonly source: string | null;
      /** The survivorship that remains, in words: members on that day without any stored data. */
      readonly survivorship: string;
    }
  | {
      readonly kind: 'static';
      readonly tickers: number;
      readonly source: string;
    };

/**
 * The statement for a point-in-time universe on `day`: its members then (of the tickers `within` admits:
 * a run over named tickers counts only those), how many of them have data (`hasData`), the tickers used
 * without intervals, and the survivorship that remains said plainly.
 */
export function pointInTimeStatement(
  membership: Membership,
  day: string,
  hasData: (ticker: string) => boolean,
  used: readonly string[],
  within: (ticker: string) => boolean = () => true,
): UniverseStatement {
  const members = membership.membersOn(day).filter(within);
  const withData = members.filter(hasData).length;
  const missing = members.length - withData;
  const always = used.filter((t) => !membership.hasIntervals(t)).length;
  return {
    kind: 'point_in_time',
    members_on_day: { date: day, members: members.length, with_data: withData, without_intervals: always },
    source: membership.source,
    survivorship:
      (members.length === 0
        ? `No ticker with membership intervals was a member on ${day}.`
        : missing === 0
          ? `All ${members.length} members on ${day} have data.`
          : `${missing} of ${members.length} members on ${day} have no data here (members that left the index before the data were gathered have no prices): figures cover the ${withData} that do, so survivorship remains.`) +
      (always === 0
        ? ''
        : ` ${always} ticker${always === 1 ? '' : 's'} without membership intervals count${always === 1 ? 's' : ''} as a member on every day.`),
  };
}

/**
 * The market series (the market filter's: SPY, the operator's market ticker) a point-in-time universe
 * leaves out of the card candidates (ADR 0099): those of `tickers` without membership intervals, which
 * would otherwise count as members always. The series the market filter reads is the market, not one of
 * its members. None for a static universe (membership not in use: every ticker as before).
 */
export function marketSeriesLeftOut(
  membership: Membership,
  tickers: readonly string[],
  marketSeries: readonly string[],
): string[] {
  if (membership.kind === 'static') return [];
  return tickers.filter((t) => marketSeries.includes(t) && !membership.hasIntervals(t));
}

/** A statement that also says which market series without intervals were left out of the candidates. */
export function withMarketSeriesLeftOut(
  statement: UniverseStatement,
  leftOut: readonly string[],
): UniverseStatement {
  if (statement.kind === 'static' || leftOut.length === 0) return statement;
  const names = leftOut.join(', ');
  return {
    ...statement,
    survivorship: `${statement.survivorship} ${names} (the market series, without membership intervals) ${
      leftOut.length === 1 ? 'is' : 'are'
    } not a card candidate.`,
  };
}

/** A membership file's rows, or why it is refused (the first bad rows named, by line). */
export type MembershipFile =
  | { readonly ok: true; readonly intervals: readonly MembershipInterval[] }
  | { readonly ok: false; readonly message: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (s: string) =>
  DAY.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/**
 * Parses `ticker,start_date,end_date` rows (header given; columns found by name, other columns ignored):
 * dates `YYYY-MM-DD`, end empty for a member still, end after start, a ticker's intervals not
 * overlapping. Every bad row is a reason to refuse the whole file: nothing half-imported.
 */
export function parseMembershipRows(
  header: readonly string[],
  rows: readonly { readonly line: number; readonly cells: readonly string[] }[],
  tickerShape: RegExp,
): MembershipFile {
  const at = (...names: string[]) => header.findIndex((h) => names.includes(h.trim().toLowerCase()));
  const [t, s, e] = [at('ticker', 'symbol'), at('start_date'), at('end_date')];
  if (t === -1 || s === -1 || e === -1)
    return { ok: false, message: 'a membership file needs the columns ticker,start_date,end_date' };
  const errors: string[] = [];
  const intervals: MembershipInterval[] = [];
  for (const { line, cells } of rows) {
    const ticker = (cells[t] ?? '').trim().toUpperCase();
    const start = (cells[s] ?? '').trim();
    const end = (cells[e] ?? '').trim();
    if (!tickerShape.test(ticker)) errors.push(`line ${line}: not a ticker: '${ticker}'`);
    else if (!validDay(start)) errors.push(`line ${line}: start_date '${start}' is not a date (YYYY-MM-DD)`);
    else if (end !== '' && !validDay(end))
      errors.push(`line ${line}: end_date '${end}' is not a date (YYYY-MM-DD), nor empty (still a member)`);
    else if (end !== '' && end <= start)
      errors.push(`line ${line}: ${ticker} ends on ${end}, not after its start ${start}`);
    else intervals.push({ ticker, start_date: start, end_date: end === '' ? null : end });
  }
  const byTicker = new Map<string, MembershipInterval[]>();
  for (const i of intervals) byTicker.set(i.ticker, [...(byTicker.get(i.ticker) ?? []), i]);
  for (const [ticker, list] of byTicker) {
    const sorted = [...list].sort((a, b) => (a.start_date < b.start_date ? -1 : 1));
    for (let k = 1; k < sorted.length; k++) {
      const prev = sorted[k - 1] as MembershipInterval;
      const next = sorted[k] as MembershipInterval;
      if (prev.end_date === null || next.start_date < prev.end_date)
        errors.push(
          `${ticker}: intervals overlap (${prev.start_date} … ${prev.end_date ?? 'now'} and ${next.start_date} …)`,
        );
    }
  }
  if (errors.length > 0)
    return {
      ok: false,
      message: `${errors.length} bad row${errors.length === 1 ? '' : 's'}, nothing imported: ${errors.slice(0, 5).join('; ')}${errors.length > 5 ? `; and ${errors.length - 5} more` : ''}`,
    };
  if (intervals.length === 0) return { ok: false, message: 'the membership file has no rows' };
  return { ok: true, intervals };
}
