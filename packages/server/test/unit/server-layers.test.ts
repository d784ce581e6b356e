/**
 * Dependencies inside the server point one way (DESIGN §4, issue #47): each top-level part of
 * packages/server/src sits on a layer and imports only its own layer and the ones below. Domain code
 * (cards, screening, screens, analysis, events, brokers, lab) never reaches up into http/ — a route, a
 * session-close job and a backtest all call down into one domain folder — and migrations, fixed steps
 * of the schema, import nothing outside db/ (not even the market store beside it).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { REPO_ROOT } from '@bellwether/fixtures';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(REPO_ROOT, 'packages', 'server', 'src');

/** Lowest first. A top-level file (`version.ts`) is its own part, named with its extension. */
const LAYERS: readonly (readonly string[])[] = [
  // Shared foundations: no I/O of their own beyond what they name.
  [
    'clock',
    'config',
    'problems',
    'event-loop-turns.ts',
    'redact-url.ts',
    'startup-error.ts',
    'version.ts',
    'worker-pool.ts',
    'worker-priority.ts',
  ],
  // Storage: the database and the market data kept in it (each reads the other's types and rows).
  ['db', 'market'],
  ['platform'],
  // The domain: what the service computes and keeps, callable from a route, a job or the CLI.
  ['analysis', 'brokers', 'cards', 'events', 'lab', 'screening', 'screens'],
  ['http', 'dashboard'],
  // Entry points: the command line, the package's index and the job threads' module.
  ['cli', 'index.ts', 'job-worker.ts'],
];

const layerOf = new Map(LAYERS.flatMap((parts, rank) => parts.map((p) => [p, rank] as const)));

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every module specifier of a file: static and type imports, re-exports, `import()` and `require()`. */
function specifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

/** The top-level part of src/ a path lies in: its first folder, or the file itself. */
function partOf(path: string): string {
  return relative(SRC, path).split(sep)[0] as string;
}

/** The violation of one relative import of `file`, or undefined. */
function layerViolation(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = resolve(dirname(file), specifier).replace(/\.js$/, '.ts');
  if (relative(SRC, target).startsWith('..')) return undefined; // import-boundaries.test.ts owns these
  const from = partOf(file);
  const to = partOf(target);
  if (file.startsWith(join(SRC, 'db', 'migrations') + sep) && to !== 'db')
    return `a migration imports ${relative(SRC, target)}: write what it needs into the migration`;
  const a = layerOf.get(from);
  const b = layerOf.get(to);
  if (a === undefined) return `${from} is on no layer: add it to LAYERS`;
  if (b === undefined) return `${to} is on no layer: add it to LAYERS`;
  return b > a ? `${from} (layer ${a}) imports ${relative(SRC, target)} (layer ${b})` : undefined;
}

function violations(files: readonly string[]): string[] {
  return files.flatMap((file) =>
    specifiers(readFileSync(file, 'utf8')).flatMap((s) => {
      const v = layerViolation(file, s);
      return v === undefined ? [] : [`${relative(SRC, file)}: ${v}`];
    }),
  );
}

describe('server layers', () => {
  it('places every top-level part of src/ on a layer', () => {
    const parts = readdirSync(SRC).filter((n) => !/\.test\.tsx?$/.test(n));
    expect(parts.filter((p) => !layerOf.has(p))).toEqual([]);
  });

  it('no part imports a part on a higher layer, and migrations import nothing outside db/', () => {
    expect(violations(tsFiles(SRC))).toEqual([]);
  });

  it('the check catches the imports it exists to forbid', () => {
    const at = (path: string) => join(SRC, path);
    expect(layerViolation(at('screens/x.ts'), '../http/screener/answer-screen.js')).toMatch(
      /layer 3.*layer 4/,
    );
    expect(layerViolation(at('analysis/job-problem.ts'), '../http/errors/catalog.js')).toBeDefined();
    expect(layerViolation(at('events/webhooks/post.ts'), '../../http/redact-url.js')).toBeDefined();
    expect(layerViolation(at('db/migrations/0099_x.ts'), '../../market/store/bar-blocks.js')).toMatch(
      /migration/,
    );
    expect(layerViolation(at('db/migrations/0099_x.ts'), '../../market/store/tables.js')).toMatch(
      /migration/,
    );
    expect(layerViolation(at('db/migrations/0099_x.ts'), '../schema.js')).toBeUndefined();
    expect(layerViolation(at('platform/x.ts'), '../cards/index.js')).toBeDefined();
    expect(layerViolation(at('http/x.ts'), '../screening/run-screen.js')).toBeUndefined();
    expect(layerViolation(at('screening/x.ts'), '../problems/problem-error.js')).toBeUndefined();
    expect(layerViolation(at('cards/x.ts'), './y.js')).toBeUndefined();
    expect(layerViolation(at('cards/x.ts'), 'kysely')).toBeUndefined();
  });
});
