import type { DailySeries } from '../market/store/types.js';
import {
  type Membership,
  pointInTimeStatement,
  type UniverseStatement,
} from '../market/universe/membership.js';

/**
 * Which universe a backtest's figures used (ADR 0088): point in time, with its members on the first
 * session replayed and how many of them have data there (the survivorship that remains, in words), or
 * the static list of tickers and where it came from.
 */
export function backtestUniverse(
  membership: Membership,
  firstSession: string,
  loaded: readonly { readonly ticker: string; readonly series: DailySeries }[],
  options: { readonly tickers?: readonly string[] },
  cardsUniverse: readonly string[] | undefined,
): UniverseStatement {
  if (membership.kind === 'static')
    return {
      kind: 'static',
      tickers: loaded.length,
      source:
        options.tickers !== undefined
          ? '--tickers'
          : cardsUniverse !== undefined
            ? 'BELLWETHER_CARDS_UNIVERSE'
            : 'every active instrument',
    };
  const covering = new Set(
    loaded
      .filter(
        (l) =>
          (l.series.dates[0] as string) <= firstSession && (l.series.dates.at(-1) as string) >= firstSession,
      )
      .map((l) => l.ticker),
  );
  const named = options.tickers ?? cardsUniverse;
  const within = named === undefined ? undefined : new Set(named);
  return pointInTimeStatement(
    membership,
    firstSession,
    (t) => covering.has(t),
    loaded.map((l) => l.ticker),
    within === undefined ? undefined : (t) => within.has(t),
  );
}

/**
 * Which universe a publication drew from: point in time, with its members on the session and how many
 * of them have data through the previous session (scanned, not stale), or the static list.
 */
export function publicationUniverseStatement(
  membership: Membership,
  session: string,
  instruments: readonly { readonly ticker: string }[],
  stale: readonly string[],
  cards: { readonly universe: readonly string[] | undefined },
): UniverseStatement {
  if (membership.kind === 'static')
    return {
      kind: 'static',
      tickers: instruments.length,
      source: cards.universe === undefined ? 'every active instrument' : 'BELLWETHER_CARDS_UNIVERSE',
    };
  const behind = new Set(stale);
  const current = new Set(instruments.map((i) => i.ticker).filter((t) => !behind.has(t)));
  const within = cards.universe === undefined ? undefined : new Set(cards.universe);
  return pointInTimeStatement(
    membership,
    session,
    (t) => current.has(t),
    instruments.map((i) => i.ticker),
    within === undefined ? undefined : (t) => within.has(t),
  );
}

/** The publication note's sentence on a point-in-time universe; null for a static one. */
export function universeNote(universe: UniverseStatement): string | null {
  if (universe.kind === 'static') return null;
  return `Point-in-time universe (${universe.source ?? 'stored intervals'}): ${universe.survivorship}`;
}

/**
 * Which universe a figure over stored bars used on `day` (a track record's first session, a screen's
 * session): point in time, with its members then and how many of them have a bar span covering the day
 * (`hasData`), or the static list of `used` tickers and where it came from (`source`).
 */
export function universeOnDay(
  membership: Membership,
  day: string,
  used: readonly string[],
  hasData: (ticker: string) => boolean,
  source: { readonly static: string; readonly within?: (ticker: string) => boolean },
): UniverseStatement {
  if (membership.kind === 'static') return { kind: 'static', tickers: used.length, source: source.static };
  return pointInTimeStatement(membership, day, hasData, used, source.within);
}

/** Whether a ticker's stored bars (first and last known) span `day`. */
export function spansDay(
  span: { readonly first_bar: string | null; readonly last_bar: string | null } | undefined,
  day: string,
): boolean {
  return (
    span !== undefined &&
    span.first_bar !== null &&
    span.last_bar !== null &&
    span.first_bar <= day &&
    span.last_bar >= day
  );
}
