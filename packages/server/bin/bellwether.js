#!/usr/bin/env node
// The `bellwether` command: runs the compiled CLI (dist/cli/main.js). In a source checkout that has not
// been built yet — right after `npm install` — it builds the CLI once with the workspace's TypeScript
// first, so `npx bellwether …` works straight away. Build output goes to stderr, keeping stdout clean for
// `--json`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const main = join(serverDir, 'dist', 'cli', 'main.js');

if (!existsSync(main)) {
  let tsc;
  try {
    tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  } catch {
    process.stderr.write(
      'bellwether: the CLI is not built and TypeScript is not installed; run `npm install && npm run build`.\n',
    );
    process.exit(1);
  }
  process.stderr.write('bellwether: first run in this checkout, building the CLI…\n');
  const built = spawnSync(process.execPath, [tsc, '-b', serverDir], { stdio: ['ignore', 2, 2] });
  if (built.status !== 0 || !existsSync(main)) {
    process.stderr.write('bellwether: the build failed (see above); fix it, then run `npm run build`.\n');
    process.exit(1);
  }
}

await import(pathToFileURL(main).href);
