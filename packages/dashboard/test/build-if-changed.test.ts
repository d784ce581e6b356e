/**
 * `npm start` does not bundle the dashboard again when nothing it is built from changed (issue #49: 47 s of
 * every restart). Decided from modification times, shown here on a folder laid out like the dashboard's.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script, without declarations
import { needsBuild } from '../scripts/build-if-changed.mjs';

const root = join(mkdtempSync(join(tmpdir(), 'bw-dash-build-')), 'packages', 'dashboard');
afterAll(() => rmSync(join(root, '..', '..'), { recursive: true, force: true }));

const at = (path: string, seconds: number, text = '') => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  utimesSync(path, seconds, seconds);
};

describe('the dashboard build', () => {
  it('is needed without a build, skipped once built, and needed again when any input changes', () => {
    at(join(root, 'src', 'main.tsx'), 1000);
    at(join(root, 'index.html'), 1000);
    at(join(root, '..', '..', 'package-lock.json'), 1000);
    expect(needsBuild(root)).toBe(true);
    at(join(root, 'dist', 'index.html'), 2000);
    at(join(root, 'dist', '.built'), 2000);
    expect(needsBuild(root)).toBe(false);
    at(join(root, 'src', 'pages', 'Cards.tsx'), 3000);
    expect(needsBuild(root)).toBe(true);
    at(join(root, 'dist', '.built'), 4000);
    expect(needsBuild(root)).toBe(false);
    at(join(root, 'public', 'favicon.svg'), 5000);
    expect(needsBuild(root)).toBe(true);
    at(join(root, 'dist', '.built'), 6000);
    at(join(root, '..', '..', 'package-lock.json'), 7000);
    expect(needsBuild(root)).toBe(true);
  });
});
