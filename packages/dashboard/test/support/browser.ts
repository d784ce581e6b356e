/**
 * What every browser suite of the dashboard needs before its first page: the built app (built here if
 * missing), Debian's Chromium (the test command's first step installs it; ensure-chromium.mjs), a folder
 * for screenshots, and the browser launched headless without the background traffic that would reach
 * the server under test.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { vi } from 'vitest';

// A page journey on a busy 2-core machine (a CI run beside other work) takes several times what it takes on
// a quiet one: each browser suite waits on states, with deadlines that hold there (issue #49) — a test's
// whole journey 2 minutes, a hook (seeding a market, building the app) 4, a polled state 15 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000, expect: { poll: { timeout: 15_000 } } });

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DIST = fileURLToPath(new URL('../../dist/index.html', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where the suites write their screenshots (artifacts/dashboard, not committed). */
export const SHOTS = `${ROOT}artifacts/dashboard`;

/** Builds the dashboard if it is not built, checks Chromium is there, and launches it. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(DIST)) {
    const built = spawnSync('npm', ['run', 'build', '-w', 'packages/dashboard'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('npm run build -w packages/dashboard failed');
  }
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium is missing at ${CHROMIUM}: apt-get install -y chromium`);
  mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
