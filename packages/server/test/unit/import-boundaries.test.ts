/**
 * Code outside a package reaches it only through its public `exports`. Benchmarks, scripts and the SDK
 * examples import `@bellwether/*` by name (and helpers in their own folder), never another package's
 * src/ or any test/ directory by relative path; product code (packages/*\/src) stays inside its own src/
 * and never imports the private test-data package, @bellwether/fixtures.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { REPO_ROOT } from '@bellwether/fixtures';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** Every module specifier of a file: static and type imports, re-exports, `import()` and `require()`. */
function specifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

function tsFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return tsFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const PACKAGES = join(REPO_ROOT, 'packages');
const packageDirs = readdirSync(PACKAGES).filter((d) => statSync(join(PACKAGES, d)).isDirectory());

/**
 * A relative import's violation, or undefined: it must resolve inside `home` (the importing file's own
 * folder tree: bench/, examples/, packages/<name>/scripts/ or packages/<name>/src/) and never into a
 * test/ directory.
 */
function relativeViolation(file: string, specifier: string, home: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = resolve(dirname(file), specifier);
  const where = relative(REPO_ROOT, target);
  if (where.split(sep).includes('test')) return `${specifier} reaches into a test/ directory (${where})`;
  if (relative(home, target).startsWith('..'))
    return `${specifier} leaves ${relative(REPO_ROOT, home)}/ (${where}): import the package by name`;
  return undefined;
}

function violations(files: readonly { file: string; home: string }[]): string[] {
  return files.flatMap(({ file, home }) =>
    specifiers(readFileSync(file, 'utf8')).flatMap((s) => {
      const v = relativeViolation(file, s, home);
      return v === undefined ? [] : [`${relative(REPO_ROOT, file)}: ${v}`];
    }),
  );
}

const outside = [
  ...tsFiles(join(REPO_ROOT, 'bench')).map((file) => ({ file, home: join(REPO_ROOT, 'bench') })),
  ...tsFiles(join(REPO_ROOT, 'examples')).map((file) => ({ file, home: join(REPO_ROOT, 'examples') })),
  ...packageDirs.flatMap((d) => {
    const home = join(PACKAGES, d, 'scripts');
    return tsFiles(home).map((file) => ({ file, home }));
  }),
];

/** The shipped sources: packages/<name>/src without the tests kept beside them. */
const product = packageDirs.flatMap((d) => {
  const home = join(PACKAGES, d, 'src');
  return tsFiles(home)
    .filter((file) => !/\.test\.tsx?$/.test(file) && !file.includes(`${sep}__tests__${sep}`))
    .map((file) => ({ file, home }));
});

describe('import boundaries', () => {
  it('finds the benchmarks and every package script', () => {
    const found = outside.map(({ file }) => relative(REPO_ROOT, file));
    expect(found).toContain(join('bench', 'risk.ts'));
    expect(found).toContain(join('packages', 'analytics', 'scripts', 'train-sentiment.ts'));
    expect(found).toContain(join('packages', 'server', 'scripts', 'generate.ts'));
  });

  it('benchmarks, scripts and examples import other packages only by their public exports', () => {
    expect(violations(outside)).toEqual([]);
  });

  it('product code never imports past its own src/', () => {
    expect(violations(product)).toEqual([]);
  });

  it('product code never imports the private fixtures package', () => {
    const offenders = product
      .filter(({ file }) => specifiers(readFileSync(file, 'utf8')).includes('@bellwether/fixtures'))
      .map(({ file }) => relative(REPO_ROOT, file));
    expect(offenders).toEqual([]);
  });

  it('the check catches the imports it exists to forbid', () => {
    const bench = join(REPO_ROOT, 'bench');
    const scripts = join(PACKAGES, 'analytics', 'scripts');
    const source = `
      import { createPlatform } from '../packages/server/src/platform/create-platform.js';
      import type { FeedEntry } from '../packages/server/src/db/records.js';
      export { readCsv } from '../packages/analytics/test/support/shared-data.js';
      const { buildApp } = await import('../packages/server/src/http/build-app.js');
      import { embeddedConfig } from './embedded-config.js';
      import { sma } from '@bellwether/analytics/indicators';
    `;
    const found = specifiers(source)
      .map((s) => relativeViolation(join(bench, 'x.ts'), s, bench))
      .filter((v) => v !== undefined);
    expect(found).toHaveLength(4);
    expect(relativeViolation(join(scripts, 'x.ts'), '../src/sentiment/train.js', scripts)).toBeDefined();
    expect(relativeViolation(join(scripts, 'x.ts'), '../test/support/render.js', scripts)).toMatch(/test\//);
    expect(relativeViolation(join(scripts, 'x.ts'), './openapi-types.js', scripts)).toBeUndefined();
  });
});
