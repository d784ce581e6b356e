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
