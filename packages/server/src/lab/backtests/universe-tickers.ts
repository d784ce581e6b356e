import type { Instrument } from '../../market/store/types.js';
import type { Membership } from '../../market/universe/membership.js';
import type { BacktestUniverse } from './backtest-request.js';

/** The tickers of a universe, or what is wrong with it (a field and the reason, for a 422). */
export type UniverseTickers =
  | { readonly ok: true; readonly tickers: readonly string[] }
  | {
      readonly ok: false;
      readonly pointer: string;
      readonly detail: string;
      readonly unknown?: readonly string[];
    };

/**
 * The tickers a backtest over `universe` replays in `from … to`: active instruments (no index) that
 * were members of the point-in-time universe on some day of the range, as the engine keeps them
 * (`backtestScope`), so the size quoted is the size replayed.
 */
export function universeTickers(
  universe: BacktestUniverse,
  instruments: readonly Instrument[],
  membership: Membership,
  from: string,
  to: string,
): UniverseTickers {
  const usable = instruments.filter((i) => i.active && i.asset_class !== 'index');
  const inRange = (t: string) => membership.isMemberDuring(t, from, to);
  if ('tickers' in universe) {
    const known = new Set(usable.map((i) => i.ticker));
    const asked = [...new Set(universe.tickers.map((t) => t.trim().toUpperCase()))];
    const unknown = asked.filter((t) => !known.has(t));
    if (unknown.length > 0)
      return {
        ok: false,
        pointer: '/body/universe/tickers',
        detail: `${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ` and ${unknown.length - 10} more` : ''} ${unknown.length === 1 ? 'is not an active instrument' : 'are not active instruments'} (GET /api/v1/instruments lists them)`,
        unknown,
      };
    return { ok: true, tickers: asked.filter(inRange) };
  }
  if ('sector' in universe) {
    const sector = universe.sector.trim().toLowerCase();
    const tickers = usable.filter((i) => i.sector?.toLowerCase() === sector).map((i) => i.ticker);
    if (tickers.length === 0) {
      const sectors = [...new Set(usable.map((i) => i.sector).filter((s) => s !== null))].sort();
      return {
        ok: false,
        pointer: '/body/universe/sector',
        detail: `no active instrument is in the sector "${universe.sector}"; the sectors are: ${sectors.join(', ') || 'none stored'}`,
      };
    }
    return { ok: true, tickers: tickers.filter(inRange) };
  }
  if (membership.kind === 'static')
    return {
      ok: false,
      pointer: '/body/universe/index',
      detail:
        'no point-in-time index membership is stored on this server (the operator imports it with `bellwether universe add`); name tickers or a sector instead',
    };
  const listed = new Set(usable.map((i) => i.ticker));
  return { ok: true, tickers: membership.tickers.filter((t) => listed.has(t) && inRange(t)) };
}
