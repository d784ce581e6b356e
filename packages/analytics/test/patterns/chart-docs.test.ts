import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';
import { REPO_ROOT } from '@bellwether/fixtures';
import { describe, expect, it, vi } from 'vitest';
import { CHART_PATTERN_TYPES, PATTERN_STATES } from '../../src/patterns/chart/chart-pattern-types.js';
import { CHART_PATTERN_PARAMS } from '../../src/patterns/chart/options.js';
import { SUPPORT_RESISTANCE_PARAMS } from '../../src/patterns/levels/options.js';

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

  it('has a runnable example whose printed output is the one shown', async () => {
    const code = /```ts\n([\s\S]*?)\n```/.exec(doc)![1]!;
    const shown = /Output:\n\n```\n([\s\S]*?)\n```/.exec(doc)![1]!;
    const dir = mkdtempSync(join(tmpdir(), 'chart-example-'));
    const file = join(dir, 'example.ts');
    writeFileSync(file, code.replaceAll("from './packages/", `from '${REPO_ROOT}/packages/`));
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      lines.push(format(...args));
    });
    try {
      await import(file);
    } finally {
      spy.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(lines.join('\n')).toBe(shown);
  });
});
