import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The admin database tests create their own databases through (never written to itself). */
const TEST_DATABASE_URL =
  process.env['BELLWETHER_TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const SERVICES_REQUIRED = process.env['BELLWETHER_REQUIRE_SERVICES'] === '1';

/**
 * Whether PostgreSQL answers at TEST_DATABASE_URL. When BELLWETHER_REQUIRE_SERVICES=1 an unreachable
 * server throws (the suite fails) instead of answering false (the suite skips).
 */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    if (SERVICES_REQUIRED) {
      throw new Error(
        `PostgreSQL is required (BELLWETHER_REQUIRE_SERVICES=1) but ${TEST_DATABASE_URL} is unreachable`,
        {
          cause: error,
        },
      );
    }
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export interface TestDatabase {
  readonly name: string;
  readonly url: string;
  /** Drops the database, disconnecting anyone still connected; safe to call twice. */
  drop(): Promise<void>;
}

/**
 * Creates a database `bw_t_<random>` next to the test database: empty, or a copy of `template` (a database
 * nobody is connected to; pg-template.ts).
 */
export async function createTestDatabase(template?: string): Promise<TestDatabase> {
  const name = `bw_t_${randomBytes(8).toString('hex')}`;
  await adminQuery(`create database ${name}${template === undefined ? '' : ` template ${template}`}`);
  return {
    name,
    url: testDatabaseUrl(name),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

/** The URL of database `name` on the test server. */
function testDatabaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A connection to the admin database (the caller ends it). */
export async function adminClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  return client;
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
