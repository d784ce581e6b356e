import {
  type CardLevels,
  type CardOutcome,
  driftAdjustedNullRNet,
  driftAdjustedRNet,
  type NullTicker,
  nullOutcomes,
  type OutcomeBars,
  sameTickerNullOutcomes,
  summariseNull,
} from '@bellwether/analytics';

/**
 * A replayed card's nulls and drift (issues #25 and #48, ADR 0089): its cross-ticker copies (same session,
 * other tickers), its same-ticker copies (random later bars of its own ticker, within the data the replay
 * holds), and its net R and its cross-ticker copies' net R each less their ticker's own drift over the
 * holding period, the drift from the 252 sessions before the card only.
 */
export function cardNulls(
  levels: CardLevels,
  card: NullTicker,
  outcome: CardOutcome,
  peers: readonly NullTicker[],
  barsOf: (ticker: string) => OutcomeBars | undefined,
  expiryBars: number,
  seed: string,
  costBps: number,
) {
  const draws = nullOutcomes(levels, card, peers, expiryBars, seed);
  const cross = summariseNull(draws, costBps);
  const same = summariseNull(sameTickerNullOutcomes(levels, card, expiryBars, seed), costBps);
  return {
    null_t1_rate: cross.t1_rate,
    null_r_net: cross.average_r_net,
    same_null_r_net: same.average_r_net,
    drift_r_net: driftAdjustedRNet(levels, card.bars, card.t + 1, outcome, costBps),
    null_drift_r_net: driftAdjustedNullRNet(draws, barsOf, costBps),
  };
}
