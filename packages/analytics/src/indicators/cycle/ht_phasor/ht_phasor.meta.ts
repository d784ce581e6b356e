import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { htPhasor, htPhasorLookback } from './ht_phasor.js';

export const HT_PHASOR_META: IndicatorMeta = {
  code: 'ht_phasor',
  name: 'Hilbert Transform - Phasor Components',
  group: 'cycle',
  aliases: ['phasor'],
  inputs: ['close'],
  params: [],
  outputs: [
    { name: 'inphase', description: 'In-phase component I1' },
    { name: 'quadrature', description: 'Quadrature component Q1' },
  ],
  lookback: () => htPhasorLookback(),
  variant:
    "Ehlers' Hilbert transform as in TA-Lib (4-bar WMA smoother, homodyne discriminator), unstable period 0",
  references: ['TA-Lib ta_HT_PHASOR.c', 'J. Ehlers, Rocket Science for Traders (2001)'],
  compute: (inputs) => htPhasor(series(inputs, 'close')),
};
