import type { IndicatorMeta } from '../../registry/types.js';
import { ACOS_META } from './acos/acos.meta.js';
import { ADD_META } from './add/add.meta.js';
import { ASIN_META } from './asin/asin.meta.js';
import { ATAN_META } from './atan/atan.meta.js';
import { CEIL_META } from './ceil/ceil.meta.js';
import { COS_META } from './cos/cos.meta.js';
import { COSH_META } from './cosh/cosh.meta.js';
import { DIV_META } from './div/div.meta.js';
import { EXP_META } from './exp/exp.meta.js';
import { FLOOR_META } from './floor/floor.meta.js';
import { LN_META } from './ln/ln.meta.js';
import { LOG10_META } from './log10/log10.meta.js';
import { MAX_META } from './max/max.meta.js';
import { MAXINDEX_META } from './maxindex/maxindex.meta.js';
import { MIN_META } from './min/min.meta.js';
import { MININDEX_META } from './minindex/minindex.meta.js';
import { MINMAX_META } from './minmax/minmax.meta.js';
import { MINMAXINDEX_META } from './minmaxindex/minmaxindex.meta.js';
import { MULT_META } from './mult/mult.meta.js';
import { SIN_META } from './sin/sin.meta.js';
import { SINH_META } from './sinh/sinh.meta.js';
import { SQRT_META } from './sqrt/sqrt.meta.js';
import { SUB_META } from './sub/sub.meta.js';
import { SUM_META } from './sum/sum.meta.js';
import { TAN_META } from './tan/tan.meta.js';
import { TANH_META } from './tanh/tanh.meta.js';

/** Registry entries of the math transform / math operator group. */
export const MATH_INDICATORS: readonly IndicatorMeta[] = [
  ACOS_META,
  ASIN_META,
  ATAN_META,
  CEIL_META,
  COS_META,
  COSH_META,
  EXP_META,
  FLOOR_META,
  LN_META,
  LOG10_META,
  SIN_META,
  SINH_META,
  SQRT_META,
  TAN_META,
  TANH_META,
  ADD_META,
  SUB_META,
  MULT_META,
  DIV_META,
  MAX_META,
  MIN_META,
  SUM_META,
  MAXINDEX_META,
  MININDEX_META,
  MINMAX_META,
  MINMAXINDEX_META,
];
