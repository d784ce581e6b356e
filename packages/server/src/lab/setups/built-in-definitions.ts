import type { SetupDefinition, SetupId } from '@bellwether/analytics';

/**
 * The built-in setups written as custom setups, so a customer can copy one and change it. Each is the
 * built-in's rule for longs exactly (test/lab/custom-setup-engine.test.ts: the same candidates, bar for
 * bar, on real tickers); shorts of a built-in come from the mirrored series, which the grammar does not
 * express bar for bar (RSI of the mirror is 100 − RSI only to rounding), so a short copy is written
 * separately. Only setups whose rule the grammar expresses whole are listed: the others read candlestick
 * patterns, swing structure or squeeze history the screener grammar does not have.
 */
export const BUILT_IN_DEFINITIONS: Readonly<Partial<Record<SetupId, SetupDefinition>>> = {
  mean_reversion_in_trend: {
    direction: 'long',
    condition: 'close > sma(200) and (close < bbands(20, 2, 2).lower or rsi(14) < 32)',
    entry: { low: { anchor: 'close', atr: -0.25 }, high: { anchor: 'close', atr: 0.1 } },
    stop: { anchor: 'donchian(10, window=inclusive).lower', atr: -0.75 },
    targets: { t1_r: 1.5, t2_r: 3, t1_at: 'sma(20)' },
    expiry_sessions: 10,
    atr_period: 14,
  },
};
