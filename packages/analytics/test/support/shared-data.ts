import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (this file is packages/analytics/test/support/shared-data.ts). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * The shared real-data folder lives beside the repository (`../shared/data`); it is read at test
 * time and never copied into the repository.
 */
const SHARED_DATA = resolve(REPO_ROOT, '../shared/data');

export function sharedDataPath(...parts: string[]): string {
  const p = join(SHARED_DATA, ...parts);
  if (!existsSync(p)) throw new Error(`shared data file missing: ${p}`);
  return p;
}

/** Minimal CSV reader for the shared data files (no quoted commas in these files). */
export function readCsv(path: string): { header: string[]; rows: string[][] } {
  const lines = readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  const header = (lines[0] ?? '').split(',').map((h) => h.trim());
  return { header, rows: lines.slice(1).map((l) => l.split(',')) };
}
