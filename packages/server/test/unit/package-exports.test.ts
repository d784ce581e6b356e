/**
 * Every workspace package's `exports` resolve: each entry's source file exists, its built `types` and
 * `default` files are the same module compiled (src → dist), and importing it by name works.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PACKAGES = fileURLToPath(new URL('../../../', import.meta.url));

interface Manifest {
  name: string;
  exports?: Record<string, { development: string; types: string; default: string }>;
}

const manifests = readdirSync(PACKAGES)
  .filter((d) => existsSync(`${PACKAGES}${d}/package.json`))
  .map((d) => ({
    dir: `${PACKAGES}${d}/`,
    manifest: JSON.parse(readFileSync(`${PACKAGES}${d}/package.json`, 'utf8')) as Manifest,
  }))
  .filter((p) => p.manifest.exports !== undefined);

describe('package exports', () => {
  it('cover the analytics subpaths the server and customers build on', () => {
    const analytics = manifests.find((p) => p.manifest.name === '@bellwether/analytics');
    expect(Object.keys(analytics?.manifest.exports ?? {}).sort()).toEqual(
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

  for (const { dir, manifest } of manifests)
    for (const [subpath, target] of Object.entries(manifest.exports ?? {}))
      it(`${manifest.name}${subpath === '.' ? '' : subpath.slice(1)} resolves`, async () => {
        expect(existsSync(`${dir}${target.development}`), target.development).toBe(true);
        const built = target.development.replace(/^\.\/src\//, './dist/').replace(/\.ts$/, '');
        expect(target.default).toBe(`${built}.js`);
        expect(target.types).toBe(`${built}.d.ts`);
        const mod = (await import(`${manifest.name}${subpath === '.' ? '' : subpath.slice(1)}`)) as Record<
          string,
          unknown
        >;
        expect(Object.keys(mod).length).toBeGreaterThan(0);
      });
});
