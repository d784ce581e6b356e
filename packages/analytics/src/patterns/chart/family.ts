import type { FamilyMeta } from '../../registry/types.js';
import { CHART_PATTERN_TYPES } from './chart-pattern-types.js';
import { CHART_PATTERN_PARAMS } from './options.js';

/** Chart patterns detected from swing points; the parameters are the engine's thresholds. */
export const CHART_PATTERN_FAMILY: FamilyMeta = {
  code: 'chart_patterns',
  name: 'Chart patterns',
  description:
    'Double/triple tops and bottoms, head and shoulders, triangles, wedges, channels, flags and pennants from zig-zag swings, with a lifecycle (forming, confirmed, invalidated, target_hit).',
  members: CHART_PATTERN_TYPES.map((code) => ({
    code,
    name: code.charAt(0).toUpperCase() + code.slice(1).replaceAll('_', ' '),
    description: `${code.replaceAll('_', ' ')} chart pattern`,
  })),
  params: CHART_PATTERN_PARAMS,
};
