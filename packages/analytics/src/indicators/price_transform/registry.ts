import type { IndicatorMeta } from '../../registry/types.js';
import { AVGPRICE_META } from './avgprice/avgprice.meta.js';
import { HEIKINASHI_META } from './heikinashi/heikinashi.meta.js';
import { MEDPRICE_META } from './medprice/medprice.meta.js';
import { TYPPRICE_META } from './typprice/typprice.meta.js';
import { WCLPRICE_META } from './wclprice/wclprice.meta.js';

/** Registry entries of the price transform group. */
export const PRICE_TRANSFORM_INDICATORS: readonly IndicatorMeta[] = [
  AVGPRICE_META,
  MEDPRICE_META,
  TYPPRICE_META,
  WCLPRICE_META,
  HEIKINASHI_META,
];
