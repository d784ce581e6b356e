import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { htSine, htSineLookback } from './ht_sine.js';

export const HT_SINE_META: IndicatorMeta = {
  code: 'ht_sine',
  name: 'Hilbert Transform - SineWave',
  group: 'cycle',
  aliases: ['sinewave'],
  inputs: ['close'],
  params: [],
  outputs: [
    { name: 'sine', description: 'sin(DC phase)' },
    { name: 'leadsine', description: 'sin(DC phase + 45°)' },
  ],
  lookback: () => htSineLookback(),
  variant:
    "Ehlers' Hilbert transform as in TA-Lib (4-bar WMA smoother, homodyne discriminator), unstable period 0",
  references: ['TA-Lib ta_HT_SINE.c', 'J. Ehlers, Rocket Science for Traders (2001)'],
  compute: (inputs) => htSine(series(inputs, 'close')),
};
