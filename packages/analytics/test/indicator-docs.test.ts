import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INDICATOR_DOCS_DIR, renderIndicatorDocs } from '../scripts/generate-indicator-docs.js';
import { CATALOG, describeCatalog } from '../src/index.js';

// docs/indicators/ is generated from the registry; a registry change without regenerating
// (node --conditions=development --import tsx packages/analytics/scripts/generate-indicator-docs.ts)
// fails here.

const generated = renderIndicatorDocs();

describe('docs/indicators (generated from the registry)', () => {
  it('the committed files are exactly what the generator produces', () => {
    expect(existsSync(INDICATOR_DOCS_DIR)).toBe(true);
    const committed = readdirSync(INDICATOR_DOCS_DIR)
      .filter((f) => f.endsWith('.md'))
      .sort();
    expect(committed).toEqual([...generated.keys()].sort());
    for (const [name, text] of generated) {
      expect(readFileSync(join(INDICATOR_DOCS_DIR, name), 'utf8'), name).toBe(text);
    }
  });

  it('the index lists every catalogue entry once, linked to its group page', () => {
    const index = generated.get('README.md') ?? '';
    for (const meta of CATALOG) {
      const row = `| [\`${meta.code}\`](${meta.group}.md#${meta.code}) |`;
      expect(index.split(row).length - 1, meta.code).toBe(1);
    }
  });

  it('each group page documents every parameter default and the default lookback', () => {
    for (const d of describeCatalog()) {
      const page = generated.get(`${d.group}.md`) ?? '';
      const start = page.indexOf(`## ${d.code}\n`);
      expect(start, d.code).toBeGreaterThan(-1);
      const next = page.indexOf('\n## ', start + 1);
      const section = page.slice(start, next === -1 ? undefined : next);
      expect(section).toContain(`Lookback at the defaults: ${d.defaultLookback} `);
      for (const p of d.params) expect(section).toContain(`| \`${p.name}\` | ${p.type} | \`${p.default}\` |`);
      for (const o of d.outputs) expect(section).toContain(`| \`${o.name}\` |`);
    }
  });
});
