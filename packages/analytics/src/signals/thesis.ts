import type { CardEvidence } from './evidence.js';
import type { SignalCandidate } from './scan.js';
import { trendStrength } from './trend-regime.js';
import type { Direction, SetupId } from './types.js';

const p2 = (x: number) => x.toFixed(2);
const p1 = (x: number) => x.toFixed(1);

/**
 * Two to four sentences an analyst would write about the card, from its evidence only: every number
 * in the text is a value of `evidence` (printed with the precision it is stored with), and no sentence
 * claims what those values do not show.
 */
export function writeThesis(
  ticker: string,
  setup: SignalCandidate['setup'],
  direction: Direction,
  e: CardEvidence,
): string {
  const w = e.windows;
  const long = direction === 'long';
  const sentences = [
    trendSentence(ticker, e),
    isBuiltIn(setup)
      ? triggerSentence(setup, long, e)
      : `The condition of the custom setup ${setup.slice('custom:'.length)} held at the close of ${p2(e.trend.close)}.`,
  ];
  const extra = isBuiltIn(setup) ? contextSentence(ticker, setup, long, e) : undefined;
  if (extra !== undefined) sentences.push(extra);
  const pl = e.plan;
  sentences.push(
    `A ${direction} entry between ${p2(pl.entry_low)} and ${p2(pl.entry_high)} targets ${p2(pl.t1)} (${p1(pl.r_t1)}R), then ${p2(pl.t2)} (${p1(pl.r_t2)}R), with a stop at ${p2(pl.stop)}` +
      ` (ATR(${w.atr}) is ${p2(e.volatility.atr14)}, ${p1(e.volatility.atr_pct)}% of price).`,
  );
  return sentences.join(' ');
}

function trendSentence(ticker: string, e: CardEvidence): string {
  const w = e.windows;
  const t = e.trend;
  const s = trendStrength(t.adx14);
  // ADX qualifies a trend; in a range it only says how strongly prices move, never that they trend.
  const strength =
    t.regime === 'range'
      ? `${s === 'weak' ? 'weak' : s} directional movement (ADX ${p1(t.adx14)})`
      : s === 'weak'
        ? `little trend strength (ADX ${p1(t.adx14)})`
        : `${s === 'strong' ? 'a strong' : 'a moderate'} trend (ADX ${p1(t.adx14)})`;
  if (t.regime === 'uptrend')
    return `${ticker} closed at ${p2(t.close)}, above its ${w.sma_long}-day average (${p2(t.sma200)}), with the ${w.ema_fast}-day EMA (${p2(t.ema20)}) over the ${w.ema_slow}-day (${p2(t.ema50)}) and ${strength}.`;
  if (t.regime === 'downtrend')
    return `${ticker} closed at ${p2(t.close)}, below its ${w.sma_long}-day average (${p2(t.sma200)}), with the ${w.ema_fast}-day EMA (${p2(t.ema20)}) under the ${w.ema_slow}-day (${p2(t.ema50)}) and ${strength}.`;
  const side = t.close > t.sma200 ? 'above' : 'below';
  return `${ticker} closed at ${p2(t.close)}, ${side} its ${w.sma_long}-day average (${p2(t.sma200)}) but without aligned averages (${w.ema_fast}-day EMA ${p2(t.ema20)}, ${w.ema_slow}-day ${p2(t.ema50)}); ${strength}.`;
}

const isBuiltIn = (setup: SignalCandidate['setup']): setup is SetupId => !setup.startsWith('custom:');

