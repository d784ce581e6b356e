import type { IndicatorMeta } from '../../registry/types.js';
import { AD_META } from './ad/ad.meta.js';
import { ADOSC_META } from './adosc/adosc.meta.js';
import { CMF_META } from './cmf/cmf.meta.js';
import { EOM_META } from './eom/eom.meta.js';
import { FORCE_META } from './force/force.meta.js';
import { KVO_META } from './kvo/kvo.meta.js';
import { NVI_META } from './nvi/nvi.meta.js';
import { OBV_META } from './obv/obv.meta.js';
import { PVI_META } from './pvi/pvi.meta.js';
import { PVO_META } from './pvo/pvo.meta.js';
import { VPT_META } from './vpt/vpt.meta.js';
import { VWAP_META } from './vwap/vwap.meta.js';

/** Registry entries of the volume group. */
export const VOLUME_INDICATORS: readonly IndicatorMeta[] = [
  OBV_META,
  AD_META,
  ADOSC_META,
  CMF_META,
  VWAP_META,
  FORCE_META,
  EOM_META,
  NVI_META,
  PVI_META,
  VPT_META,
  KVO_META,
  PVO_META,
];
