/**
 * Every workspace package's `exports` resolve: each entry's source file exists, its built `types` and
 * `default` files are the same module compiled (src → dist), and importing it by name works — with the
 * `development` condition (sources, as Vitest and `tsx --conditions=development` run them) and, where the
 * package has been built, without it (dist, as Node runs it in production).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const PACKAGES = fileURLToPath(new URL('../../../', import.meta.url));

interface Manifest {
  name: string;
  private?: boolean;
  exports?: Record<string, { development: string; types: string; default: string }>;
}

const manifests = readdirSync(PACKAGES)
  .filter((d) => existsSync(`${PACKAGES}${d}/package.json`))
  .map((d) => ({
    dir: `${PACKAGES}${d}/`,
    manifest: JSON.parse(readFileSync(`${PACKAGES}${d}/package.json`, 'utf8')) as Manifest,
  }))
  .filter((p) => p.manifest.exports !== undefined);

const entries = manifests.flatMap(({ dir, manifest }) =>
  Object.entries(manifest.exports ?? {}).map(([subpath, target]) => ({
    dir,
    target,
    specifier: `${manifest.name}${subpath === '.' ? '' : subpath.slice(1)}`,
  })),
);

const subpathsOf = (name: string) =>
  Object.keys(manifests.find((p) => p.manifest.name === name)?.manifest.exports ?? {}).sort();

/** Resolves and imports the specifiers in a plain Node process (no conditions): url and export count. */
function importWithoutConditions(
  specifiers: readonly string[],
): Record<string, { url: string; names: number }> {
  const script = `
    const out = {};
    for (const s of ${JSON.stringify(specifiers)}) {
      out[s] = { url: import.meta.resolve(s), names: Object.keys(await import(s)).length };
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const { NODE_OPTIONS: _, ...env } = process.env;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: PACKAGES,
    env,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`node exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, { url: string; names: number }>;
}

describe('package exports', () => {
  it('cover the analytics subpaths the server and customers build on', () => {
    expect(subpathsOf('@bellwether/analytics')).toEqual(
      [
        '.',
        './catalog',
        './indicators',
        './microstructure',
        './patterns',
        './portfolio',
        './risk',
        './sentiment',
        './signals',
      ].sort(),
    );
  });

  it('cover the server layers that embedders, benchmarks and scripts build on', () => {
    expect(subpathsOf('@bellwether/server')).toEqual(
      [
        '.',
        './analysis',
        './cards',
        './http',
        './market',
        './market/ingest',
        './market/synthetic',
        './platform',
        './storage',
      ].sort(),
    );
  });

  it('keep the shared test data private: @bellwether/fixtures is never published', () => {
    const fixtures = manifests.find((p) => p.manifest.name === '@bellwether/fixtures');
    expect(fixtures?.manifest.private).toBe(true);
    expect(subpathsOf('@bellwether/fixtures')).toEqual(['.']);
  });

  for (const { dir, target, specifier } of entries)
    it(`${specifier} resolves with the development condition`, async () => {
      expect(existsSync(`${dir}${target.development}`), target.development).toBe(true);
      const built = target.development.replace(/^\.\/src\//, './dist/').replace(/\.ts$/, '');
      expect(target.default).toBe(`${built}.js`);
      expect(target.types).toBe(`${built}.d.ts`);
      const mod = (await import(specifier)) as Record<string, unknown>;
      expect(Object.keys(mod).length).toBeGreaterThan(0);
    });

  describe('without the development condition (built packages only)', () => {
    const built = entries.filter(({ dir, target }) => existsSync(`${dir}${target.default}`));
    let loaded: Record<string, { url: string; names: number }> = {};
    beforeAll(() => {
      if (built.length > 0) loaded = importWithoutConditions(built.map((e) => e.specifier));
    }, 60_000);

    for (const { dir, target, specifier } of entries)
      it.skipIf(!existsSync(`${dir}${target.default}`))(`${specifier} resolves to dist`, () => {
        expect(loaded[specifier]?.url).toBe(pathToFileURL(`${dir}${target.default.slice(2)}`).href);
        expect(existsSync(`${dir}${target.types}`), target.types).toBe(true);
        expect(loaded[specifier]?.names).toBeGreaterThan(0);
      });
  });
});
