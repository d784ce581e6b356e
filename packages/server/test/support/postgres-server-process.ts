import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../limits/support/redis-server-process.js';

const SERVICES_REQUIRED = process.env['BELLWETHER_REQUIRE_SERVICES'] === '1';

/** The newest PostgreSQL server binaries Debian installed, if any. */
function serverBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

/**
 * A private PostgreSQL server on a free loopback port, in a temporary data directory, for tests that
 * must stop and restart the database under load (the shared server at 5432 serves every other test).
 * PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user.
 */
export class PostgresServerProcess {
  private constructor(
    private readonly bin: string,
    private readonly dir: string,
    readonly port: number,
  ) {}

  /** Whether this machine can run a private server (binaries present). */
  static available(): boolean {
    const ok = serverBinaries() !== undefined;
    if (!ok && SERVICES_REQUIRED)
      throw new Error('PostgreSQL server binaries are required (BELLWETHER_REQUIRE_SERVICES=1) but missing');
    return ok;
  }

  static async start(): Promise<PostgresServerProcess> {
    const bin = serverBinaries();
    if (bin === undefined) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
    const dir = mkdtempSync(join(tmpdir(), 'bw-pg-'));
    const server = new PostgresServerProcess(bin, dir, await freePort());
    server.handToServerUser();
    server.run('initdb', ['-D', server.dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    server.start();
    return server;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get dataDir(): string {
    return join(this.dir, 'data');
  }

  /** Starts the server and waits until it accepts connections. */
  start(): void {
    this.run('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      join(this.dir, 'server.log'),
      '-w',
      '-t',
      '30',
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`,
      'start',
    ]);
  }

  /**
   * Stops the server: 'immediate' aborts every backend without a checkpoint (as a crash would; the
   * next start replays the WAL), 'fast' rolls back open transactions and shuts down cleanly.
   */
  stop(mode: 'immediate' | 'fast' = 'immediate'): void {
    this.run('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '30', 'stop']);
  }

  destroy(): void {
    try {
      this.stop('immediate');
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  private run(tool: string, args: readonly string[]): void {
    const file = join(this.bin, tool);
    if (process.getuid?.() === 0) {
      execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe', cwd: this.dir });
    } else {
      execFileSync(file, args, { stdio: 'pipe', cwd: this.dir });
    }
  }

  /** As root, hands the temporary directory to the `postgres` user. */
  private handToServerUser(): void {
    if (process.getuid?.() !== 0) return;
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(this.dir, uid, gid);
  }
}
