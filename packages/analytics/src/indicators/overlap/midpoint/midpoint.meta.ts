import { numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { midpoint, midpointLookback } from './midpoint.js';

export const MIDPOINT_META = seriesIndicator({
  code: 'midpoint',
  name: 'MidPoint over period',
  group: 'overlap',
  params: [periodParam(14)],
  description: '(highest close + lowest close)/2 over the window',
  variant: 'TA-Lib TA_MIDPOINT',
  references: ['TA-Lib ta_MIDPOINT.c'],
  lookback: (p) => midpointLookback(numParam(p, 'period')),
  run: (x, p) => midpoint(x, numParam(p, 'period')),
});
