import { floatParam, numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { alma, almaLookback } from './alma.js';

export const ALMA_META = seriesIndicator({
  code: 'alma',
  name: 'Arnaud Legoux Moving Average',
  group: 'overlap',
  aliases: ['arnaud_legoux_ma'],
  params: [
    periodParam(9),
    floatParam('offset', 0.85, 0, 1, 'Position of the Gaussian peak in the window (1 = newest bar)'),
    floatParam('sigma', 6, 0.1, 100, 'Window length / Gaussian standard deviation'),
  ],
  description: 'Gaussian-weighted moving average',
  variant: 'Weights normalised to sum 1 (as Stock.Indicators ToAlma)',
  references: ['Legoux & Kouzis-Loukas (2009)', 'Stock.Indicators ToAlma'],
  lookback: (p) => almaLookback(numParam(p, 'period')),
  run: (x, p) => alma(x, numParam(p, 'period'), numParam(p, 'offset'), numParam(p, 'sigma')),
});
