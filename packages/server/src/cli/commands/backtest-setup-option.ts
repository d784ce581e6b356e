import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { SetupDefinition, SetupId } from '@bellwether/analytics';
import type { EngineSetup } from '../../cards/engine-setup.js';
import { engineSetupOf } from '../../lab/setups/engine-setup-of.js';
import { ProblemError } from '../../problems/problem-error.js';

/** Largest setup file read (a definition is a few hundred bytes). */
const MAX_SETUP_FILE_BYTES = 64 * 1024;

/**
 * The engine setup `--setup <id>` or `--setup-file <json>` names; undefined for neither (every built-in
 * setup), or the problem in words, each error of a definition on its own line with its JSON pointer.
 */
export function setupOption(opts: {
  readonly setup?: string;
  readonly setupFile?: string;
}): EngineSetup | string | undefined {
  if (opts.setup !== undefined && opts.setupFile !== undefined)
    return 'give --setup or --setup-file, not both';
  try {
    if (opts.setup !== undefined) return engineSetupOf(opts.setup as SetupId, { pointer: '--setup' });
    if (opts.setupFile === undefined) return undefined;
    let text: string;
    try {
      text = readFileSync(opts.setupFile, 'utf8');
    } catch (e) {
      return `--setup-file: cannot read ${opts.setupFile} (${(e as NodeJS.ErrnoException).code ?? String(e)})`;
    }
    if (Buffer.byteLength(text) > MAX_SETUP_FILE_BYTES)
      return `--setup-file: ${opts.setupFile} is larger than ${MAX_SETUP_FILE_BYTES} bytes; a definition is a few hundred`;
    let definition: unknown;
    try {
      definition = JSON.parse(text);
    } catch (e) {
      return `--setup-file: ${opts.setupFile} is not JSON (${(e as Error).message})`;
    }
    const id = basename(opts.setupFile).replace(/\.json$/i, '');
    return engineSetupOf(definition as SetupDefinition, { id, pointer: '' });
  } catch (e) {
    if (!(e instanceof ProblemError)) throw e;
    const errors = e.extras.errors ?? [];
    return [
      e.detail,
      ...errors.map((x) => `  ${x.pointer === '' ? '(definition)' : x.pointer}: ${x.detail}`),
    ].join('\n');
  }
}
