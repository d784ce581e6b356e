export { avgprice } from './avgprice/avgprice.js';
export { type HeikinAshiResult, heikinashi } from './heikinashi/heikinashi.js';
export { medprice } from './medprice/medprice.js';
export { PRICE_TRANSFORM_INDICATORS } from './registry.js';
export { typprice } from './typprice/typprice.js';
export { wclprice } from './wclprice/wclprice.js';
