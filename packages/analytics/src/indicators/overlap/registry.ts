import type { IndicatorMeta } from '../../registry/types.js';
import { ACCBANDS_META } from './accbands/accbands.meta.js';
import { ALMA_META } from './alma/alma.meta.js';
import { DEMA_META } from './dema/dema.meta.js';
import { EMA_META } from './ema/ema.meta.js';
import { HMA_META } from './hma/hma.meta.js';
import { KAMA_META } from './kama/kama.meta.js';
import { MA_META } from './ma/ma.meta.js';
import { MAMA_META } from './mama/mama.meta.js';
import { MIDPOINT_META } from './midpoint/midpoint.meta.js';
import { MIDPRICE_META } from './midprice/midprice.meta.js';
import { SMA_META } from './sma/sma.meta.js';
import { SMMA_META } from './smma/smma.meta.js';
import { T3_META } from './t3/t3.meta.js';
import { TEMA_META } from './tema/tema.meta.js';
import { TRIMA_META } from './trima/trima.meta.js';
import { VWMA_META } from './vwma/vwma.meta.js';
import { WMA_META } from './wma/wma.meta.js';
import { ZLEMA_META } from './zlema/zlema.meta.js';

/** Registry entries of the overlap group. */
export const OVERLAP_INDICATORS: readonly IndicatorMeta[] = [
  SMA_META,
  EMA_META,
  WMA_META,
  DEMA_META,
  TEMA_META,
  TRIMA_META,
  KAMA_META,
  T3_META,
  MAMA_META,
  MA_META,
  SMMA_META,
  HMA_META,
  ZLEMA_META,
  ALMA_META,
  VWMA_META,
  MIDPOINT_META,
  MIDPRICE_META,
  ACCBANDS_META,
];
