import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { dpo, dpoLookback } from './dpo.js';

export const DPO_META: IndicatorMeta = {
  code: 'dpo',
  name: 'Detrended Price Oscillator',
  group: 'trend',
  aliases: ['detrended_price_oscillator'],
  inputs: ['close'],
  params: [periodParam(14)],
  outputs: [{ name: 'dpo', description: 'close[t − ⌊period/2⌋ − 1] − SMA(period)[t]' }],
  lookback: (p) => dpoLookback(numParam(p, 'period')),
  variant: 'Causal DPO: the centred DPO (Stock.Indicators ToDpo) re-indexed to the bar where it is known',
  references: ['W. Brown; S. Achelis, Technical Analysis from A to Z', 'Stock.Indicators ToDpo'],
  compute: (inputs, p) => ({ dpo: dpo(series(inputs, 'close'), numParam(p, 'period')) }),
};
