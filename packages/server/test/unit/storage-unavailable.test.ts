import { describe, expect, it } from 'vitest';
import { isStorageUnavailable } from '../../src/db/storage-unavailable.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isStorageUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET')],
    [
      'an administrator shutdown (57P01)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['a server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection failure (08006)', withCode('08006')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool timeout', new Error('timeout exceeded when trying to connect')],
    ['a wrapped cause', new Error('usage ledger flush failed', { cause: withCode('ECONNREFUSED') })],
    ['one of several attempts', new AggregateError([new Error('a'), withCode('ECONNREFUSED')], 'all failed')],
  ])('%s is a database outage', (_what, error) => {
    expect(isStorageUnavailable(error)).toBe(true);
  });

  it.each([
    ['a syntax error (42601)', withCode('42601', 'syntax error at or near "selec"')],
    ['a unique violation (23505)', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s is not', (_what, error) => {
    expect(isStorageUnavailable(error)).toBe(false);
  });

  it('stops on a cyclic cause chain', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(isStorageUnavailable(a)).toBe(false);
  });
});
