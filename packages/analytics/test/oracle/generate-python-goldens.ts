/**
 * Writes the numpy/scipy golden files (test/golden/python/*.gen.json) that the oracle tests read:
 *   npm run golden:python -w packages/analytics            (every file)
 *   npm run golden:python -w packages/analytics -- risk-metrics   (the named ones)
 * It runs each oracle script of this folder with /usr/bin/python3 on exactly the inputs the tests
 * build (test/golden/python-inputs.ts) and stores, per case, the SHA-256 of that input beside the
 * results, with the script, the interpreter's versions, the date and a description of the data.
 * This is the only code that needs Python (Debian/Ubuntu: apt-get install -y python3-numpy
 * python3-scipy); running the tests does not.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '@bellwether/fixtures';
import { type GoldenCase, goldenPath, inputsSha256, REGENERATE } from '../golden/python-golden.js';
import { PYTHON_GOLDENS, SAMPLING } from '../golden/python-inputs.js';
import { ORACLE_DIR, pythonVersions, requirePython, runPythonOracle } from './python-oracle.js';

/** JSON with objects expanded, arrays of numbers on one line, arrays of rows or records one per line. */
function format(value: unknown, indent = ''): string {
  if (Array.isArray(value)) {
    if (!value.some((v) => typeof v === 'object' && v !== null)) return JSON.stringify(value);
    return `[\n${value.map((v) => `${indent}  ${JSON.stringify(v)}`).join(',\n')}\n${indent}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const lines = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${indent}  ${JSON.stringify(k)}: ${format(v, `${indent}  `)}`);
    return `{\n${lines.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

/** The oracle's series at the sampled bars only (real data is never stored as a whole series). */
function sample(
  output: Record<string, (number | null)[]>,
  at: readonly number[],
): Record<string, (number | null)[]> {
  return Object.fromEntries(
    Object.entries(output).map(([name, values]) => {
      if (values.length <= at[at.length - 1]!)
        throw new Error(`${name}: ${values.length} values, sampled past them`);
      return [name, at.map((i) => values[i] ?? null)];
    }),
  );
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !PYTHON_GOLDENS.some((g) => g.golden === w));
if (unknown.length > 0) {
  throw new Error(
    `no golden named ${unknown.join(', ')} (have ${PYTHON_GOLDENS.map((g) => g.golden).join(', ')})`,
  );
}
requirePython(['numpy', 'scipy']);
const versions = pythonVersions();
const rel = (path: string) => relative(REPO_ROOT, path);

for (const spec of PYTHON_GOLDENS.filter((g) => wanted.length === 0 || wanted.includes(g.golden))) {
  const cases: Record<string, GoldenCase> = {};
  for (const c of spec.cases()) {
    if (c.golden !== spec.golden)
      throw new Error(`${c.name} belongs to ${c.golden}, listed under ${spec.golden}`);
    const output = runPythonOracle(spec.oracle, c.input);
    cases[c.name] = {
      inputs_sha256: inputsSha256(c.input),
      ...(c.at === undefined
        ? { output }
        : { at: [...c.at], output: sample(output as Record<string, (number | null)[]>, c.at) }),
    };
  }
  const file = {
    about: `numpy/scipy reference values read by packages/analytics/${spec.test}; generated, do not edit. Regenerate with ${REGENERATE} (needs /usr/bin/python3 with numpy and scipy).`,
    generator: rel(fileURLToPath(import.meta.url)),
    oracle: rel(`${ORACLE_DIR}/${spec.oracle}`),
    versions,
    generated: new Date().toISOString().slice(0, 10),
    inputs: spec.inputs,
    inputs_sha256: 'per case: SHA-256 of the JSON the oracle read on stdin',
    ...(Object.values(cases).some((c) => c.at !== undefined) ? { sampling: SAMPLING } : {}),
    cases,
  };
  const text = `${format(file)}\n`;
  writeFileSync(goldenPath(spec.golden), text);
  process.stdout.write(
    `${rel(goldenPath(spec.golden))}: ${Object.keys(cases).length} cases, ${Buffer.byteLength(text)} bytes\n`,
  );
}
