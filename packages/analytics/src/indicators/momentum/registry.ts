import type { IndicatorMeta } from '../../registry/types.js';
import { ADX_META } from './adx/adx.meta.js';
import { ADXR_META } from './adxr/adxr.meta.js';
import { AO_META } from './ao/ao.meta.js';
import { APO_META } from './apo/apo.meta.js';
import { AROON_META } from './aroon/aroon.meta.js';
import { AROONOSC_META } from './aroonosc/aroonosc.meta.js';
import { BOP_META } from './bop/bop.meta.js';
import { CCI_META } from './cci/cci.meta.js';
import { CMO_META } from './cmo/cmo.meta.js';
import { DX_META } from './dx/dx.meta.js';
import { IMI_META } from './imi/imi.meta.js';
import { MACD_META } from './macd/macd.meta.js';
import { MACDEXT_META } from './macdext/macdext.meta.js';
import { MACDFIX_META } from './macdfix/macdfix.meta.js';
import { MFI_META } from './mfi/mfi.meta.js';
import { MINUS_DI_META } from './minus_di/minus_di.meta.js';
import { MINUS_DM_META } from './minus_dm/minus_dm.meta.js';
import { MOM_META } from './mom/mom.meta.js';
import { PLUS_DI_META } from './plus_di/plus_di.meta.js';
import { PLUS_DM_META } from './plus_dm/plus_dm.meta.js';
import { PMO_META } from './pmo/pmo.meta.js';
import { PPO_META } from './ppo/ppo.meta.js';
import { ROC_META } from './roc/roc.meta.js';
import { ROCP_META } from './rocp/rocp.meta.js';
import { ROCR_META } from './rocr/rocr.meta.js';
import { ROCR100_META } from './rocr100/rocr100.meta.js';
import { RSI_META } from './rsi/rsi.meta.js';
import { SMI_META } from './smi/smi.meta.js';
import { STOCH_META } from './stoch/stoch.meta.js';
import { STOCHF_META } from './stochf/stochf.meta.js';
import { STOCHRSI_META } from './stochrsi/stochrsi.meta.js';
import { TRIX_META } from './trix/trix.meta.js';
import { TSI_META } from './tsi/tsi.meta.js';
import { ULTOSC_META } from './ultosc/ultosc.meta.js';
import { WILLR_META } from './willr/willr.meta.js';

/** Registry entries of the momentum group. */
export const MOMENTUM_INDICATORS: readonly IndicatorMeta[] = [
  RSI_META,
  STOCH_META,
  STOCHF_META,
  STOCHRSI_META,
  MACD_META,
  MACDEXT_META,
  MACDFIX_META,
  PPO_META,
  APO_META,
  CCI_META,
  CMO_META,
  ROC_META,
  ROCP_META,
  ROCR_META,
  ROCR100_META,
  MOM_META,
  WILLR_META,
  ADX_META,
  ADXR_META,
  DX_META,
  PLUS_DI_META,
  MINUS_DI_META,
  PLUS_DM_META,
  MINUS_DM_META,
  AROON_META,
  AROONOSC_META,
  MFI_META,
  TRIX_META,
  ULTOSC_META,
  BOP_META,
  IMI_META,
  AO_META,
  TSI_META,
  PMO_META,
  SMI_META,
];
