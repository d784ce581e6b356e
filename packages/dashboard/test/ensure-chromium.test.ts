import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../scripts/ensure-chromium.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'bw-chromium-'));

const run = (chromium: string) =>
  spawnSync(process.execPath, [SCRIPT], {
    env: { ...process.env, CHROMIUM_PATH: chromium },
    encoding: 'utf8',
  });

describe("the test command's Chromium check (its first step)", () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes when the browser is there', () => {
    const fake = join(dir, 'chromium');
    writeFileSync(fake, '#!/bin/sh\n');
    chmodSync(fake, 0o755);
    const r = run(fake);
    expect(r.status, r.stderr).toBe(0);
  });

  it('stops at once with the exact command when a named browser is missing, installing nothing', () => {
    const r = run(join(dir, 'absent'));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`Chromium at ${join(dir, 'absent')}`);
    expect(r.stderr).toMatch(/apt-get install -y chromium/);
    expect(r.stderr).not.toContain('[test] Chromium is missing');
  });

  it('does not take a file it cannot execute for a browser', () => {
    const plain = join(dir, 'not-executable');
    writeFileSync(plain, '');
    chmodSync(plain, 0o644);
    expect(run(plain).status).toBe(1);
  });
});
