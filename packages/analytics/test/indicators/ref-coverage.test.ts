/**
 * Every catalogue indicator output is compared with a reference written by someone else (issue #4):
 * the map in test/support/reference-map.ts names, per code and output, the test, its source and its
 * tolerance; this file checks the map against the catalogue (src/registry/catalog.ts, the source of
 * truth for codes and outputs) and against the test files, and docs/analytics/references.md against
 * the map. Candlestick patterns are covered by test/patterns/candlestick-talib-*.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '@bellwether/fixtures';
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../src/registry/catalog.js';
import {
  missingAnchors,
  renderReferencesDoc,
  uncoveredOutputs,
  unknownTargets,
} from '../support/reference-checks.js';
import { REFERENCES, type ReferenceMap } from '../support/reference-map.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const INDICATORS = CATALOG.filter((m) => m.group !== 'candlestick');
const readTest = (file: string): string | undefined => {
  const path = join(HERE, file);
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
};
const without = (map: ReferenceMap, code: string): ReferenceMap =>
  Object.fromEntries(Object.entries(map).filter(([c]) => c !== code));

describe('reference coverage of the indicator catalogue', () => {
  it('covers the 134 indicators of the catalogue', () => {
    expect(INDICATORS.length).toBe(134);
  });

  it('every code and every output has at least one reference check', () => {
    expect(uncoveredOutputs(INDICATORS, REFERENCES)).toEqual([]);
  });

  it('every check names a catalogue code and one of its outputs', () => {
    expect(unknownTargets(INDICATORS, REFERENCES)).toEqual([]);
  });

  it('every check points at a test file that still holds the named test', () => {
    expect(missingAnchors(REFERENCES, readTest)).toEqual([]);
  });

  it('docs/analytics/references.md is the rendering of the map', () => {
    const doc = readFileSync(resolve(REPO_ROOT, 'docs/analytics/references.md'), 'utf8');
    expect(doc).toBe(renderReferencesDoc(CATALOG, REFERENCES));
  });
});

describe('the coverage checks can fail', () => {
  it('a code whose entry is removed is reported with each of its outputs', () => {
    expect(uncoveredOutputs(INDICATORS, without(REFERENCES, 'sma'))).toEqual(['sma.sma']);
    expect(uncoveredOutputs(INDICATORS, without(REFERENCES, 'ht_sine'))).toEqual([
      'ht_sine.sine',
      'ht_sine.leadsine',
    ]);
  });

  it('an output that no check compares is reported', () => {
    const chexitLongOnly = REFERENCES['chexit']!.map((c) => ({
      ...c,
      outputs: c.outputs.filter((o) => o === 'long'),
    }));
    expect(uncoveredOutputs(INDICATORS, { ...REFERENCES, chexit: chexitLongOnly })).toEqual(['chexit.short']);
  });

  it('a check for a code or output the catalogue lacks is reported', () => {
    const sma = REFERENCES['sma']![0]!;
    const stale = { ...REFERENCES, smaa: [sma], ema: [{ ...sma, outputs: ['ema', 'signal'] }] };
    expect(unknownTargets(INDICATORS, stale)).toEqual(['ema.signal', 'smaa']);
  });

  it('a renamed test or a missing file is reported', () => {
    const sma = REFERENCES['sma']![0]!;
    const renamed = { sma: [{ ...sma, anchors: ["real('sma', 'SMAX'"] }] };
    expect(missingAnchors(renamed, readTest)).toEqual([`sma: ${sma.file} has no real('sma', 'SMAX'`]);
    const gone = { sma: [{ ...sma, file: 'no-such.test.ts' }] };
    expect(missingAnchors(gone, readTest)).toEqual(['sma: no-such.test.ts does not exist']);
  });

  it('an anchor that survives only in a comment does not count', () => {
    const sma = REFERENCES['sma']![0]!;
    const text = `/* real('sma', 'SMA' */\n// real('sma', 'SMA'\nconst x = 1;`;
    expect(missingAnchors({ sma: [{ ...sma, anchors: ["real('sma', 'SMA'"] }] }, () => text)).toHaveLength(1);
  });
});
