/**
 * The checks behind test/indicators/ref-coverage.test.ts and the rendering of
 * docs/analytics/references.md, over a reference map (test/support/reference-map.ts).
 */
import { REFERENCES, type ReferenceMap, type ReferenceSource } from './reference-map.js';

/** Catalogue outputs (`code.output`) that no check in `map` compares with a reference. */
export function uncoveredOutputs(
  catalog: readonly { code: string; outputs: readonly { name: string }[] }[],
  map: ReferenceMap,
): string[] {
  const missing: string[] = [];
  for (const meta of catalog) {
    const checked = new Set((map[meta.code] ?? []).flatMap((c) => c.outputs));
    for (const o of meta.outputs) if (!checked.has(o.name)) missing.push(`${meta.code}.${o.name}`);
  }
  return missing;
}

/** Checks in `map` that name a code or an output the catalogue does not have. */
export function unknownTargets(
  catalog: readonly { code: string; outputs: readonly { name: string }[] }[],
  map: ReferenceMap,
): string[] {
  const byCode = new Map(catalog.map((m) => [m.code, new Set(m.outputs.map((o) => o.name))] as const));
  const bad: string[] = [];
  for (const [code, checks] of Object.entries(map)) {
    const outputs = byCode.get(code);
    if (outputs === undefined) bad.push(code);
    else for (const c of checks) for (const o of c.outputs) if (!outputs.has(o)) bad.push(`${code}.${o}`);
  }
  return bad;
}

/** Source text with comments and all whitespace removed (formatting must not matter to anchors). */
function normaliseSource(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/\s+/g, '');
}

/** Anchors of `map` missing from their test file (`readFile(file)` returns the file's text or undefined). */
export function missingAnchors(map: ReferenceMap, readFile: (file: string) => string | undefined): string[] {
  const cache = new Map<string, string | undefined>();
  const bad: string[] = [];
  for (const [code, checks] of Object.entries(map)) {
    for (const c of checks) {
      if (!cache.has(c.file)) {
        const text = readFile(c.file);
        cache.set(c.file, text === undefined ? undefined : normaliseSource(text));
      }
      const text = cache.get(c.file);
      if (text === undefined) {
        bad.push(`${code}: ${c.file} does not exist`);
        continue;
      }
      for (const a of c.anchors) {
        if (!text.includes(a.replace(/\s+/g, ''))) bad.push(`${code}: ${c.file} has no ${a}`);
      }
    }
  }
  return bad;
}

const SOURCE_NOTE: Record<ReferenceSource, string> = {
  'TA-Lib': 'TA-Lib C through the `talib` npm binding 1.1.6 (dev dependency), plain arrays',
  'Stock.Indicators':
    'DaveSkender/Stock.Indicators expected series `results/<file>.standard.json` on `quotes/default.csv` (502 days), read from `../shared/data`; calls in `results_params.tsv`',
  'trading-signals': 'bennycode/trading-signals 8.3.0 (dev dependency), streamed bar by bar',
  numpy:
    'numpy 1.24, written from the published definition named in the row (`test/oracle/ref_oracle.py`, `test/oracle/historical_volatility.py`); its results are golden files in `test/golden/python/` with the SHA-256 of their inputs, compared at a deterministic sample of bars (first compared bars, every 8th or 16th, the last 20, around the largest moves and warm-up boundaries). Regenerating them needs `/usr/bin/python3` with numpy (`npm run golden:python -w packages/analytics`); the tests run no Python',
};

/** docs/analytics/references.md, rendered from `map` for the codes of `catalog` (in catalogue order). */
export function renderReferencesDoc(
  catalog: readonly { code: string; group: string; outputs: readonly { name: string }[] }[],
  map: ReferenceMap = REFERENCES,
): string {
  const codes = catalog.filter((m) => m.group !== 'candlestick');
  const checks = codes.flatMap((m) => map[m.code] ?? []);
  const bySource = (s: ReferenceSource) =>
    codes.filter((m) => (map[m.code] ?? []).some((c) => c.source === s)).length;
  const outputs = codes.reduce((n, m) => n + m.outputs.length, 0);
  const lines = [
    '# Indicator references',
    '',
    '<!-- Generated from packages/analytics/test/support/reference-map.ts; do not edit by hand.',
    '     Regenerate: node --conditions=development --import tsx packages/analytics/test/support/generate-references-doc.ts -->',
    '',
    `Every one of the ${codes.length} catalogue indicators (${outputs} outputs; the 61 candlestick patterns are`,
    'compared with TA-Lib in `test/patterns/candlestick-talib-*.test.ts`) is compared with at least one',
    'implementation written by someone else. `test/indicators/ref-coverage.test.ts` fails when a code or an',
    'output has no check here, when a check names a code or output that does not exist, when a test named',
    'here is no longer in its file, or when this page differs from the map.',
    '',
    'Sources:',
    '',
    ...(['TA-Lib', 'Stock.Indicators', 'trading-signals', 'numpy'] as const).map(
      (s) => `- **${s}** (${bySource(s)} codes): ${SOURCE_NOTE[s]}.`,
    ),
    '',
    'Tolerances are relative, |ours − theirs| / max(|theirs|, 1). "Same warm-up" means NaN on exactly the',
    'same bars; "where both are defined" compares every bar both series have (Stock.Indicators\' warm-up',
    'is sometimes shorter); "from bar N" starts where a different seed has decayed below the tolerance —',
    'the reason is given. Test files are under `packages/analytics/test/indicators/`.',
    '',
    `${checks.length} checks:`,
    '',
    '| code | outputs | source | reference | tolerance | test file |',
    '|---|---|---|---|---|---|',
  ];
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  for (const m of codes) {
    for (const c of map[m.code] ?? []) {
      const outs = c.outputs.length === m.outputs.length ? 'all' : c.outputs.join(', ');
      lines.push(
        `| \`${m.code}\` | ${outs} | ${c.source} | ${cell(c.reference)} | ${cell(c.tolerance)} | ${c.file} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
