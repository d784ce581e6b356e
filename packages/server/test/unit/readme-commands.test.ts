import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const readme = readFileSync(`${ROOT}README.md`, 'utf8');
const ciRun = readFileSync(`${ROOT}.ci/run`, 'utf8');

function readmeCommand(which: 'first' | 'test'): string {
  const r = spawnSync(process.execPath, ['.ci/readme-commands.mjs', which], { cwd: ROOT, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.trim();
}

/** The indented command lines of the README's set-up section, read independently of the CI helper. */
const setupSection = readme.slice(
  readme.indexOf('## Set-up on a fresh machine'),
  readme.indexOf('\n## ', readme.indexOf('## Set-up on a fresh machine') + 1),
);

describe('CI runs the commands the README shows', () => {
  it("the first command is the README set-up section's first command line, and starts the service", () => {
    const first = readmeCommand('first');
    expect(first).toMatch(/npm start/);
    expect(
      setupSection
        .split('\n')
        .find((l) => l.startsWith('    '))
        ?.trim(),
    ).toBe(first);
  });

  it('the test command is the next command line of that section, and runs npm test', () => {
    const test = readmeCommand('test');
    expect(test).toMatch(/npm test/);
    expect(
      setupSection
        .split('\n')
        .filter((l) => l.startsWith('    '))[1]
        ?.trim(),
    ).toBe(test);
  });

  it('.ci/run executes exactly those commands and hard-codes no npm command of its own', () => {
    expect(ciRun).toContain('FIRST="$(node .ci/readme-commands.mjs first)"');
    expect(ciRun).toContain('bash -c "$FIRST"');
    expect(ciRun).toContain('TEST="$(node .ci/readme-commands.mjs test)"');
    expect(ciRun).toContain('bash -c "$TEST"');
    const code = ciRun.split('\n').filter((l) => !l.trimStart().startsWith('#'));
    expect(code.filter((l) => /\bnpm (ci|test|install|start|run)\b/.test(l))).toEqual([]);
  });
});
