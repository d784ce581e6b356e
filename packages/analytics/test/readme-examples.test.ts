import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Runs every ```ts block of packages/analytics/README.md against the package source, so the README
// cannot drift from the code. A statement line ending in `// => <expression>` is also checked:
// `expr; // => 2.80` becomes an assertion that `expr` equals `2.80` (numbers to the precision
// written, NaN equals NaN, typed arrays compare as arrays, objects on the keys written).

const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const README = join(PACKAGE_ROOT, 'README.md');
const SOURCE_ENTRY = pathToFileURL(join(PACKAGE_ROOT, 'src/index.ts')).href;

interface Block {
  readonly line: number;
  readonly code: string;
}

export function extractTsBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]?.trim() !== '```ts') continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end]?.trim() !== '```') end++;
    blocks.push({ line: start + 1, code: lines.slice(start, end).join('\n') });
    i = end;
  }
  return blocks;
}

const EXPECT_LINE = /^(\s*)(?:console\.log\((.*)\)|(.*?));?\s*\/\/ => (.+)$/;

/** Rewrites the package import to the source entry and `// =>` lines into checks. */
export function instrument(code: string): { source: string; checks: number } {
  let checks = 0;
  const body = code
    .split('\n')
    .map((line) => {
      const m = EXPECT_LINE.exec(line);
      if (m === null) return line;
      const actual = (m[2] ?? m[3] ?? '').trim();
      if (actual === '') return line;
      checks++;
      return `${m[1]}__check(${actual}, ${m[4]}, ${JSON.stringify(actual)});`;
    })
    .join('\n')
    .replaceAll("'@bellwether/analytics'", `'${SOURCE_ENTRY}'`);
  return { source: `${CHECK_SOURCE}\n${body}\nexport {};\n`, checks };
}

// Kept as source text: it runs inside the generated module.
const CHECK_SOURCE = `
function __decimals(x) {
  const s = String(x);
  if (s.includes('e')) return 12;
  const dot = s.indexOf('.');
  return dot === -1 ? -1 : s.length - dot - 1;
}
function __same(a, e, path) {
  if (ArrayBuffer.isView(a)) a = Array.from(a);
  if (typeof e === 'number') {
    if (typeof a !== 'number') return path + ': expected number ' + e + ', got ' + String(a);
    if (Number.isNaN(e)) return Number.isNaN(a) ? null : path + ': expected NaN, got ' + a;
    const d = __decimals(e);
    const tol = d < 0 ? 1e-9 * Math.max(1, Math.abs(e)) : 0.5 * 10 ** -d + 1e-12;
    return Math.abs(a - e) <= tol ? null : path + ': expected ' + e + ', got ' + a;
  }
  if (Array.isArray(e)) {
    if (!Array.isArray(a)) return path + ': expected an array, got ' + String(a);
    if (a.length !== e.length) return path + ': expected length ' + e.length + ', got ' + a.length;
    for (let i = 0; i < e.length; i++) { const r = __same(a[i], e[i], path + '[' + i + ']'); if (r) return r; }
    return null;
  }
  if (e !== null && typeof e === 'object') {
    if (a === null || typeof a !== 'object') return path + ': expected an object, got ' + String(a);
    for (const k of Object.keys(e)) { const r = __same(a[k], e[k], path + '.' + k); if (r) return r; }
    return null;
  }
  return Object.is(a, e) ? null : path + ': expected ' + JSON.stringify(e) + ', got ' + JSON.stringify(a);
}
function __check(actual, expected, text) {
  const problem = __same(actual, expected, text);
  if (problem !== null) throw new Error('README example: ' + problem);
}
const console = { ...globalThis.console, log: (..._args) => {} };
`;

const readme = readFileSync(README, 'utf8');
const blocks = extractTsBlocks(readme);
const dir = mkdtempSync(join(tmpdir(), 'bellwether-readme-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('packages/analytics/README.md examples', () => {
  it('has runnable examples with checked results', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(10);
    const checks = blocks.reduce((n, b) => n + instrument(b.code).checks, 0);
    expect(checks).toBeGreaterThanOrEqual(10);
  });

  it('the check rewriter catches a wrong expected value', async () => {
    const file = join(dir, 'wrong.ts');
    writeFileSync(
      file,
      instrument(
        "import { sma } from '@bellwether/analytics';\nsma(Float64Array.of(1, 2, 3), 2); // => [NaN, 1.5, 2.4]",
      ).source,
    );
    await expect(import(pathToFileURL(file).href)).rejects.toThrow(/\[2\]: expected 2.4, got 2.5/);
  });

  for (const block of blocks) {
    it(`runs the block at README.md line ${block.line}`, async () => {
      const file = join(dir, `block-${block.line}.ts`);
      writeFileSync(file, instrument(block.code).source);
      await import(pathToFileURL(file).href);
    });
  }
});
