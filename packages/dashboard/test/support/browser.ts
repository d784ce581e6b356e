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
