import type { FamilyMeta, NumberParamSpec } from '../../registry/types.js';
import { SUPPORT_RESISTANCE_PARAMS } from './options.js';

/** How many levels a caller is shown per side, nearest first (the detector's own thresholds precede it). */
const LEVELS_PER_SIDE: NumberParamSpec = {
  name: 'levels',
  type: 'int',
  default: 5,
  min: 1,
  max: 20,
  description: 'Support and resistance levels returned per side, nearest first',
};

/** Support and resistance levels clustered from swing points. */
export const SUPPORT_RESISTANCE_FAMILY: FamilyMeta = {
  code: 'support_resistance',
  name: 'Support and resistance',
  description: 'Price levels clustered from swing points, with touches and strength, as known at a bar.',
  members: [
    { code: 'support', name: 'Support', description: 'Levels below the close' },
    { code: 'resistance', name: 'Resistance', description: 'Levels above the close' },
  ],
  params: [...SUPPORT_RESISTANCE_PARAMS, LEVELS_PER_SIDE],
};
