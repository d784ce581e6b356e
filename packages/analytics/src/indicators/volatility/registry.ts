import type { IndicatorMeta } from '../../registry/types.js';
import { ATR_META } from './atr/atr.meta.js';
import { BBANDS_META } from './bbands/bbands.meta.js';
import { CHEXIT_META } from './chexit/chexit.meta.js';
import { CHV_META } from './chv/chv.meta.js';
import { DONCHIAN_META } from './donchian/donchian.meta.js';
import { HV_META } from './hv/hv.meta.js';
import { KELTNER_META } from './keltner/keltner.meta.js';
import { NATR_META } from './natr/natr.meta.js';
import { STARC_META } from './starc/starc.meta.js';
import { TRANGE_META } from './trange/trange.meta.js';
import { UI_META } from './ui/ui.meta.js';

/** Registry entries of the volatility group. */
export const VOLATILITY_INDICATORS: readonly IndicatorMeta[] = [
  TRANGE_META,
  ATR_META,
  NATR_META,
  BBANDS_META,
  KELTNER_META,
  DONCHIAN_META,
  HV_META,
  CHV_META,
  UI_META,
  STARC_META,
  CHEXIT_META,
];
