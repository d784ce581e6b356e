#!/usr/bin/env node
/**
 * The first step of `npm test`: the browser suites (the dashboard, the connection-exposure test) drive a
 * real Chromium, which comes from the OS, never from a download at test time. On this project's machine
 * kind (Debian, root) a missing Chromium is installed here with apt-get; anywhere else the test command
 * stops at once with the exact command to run, instead of failing those suites after the rest has run.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const INSTALL = 'apt-get install -y chromium';

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function apt(...args) {
  const r = spawnSync('apt-get', ['-qq', ...args], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return r.status === 0;
}

if (!executable(path)) {
  const canInstall =
    process.env.CHROMIUM_PATH === undefined &&
    process.getuid?.() === 0 &&
    existsSync('/usr/bin/apt-get') &&
    existsSync('/etc/debian_version');
  if (!canInstall) {
    console.error(
      `The browser tests need Chromium at ${path}. Install it with: ${process.getuid?.() === 0 ? '' : 'sudo '}${INSTALL}` +
        (process.env.CHROMIUM_PATH === undefined ? ' (or point CHROMIUM_PATH at a Chromium binary).' : '.'),
    );
    process.exit(1);
  }
  console.error(`[test] Chromium is missing: ${INSTALL}`);
  // The package lists may be empty on a fresh machine: refresh them once if the first try cannot find it.
  if (!apt('install', '-y', 'chromium') && !(apt('update') && apt('install', '-y', 'chromium'))) {
    console.error(`[test] could not install Chromium; run: ${INSTALL}`);
    process.exit(1);
  }
  if (!executable(path)) {
    console.error(`[test] apt-get installed chromium but ${path} is not there; run: ${INSTALL}`);
    process.exit(1);
  }
}
