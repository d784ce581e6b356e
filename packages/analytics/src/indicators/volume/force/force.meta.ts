import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { force, forceLookback } from './force.js';

export const FORCE_META: IndicatorMeta = {
  code: 'force',
  name: 'Force Index',
  group: 'volume',
  aliases: ['force_index', 'efi'],
  inputs: ['close', 'volume'],
  params: [periodParam(13, 1)],
  outputs: [{ name: 'force', description: 'EMA of (close − previous close) × volume' }],
  lookback: (p) => forceLookback(numParam(p, 'period')),
  variant: "SMA-seeded EMA of the raw force (Stock.Indicators ToForceIndex; Elder's 13-bar default)",
  references: ['A. Elder, Trading for a Living (1993)', 'Stock.Indicators ToForceIndex'],
  compute: (inputs, p) => ({
    force: force(series(inputs, 'close'), series(inputs, 'volume'), numParam(p, 'period')),
  }),
};
