/**
 * The SDK installs on its own (issue #49): `npm pack` of the workspace gives a tarball that a project
 * outside the monorepo installs with no other package, imports as `@bellwether/client` from plain Node,
 * and type-checks against — the README's example included, compiled from the README itself.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CLIENT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

describe('@bellwether/client packed on its own', () => {
  let work: string;
  let project: string;
  let files: string[];

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'bw-sdk-'));
    // prepack builds dist/ with the workspace's TypeScript; --json names the tarball and its files.
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
      cwd: CLIENT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const [packed] = JSON.parse(out.slice(out.indexOf('['))) as {
      filename: string;
      files: { path: string }[];
    }[];
    files = (packed?.files ?? []).map((f) => f.path);
    project = join(work, 'consumer');
    mkdirSync(project);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    execFileSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--offline', join(work, packed?.filename ?? '')],
      {
        cwd: project,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
  }, 180_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('holds the built code, its declarations, the sources and the README, and nothing else', () => {
    expect(files).toContain('dist/index.js');
    expect(files).toContain('dist/index.d.ts');
    expect(files).toContain('src/index.ts');
    expect(files).toContain('README.md');
    expect(files.filter((f) => !/^(dist\/|src\/|README\.md$|package\.json$)/.test(f))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.test.ts'))).toEqual([]);
  });

  it('installs with no dependency and runs from plain Node outside the workspace', () => {
    const installed = JSON.parse(
      readFileSync(join(project, 'node_modules', '@bellwether', 'client', 'package.json'), 'utf8'),
    ) as { dependencies?: object };
    expect(installed.dependencies ?? {}).toEqual({});
    const script = [
      "import { Bellwether, BellwetherProblem } from '@bellwether/client';",
      "const bw = new Bellwether({ baseUrl: 'http://127.0.0.1:9', apiKey: 'bw_x' });",
      "let missing = '';",
      'try { new Bellwether({}); } catch (e) { missing = e.message; }',
      'console.log(JSON.stringify({ cards: typeof bw.cards.list, problem: typeof BellwetherProblem, missing }));',
    ].join('\n');
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: project,
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual({
      cards: 'function',
      problem: 'function',
      missing: expect.stringContaining('options.baseUrl is missing'),
    });
  });

  it('type-checks the README’s example against the installed declarations', () => {
    const readme = readFileSync(join(CLIENT, 'README.md'), 'utf8');
    const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toContain("from '@bellwether/client'");
    writeFileSync(join(project, 'example.ts'), example as string);
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM'],
          types: [],
          skipLibCheck: false,
        },
        files: ['example.ts', 'env.d.ts'],
      }),
    );
    // process.env in the example: declare the one global it reads, as a project without @types/node would.
    writeFileSync(
      join(project, 'env.d.ts'),
      'declare const process: { env: Record<string, string | undefined> };\n',
    );
    const r = (() => {
      try {
        execFileSync(process.execPath, [TSC, '-p', project], {
          encoding: 'utf8',
        });
        return '';
      } catch (e) {
        return String((e as { stdout?: string }).stdout ?? e);
      }
    })();
    expect(r).toBe('');
  }, 120_000);
});
