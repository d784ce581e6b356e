import type { IndicatorMeta } from '../../../registry/types.js';
import { floatParam, numParam, series } from '../../core/index.js';
import { sar, sarLookback } from './sar.js';

export const SAR_META: IndicatorMeta = {
  code: 'sar',
  name: 'Parabolic SAR',
  group: 'trend',
  aliases: ['psar', 'parabolic_sar'],
  inputs: ['high', 'low'],
  params: [
    floatParam('acceleration', 0.02, 0, 1, 'Acceleration factor step and initial value'),
    floatParam('maximum', 0.2, 0, 1, 'Acceleration factor cap'),
  ],
  outputs: [{ name: 'sar', description: 'Stop-and-reverse level' }],
  lookback: () => sarLookback(),
  variant:
    "Wilder parabolic SAR, TA-Lib semantics (initial direction from the second bar's -DM, SAR starts at the first bar's extreme)",
  references: ['TA-Lib ta_SAR.c', 'J. W. Wilder, New Concepts in Technical Trading Systems (1978)'],
  compute: (inputs, p) => ({
    sar: sar(
      series(inputs, 'high'),
      series(inputs, 'low'),
      numParam(p, 'acceleration'),
      numParam(p, 'maximum'),
    ),
  }),
};
