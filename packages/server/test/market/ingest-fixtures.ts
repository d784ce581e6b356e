import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** A small hand-written fixture from test/market/fixtures, as text. */
export function fixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}
