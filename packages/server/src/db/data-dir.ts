import { closeSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from '../startup-error.js';

/**
 * The embedded data directory holds the SQLite database (password hashes, key digests, encrypted broker
 * credentials), the server secret, the instance lock and the change-notice socket: owner only.
 */
export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;
/** Permission bits for the group and others. */
const NOT_OWNER = 0o077;

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;
const quote = (path: string) => `'${path.replace(/'/g, `'\\''`)}'`;

/**
 * Creates the data directory owner-only (0700) if it does not exist. An existing one that the group or
 * others may read, write or enter — or holding an entry they may — is refused, with a message naming
 * every such path, its mode and the `chmod` that fixes it: permissions are the operator's to change
 * (they may be shared on purpose), and a start that silently tightened them would hide that the files
 * were exposed until then. The check uses no umask: modes are set explicitly wherever files are created.
 */
export function openDataDir(dir: string): void {
  if (process.platform === 'win32') return;
  mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE });
  const exposed: { path: string; mode: number; directory: boolean }[] = [];
  const own = lstatSync(dir);
  if ((own.mode & NOT_OWNER) !== 0) exposed.push({ path: dir, mode: own.mode, directory: true });
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const path = join(dir, entry.name);
    const mode = lstatSync(path).mode;
    if ((mode & NOT_OWNER) !== 0) exposed.push({ path, mode, directory: entry.isDirectory() });
  }
  if (exposed.length === 0) return;
  const dirs = exposed.filter((e) => e.directory).map((e) => quote(e.path));
  const files = exposed.filter((e) => !e.directory).map((e) => quote(e.path));
  const chmod = [
    ...(dirs.length > 0 ? [`chmod 700 ${dirs.join(' ')}`] : []),
    ...(files.length > 0 ? [`chmod 600 ${files.join(' ')}`] : []),
  ].join(' && ');
  throw new StartupError(
    'data_dir_unsafe',
    `The data directory ${dir} is open to other users: ${exposed.map((e) => `${e.path} has mode ${octal(e.mode)}`).join(', ')}. It holds password hashes, key digests and the server secret, so it must be accessible to its owner only (0700, files 0600). Bellwether does not change permissions it did not set; fix them with:\n  ${chmod}`,
  );
}

/** Creates `file` empty and owner-only (0600) unless it exists; SQLite gives its -wal and -shm files the same mode. */
export function createPrivateFile(file: string): void {
  closeSync(openSync(file, 'a', DATA_FILE_MODE));
}
