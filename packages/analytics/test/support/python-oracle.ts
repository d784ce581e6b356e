import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The only interpreter tests may use (system Python with numpy + scipy from apt). */
export const PYTHON = '/usr/bin/python3';

/** Folder of the oracle scripts (packages/analytics/test/oracle). */
export const ORACLE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../oracle');

/**
 * Whether the interpreter and the given modules are importable (for `describe.skipIf`). Under
 * BELLWETHER_REQUIRE_SERVICES=1 (CI) a missing oracle throws instead: the suite fails, never skips.
 */
export function pythonHas(...modules: string[]): boolean {
  const ok =
    existsSync(PYTHON) &&
    spawnSync(PYTHON, ['-c', `import ${modules.join(', ')}`], { encoding: 'utf8' }).status === 0;
  if (!ok && process.env['BELLWETHER_REQUIRE_SERVICES'] === '1')
    throw new Error(`${PYTHON} with ${modules.join(', ')} is required (BELLWETHER_REQUIRE_SERVICES=1)`);
  return ok;
}

function replacer(_key: string, value: unknown): unknown {
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    return Array.from(value as unknown as ArrayLike<number>, (v) => (Number.isFinite(v) ? v : null));
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}

/**
 * Runs `oracle/<script>` with /usr/bin/python3, sends `input` as JSON on stdin (typed arrays become
 * arrays, non-finite numbers null) and parses the JSON the script prints on stdout. Throws with the
 * script's stderr when it fails.
 */
export function runPythonOracle<T = unknown>(script: string, input: unknown, timeoutMs = 120_000): T {
  const path = join(ORACLE_DIR, script);
  const r = spawnSync(PYTHON, [path], {
    input: JSON.stringify(input, replacer),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    timeout: timeoutMs,
  });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${script} exited with ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}
