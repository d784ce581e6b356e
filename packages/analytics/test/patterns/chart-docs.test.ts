import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHART_PATTERN_TYPES, PATTERN_STATES } from '../../src/patterns/chart/chart-pattern-types.js';
import { CHART_PATTERN_PARAMS } from '../../src/patterns/chart/options.js';
import { SUPPORT_RESISTANCE_PARAMS } from '../../src/patterns/levels/options.js';
import { REPO_ROOT } from '../support/shared-data.js';

const doc = readFileSync(join(REPO_ROOT, 'docs/analytics/chart-patterns.md'), 'utf8');
const [chartSection, levelSection] = doc.split('`detectSupportResistance(bars, options)` / ').slice(-2) as [
  string,
  string,
];

describe('docs/analytics/chart-patterns.md', () => {
  it.each([
    ['chart patterns', CHART_PATTERN_PARAMS, chartSection],
    ['support/resistance', SUPPORT_RESISTANCE_PARAMS, levelSection],
  ] as const)('documents every %s parameter with its default, range and meaning', (_, specs, section) => {
    for (const s of specs) {
      const description = s.description.replace(/\|/g, '\\|');
      expect(section).toContain(`| \`${s.name}\` | ${s.default} | ${s.min} … ${s.max} | ${description} |`);
    }
  });

  it('defines every pattern type and lifecycle state', () => {
    expect(new Set(CHART_PATTERN_TYPES).size).toBe(16);
    for (const type of CHART_PATTERN_TYPES)
      expect(doc).toContain(`\`${type.replace(/^inverse_head_and_shoulders$/, 'inverse_…')}\``);
    for (const state of PATTERN_STATES) expect(doc).toContain(`\`${state}\``);
  });
});
