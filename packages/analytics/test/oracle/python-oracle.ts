/**
 * Runs the oracle scripts of this folder with the system Python. Only the golden generator
 * (generate-python-goldens.ts) uses it: the tests read the committed golden files and never start
 * Python.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { oracleStdin } from '../golden/python-golden.js';

/** The only interpreter the oracles run with (system Python with numpy + scipy from apt). */
const PYTHON = '/usr/bin/python3';

/** Folder of the oracle scripts (packages/analytics/test/oracle). */
export const ORACLE_DIR = dirname(fileURLToPath(import.meta.url));

/** Debian packages that provide the modules the oracles import. */
const APT_PACKAGES: Record<string, string> = { numpy: 'python3-numpy', scipy: 'python3-scipy' };

/**
 * Fails when `python` or one of `modules` is missing, naming the exact command that installs them
 * (Debian/Ubuntu, the machine kind of the README).
 */
export function requirePython(modules: readonly string[], python = PYTHON): void {
  const missing = existsSync(python)
    ? modules.filter((m) => spawnSync(python, ['-c', `import ${m}`], { encoding: 'utf8' }).status !== 0)
    : modules;
  if (missing.length === 0) return;
  const packages = ['python3', ...modules.map((m) => APT_PACKAGES[m] ?? `python3-${m}`)];
  throw new Error(
    `Regenerating the Python golden files needs ${python} with ${modules.join(', ')} ` +
      `(missing: ${missing.join(', ')}). Install them with: apt-get install -y ${packages.join(' ')}`,
  );
}

/** The interpreter's own report of the versions that computed the goldens. */
export function pythonVersions(): { python: string; numpy: string; scipy: string } {
  const script =
    'import json, platform, numpy, scipy; ' +
    "print(json.dumps({'python': platform.python_version(), 'numpy': numpy.__version__, 'scipy': scipy.__version__}))";
  const r = spawnSync(PYTHON, ['-c', script], { encoding: 'utf8' });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${PYTHON} could not report its versions: ${r.stderr}`);
  return JSON.parse(r.stdout) as { python: string; numpy: string; scipy: string };
}

/**
 * Runs `<script>` of this folder with /usr/bin/python3, sends `input` as JSON on stdin (`oracleStdin`:
 * typed arrays become arrays, non-finite numbers null) and parses the JSON the script prints on stdout.
 * Throws with the script's stderr when it fails.
 */
export function runPythonOracle<T = unknown>(script: string, input: unknown, timeoutMs = 300_000): T {
  const r = spawnSync(PYTHON, [join(ORACLE_DIR, script)], {
    input: oracleStdin(input),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    timeout: timeoutMs,
  });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${script} exited with ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}
