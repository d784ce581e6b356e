import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The only interpreter tests may use (system Python with numpy + scipy from apt). */
export const PYTHON = '/usr/bin/python3';

/** Folder of the oracle scripts (packages/analytics/test/oracle). */
const ORACLE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../oracle');

/** Debian packages that provide the modules the oracles import. */
const APT_PACKAGES: Record<string, string> = { numpy: 'python3-numpy', scipy: 'python3-scipy' };

/**
 * Fails (never skips) when the interpreter or one of the given modules is missing, naming the exact
 * command that installs them; call it in `beforeAll` of every suite that uses a Python oracle. The
 * README's set-up line names the same prerequisites.
 */
export function requirePython(...modules: string[]): void {
  const missing = existsSync(PYTHON)
    ? modules.filter((m) => spawnSync(PYTHON, ['-c', `import ${m}`], { encoding: 'utf8' }).status !== 0)
    : modules;
  if (missing.length === 0) return;
  const packages = ['python3', ...modules.map((m) => APT_PACKAGES[m] ?? `python3-${m}`)];
  throw new Error(
    `These oracle tests need ${PYTHON} with ${modules.join(', ')} (missing: ${missing.join(', ')}). ` +
      `Install them with: apt-get install -y ${packages.join(' ')}`,
  );
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