function triggerSentence(setup: SetupId, long: boolean, e: CardEvidence): string {
  const w = e.windows;
  const m = e.momentum;
  const lvl = p2(e.level.price);
  switch (setup) {
    case 'trend_pullback':
      return `The pullback to the ${w.ema_fast}-day EMA brought RSI(${w.rsi}) to ${p1(m.rsi14)} without breaking the trend.`;
    case 'breakout_volume':
      return `It closed ${long ? 'above' : 'below'} the prior ${w.range}-day ${long ? 'high' : 'low'} at ${lvl} on ${p1(e.volume.ratio)}× its ${w.range}-day average volume.`;
    case 'mean_reversion_in_trend':
      return meanReversionSentence(long, e);
    case 'momentum_continuation':
      return `Momentum is intact: ${p1(m.change_20d_pct)}% over ${w.range} days and RSI(${w.rsi}) at ${p1(m.rsi14)}, with the close within ${e.rules.momentum_within_pct}% of the ${w.high_low_long}-day ${long ? 'high' : 'low'} (${lvl}).`;
    case 'pattern_reversal_at_level':
      return `A ${(e.pattern?.name ?? 'reversal').replaceAll('_', ' ')} pattern formed with its ${long ? 'low' : 'high'} at the prior ${w.support}-day ${long ? 'low' : 'high'} (${lvl}).`;
    case 'volatility_squeeze':
      return `Bollinger width had narrowed to ${p1(e.bollinger.width_prev_pct)}% of price, within ${e.rules.squeeze_within_pct}% of its narrowest in ${e.rules.squeeze_lookback} sessions (${p1(e.bollinger.width_min_prev_pct)}%), before the close broke ${long ? 'above the upper' : 'below the lower'} band (${lvl}).`;
  }
}

/**
 * Mean reversion fires on the close outside the band against the trend, or on RSI past its threshold: the
 * sentence names the condition that held, with its numbers, and calls RSI stretched only when it is.
 */
function meanReversionSentence(long: boolean, e: CardEvidence): string {
  const w = e.windows;
  const m = e.momentum;
  const b = e.bollinger;
  const limit = long ? e.rules.mean_reversion_rsi_long : e.rules.mean_reversion_rsi_short;
  const rsiFired = long ? m.rsi14 < limit : m.rsi14 > limit;
  const bandFired = long ? b.close_below_lower : b.close_above_upper;
  const side = long ? 'to the downside' : 'to the upside';
  const rsi = `RSI(${w.rsi}) at ${p1(m.rsi14)}`;
  const rsiPart = rsiFired ? `${rsi}, ${long ? 'under' : 'over'} ${limit}` : rsi;
  const tail = `${p1(m.change_20d_pct)}% over ${w.range} days, with the ${w.range}-day mean at ${p2(e.level.price)}`;
  if (bandFired)
    return `It closed at ${p2(e.trend.close)}, ${long ? 'under the lower' : 'over the upper'} Bollinger band (${p2(long ? b.lower : b.upper)}), stretched ${side} against that trend, with ${rsiPart}; ${tail}.`;
  if (rsiFired) return `It is stretched ${side} against that trend: ${rsiPart}, ${tail}.`;
  return `It closed at ${p2(e.trend.close)} with ${rsi}; ${tail}.`;
}

function contextSentence(ticker: string, setup: SetupId, long: boolean, e: CardEvidence): string | undefined {
  const rs = e.relative_strength;
  const sent = e.sentiment;
  if (sent !== null && sent.items > 0) {
    const tone = sent.mean_score > 0.1 ? 'positive' : sent.mean_score < -0.1 ? 'negative' : 'mixed';
    const fits = (tone === 'positive' && long) || (tone === 'negative' && !long);
    return `News flow is ${tone} (mean score ${sent.mean_score.toFixed(2)} over ${sent.items} item${sent.items === 1 ? '' : 's'})${fits ? ', in line with the trade' : tone === 'mixed' ? '' : ', a headwind to watch'}.`;
  }
  if (rs !== null && Math.abs(rs.excess_20d_pct) >= 1) {
    const verb = rs.excess_20d_pct > 0 ? 'outperformed' : 'lagged';
    return `${ticker} has ${verb} ${rs.benchmark} by ${p1(Math.abs(rs.excess_20d_pct))}% over ${e.windows.range} days.`;
  }
  if (setup !== 'breakout_volume' && (e.volume.ratio >= 1.5 || e.volume.ratio <= 0.6))
    return `Volume was ${p1(e.volume.ratio)}× its ${e.windows.range}-day average.`;
  return undefined;
}
