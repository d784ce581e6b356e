import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isUnstorableText } from '../../src/db/unstorable-text.js';

/** Asked of the running PostgreSQL, so the codes are the ones it really raises, not ones we assume. */
describe('isUnstorableText (against the running PostgreSQL)', () => {
  const pool = new pg.Pool({
    connectionString:
      process.env['BELLWETHER_TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test',
    max: 1,
  });
  afterAll(() => pool.end());
  const failure = (sql: string, values: unknown[]) =>
    pool.query(sql, values).then(
      () => undefined,
      (e: unknown) => e,
    );

  it('recognises a NUL in a bound string, also when wrapped as a cause', async () => {
    const error = await failure('SELECT $1::text AS t', ['job_1\u0000']);
    expect(error).toBeInstanceOf(Error);
    expect(isUnstorableText(error)).toBe(true);
    expect(isUnstorableText(new Error('lookup failed', { cause: error }))).toBe(true);
  });

  it('does not take other database errors for it', async () => {
    const syntax = await failure('SELEC 1', []);
    const cast = await failure('SELECT $1::int AS n', ['x']);
    expect(syntax).toBeInstanceOf(Error);
    expect(cast).toBeInstanceOf(Error);
    expect(isUnstorableText(syntax)).toBe(false);
    expect(isUnstorableText(cast)).toBe(false);
    expect(isUnstorableText(undefined)).toBe(false);
    expect(await failure('SELECT $1::text AS t', ['plain ☃ text'])).toBeUndefined();
  });
});
