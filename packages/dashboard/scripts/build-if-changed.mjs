#!/usr/bin/env node
/**
 * `npm run build` of the dashboard: type-check and bundle it with Vite, unless the last build is newer
 * than everything it is built from (its sources, index.html, public/, its configuration and the lock
 * file). A restart with `npm start` then costs nothing here instead of ~45 s of bundling (issue #49).
 * `--force` builds anyway.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What the bundle is built from, relative to the dashboard's folder. */
const INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  '../../package-lock.json',
];
/** Written after a successful build: its time is the build's. */
const STAMP = join('dist', '.built');

/** Newest modification time of a file, or of every file under a folder (0 when missing). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = 0;
  for (const e of readdirSync(path, { withFileTypes: true, recursive: true }))
    if (e.isFile()) max = Math.max(max, statSync(join(e.parentPath, e.name)).mtimeMs);
  return max;
}

/** Whether the dashboard under `root` must be built: no build, or an input newer than the last one. */
export function needsBuild(root) {
  if (!existsSync(join(root, 'dist', 'index.html'))) return true;
  return newest(join(root, STAMP)) <= Math.max(...INPUTS.map((p) => newest(join(root, p))));
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  if (!process.argv.includes('--force') && !needsBuild(root)) {
    process.stdout.write('dashboard: up to date (no source changed since the last build), not rebuilt\n');
    return;
  }
  process.stdout.write('dashboard: type-checking and bundling (about a minute on 2 cores)…\n');
  const bin = (name) => join(root, '..', '..', 'node_modules', '.bin', name);
  for (const [cmd, args] of [
    [bin('tsc'), ['-p', '.']],
    [bin('vite'), ['build']],
  ]) {
    const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  writeFileSync(join(root, STAMP), `${new Date().toISOString()}\n`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
