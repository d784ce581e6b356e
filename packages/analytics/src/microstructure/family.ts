import type { FamilyMeta } from '../registry/types.js';

/**
 * The daily spread and liquidity estimators (each a rolling column over `window` bars of OHLCV) and the
 * parameters of the intraday measures from trades and quotes.
 */
export const MICROSTRUCTURE_FAMILY: FamilyMeta = {
  code: 'microstructure',
  name: 'Market microstructure',
  description:
    'Daily spread and liquidity estimators from OHLCV; intraday VWAP/TWAP, signed order imbalance, spreads, price impact, trade sizes, VPIN and time-of-day profiles from trades and quotes.',
  members: [
    {
      code: 'amihud',
      name: 'Amihud illiquidity',
      description: 'Amihud illiquidity: mean |return| per $1 million traded',
    },
    {
      code: 'corwin_schultz',
      name: 'Corwin–Schultz spread',
      description: 'Corwin–Schultz high-low spread estimate (fraction of price)',
    },
    {
      code: 'abdi_ranaldo',
      name: 'Abdi–Ranaldo spread',
      description: 'Abdi–Ranaldo close-high-low spread estimate (fraction of price)',
    },
    {
      code: 'edge',
      name: 'EDGE spread',
      description: 'Ardia–Guidotti–Kroencke EDGE spread estimate from OHLC (fraction of price)',
    },
    {
      code: 'roll',
      name: 'Roll spread',
      description: 'Roll implied spread from serial covariance of returns (fraction of price)',
    },
    {
      code: 'kyle_lambda',
      name: 'Kyle lambda',
      description: 'Kyle lambda: price impact per $1 million of signed dollar volume (daily regression)',
    },
    {
      code: 'zero_return_share',
      name: 'Zero-return share',
      description: 'Share of days with a zero close-to-close return',
    },
    {
      code: 'dollar_volume',
      name: 'Dollar volume',
      description: 'Mean daily dollar volume (close × volume)',
    },
  ],
  params: [
    {
      name: 'window',
      type: 'int',
      default: 21,
      min: 3,
      max: 252,
      description: 'Bars in each rolling daily estimate (Kyle lambda uses 3× this, at least 20)',
    },
    {
      name: 'horizon_seconds',
      type: 'int',
      default: 300,
      min: 1,
      max: 3600,
      description: 'Horizon of the realised spread and price impact',
    },
    {
      name: 'bin_minutes',
      type: 'int',
      default: 30,
      min: 1,
      max: 60,
      allowed: [1, 5, 10, 15, 30, 60],
      description: 'Bin length of the intraday volume and volatility profile (exchange local time)',
    },
  ],
};
