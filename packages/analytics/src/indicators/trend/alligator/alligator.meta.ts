import type { IndicatorMeta } from '../../../registry/types.js';
import { intParam, MAX_PERIOD, numParam, series } from '../../core/index.js';
import { alligator, alligatorLookback } from './alligator.js';

export const ALLIGATOR_META: IndicatorMeta = {
  code: 'alligator',
  name: 'Williams Alligator',
  group: 'trend',
  aliases: ['williams_alligator'],
  inputs: ['high', 'low'],
  params: [
    intParam('jaw_period', 13, 1, MAX_PERIOD, 'Jaw SMMA period'),
    intParam('jaw_offset', 8, 0, MAX_PERIOD, 'Bars the jaw is plotted ahead'),
    intParam('teeth_period', 8, 1, MAX_PERIOD, 'Teeth SMMA period'),
    intParam('teeth_offset', 5, 0, MAX_PERIOD, 'Bars the teeth are plotted ahead'),
    intParam('lips_period', 5, 1, MAX_PERIOD, 'Lips SMMA period'),
    intParam('lips_offset', 3, 0, MAX_PERIOD, 'Bars the lips are plotted ahead'),
  ],
  outputs: [
    { name: 'jaw', description: 'SMMA(13) of the median price, 8 bars ahead' },
    { name: 'teeth', description: 'SMMA(8), 5 bars ahead' },
    { name: 'lips', description: 'SMMA(5), 3 bars ahead' },
  ],
  lookback: (p) =>
    alligatorLookback({
      jawPeriod: numParam(p, 'jaw_period'),
      jawOffset: numParam(p, 'jaw_offset'),
      teethPeriod: numParam(p, 'teeth_period'),
      teethOffset: numParam(p, 'teeth_offset'),
      lipsPeriod: numParam(p, 'lips_period'),
      lipsOffset: numParam(p, 'lips_offset'),
    }),
  variant:
    'Wilder-smoothed median price, displaced forward (causal); one lookback for all lines (Stock.Indicators ToAlligator)',
  references: ['B. Williams, Trading Chaos (1995)', 'Stock.Indicators ToAlligator'],
  compute: (inputs, p) =>
    alligator(series(inputs, 'high'), series(inputs, 'low'), {
      jawPeriod: numParam(p, 'jaw_period'),
      jawOffset: numParam(p, 'jaw_offset'),
      teethPeriod: numParam(p, 'teeth_period'),
      teethOffset: numParam(p, 'teeth_offset'),
      lipsPeriod: numParam(p, 'lips_period'),
      lipsOffset: numParam(p, 'lips_offset'),
    }),
};
