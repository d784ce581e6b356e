#!/usr/bin/env node
// The set-up commands of the README, as a new user reads them: the indented command lines of the
// "Set-up on a fresh machine" section, in order — the first one installs and starts the service, the
// second installs and runs the tests. `.ci/run` runs exactly these, so CI proves what the README says.
//
//   node .ci/readme-commands.mjs first|test      prints that command
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SECTION = '## Set-up on a fresh machine';

/** The indented (4-space) command lines of the set-up section, in order. */
export function readmeCommands(markdown) {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.startsWith(SECTION));
  if (start < 0) throw new Error(`README has no "${SECTION}" section`);
  const commands = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('## ')) break;
    if (line.startsWith('    ') && line.trim() !== '') commands.push(line.trim());
  }
  return commands;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const which = process.argv[2];
  const readme = new URL('../README.md', import.meta.url);
  const [first, test] = readmeCommands(readFileSync(readme, 'utf8'));
  const command = which === 'first' ? first : which === 'test' ? test : undefined;
  if (command === undefined) {
    process.stderr.write(
      'usage: node .ci/readme-commands.mjs first|test (README set-up section incomplete?)\n',
    );
    process.exit(2);
  }
  process.stdout.write(`${command}\n`);
}
