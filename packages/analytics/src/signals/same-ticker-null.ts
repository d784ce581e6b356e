import { matchedLevels, meanTrueRange, NULL_DRAWS, type NullDraw, type NullTicker } from './null-model.js';
import { evaluateOutcome } from './outcome.js';
import { seededRandom } from './seeded-random.js';
import type { CardLevels } from './types.js';

/**
 * The same-ticker null of issue #48: `draws` random cards on the card's OWN ticker, each at a random later
 * bar t′ (uniform over the bars after the card's t whose outcome the data can resolve: t′ + expiry ≤ the
 * last bar), with the card's levels moved to t′ in ATR units exactly as the cross-ticker null moves them
 * (`matchedLevels`), judged by the same outcome rules. A card that beats its cross-ticker copies but not
 * these picked a stock that was going to move, not the moment to enter it. Seeded by `seed` (the card's
 * id); empty when no later bar can resolve.
 */
export function sameTickerNullOutcomes(
  levels: CardLevels,
  card: NullTicker,
  expiryBars: number,
  seed: string,
  draws = NULL_DRAWS,
): NullDraw[] {
  const bars = card.bars;
  const anchor = { close: bars.close[card.t] as number, range: meanTrueRange(bars, card.t) };
  const first = card.t + 1;
  const last = bars.close.length - 1 - expiryBars;
  if (last < first || !(anchor.range > 0)) return [];
  const random = seededRandom(`same:${seed}`);
  const out: NullDraw[] = [];
  for (let k = 0; k < draws; k++) {
    const t = first + Math.floor(random() * (last - first + 1));
    const moved = matchedLevels(levels, anchor, {
      close: bars.close[t] as number,
      range: meanTrueRange(bars, t),
    });
    if (moved === undefined) continue;
    const o = evaluateOutcome(moved, bars, t + 1, expiryBars);
    if (!o.open) out.push({ ...o, ticker: card.ticker, levels: moved, from: t + 1 });
  }
  return out;
}
