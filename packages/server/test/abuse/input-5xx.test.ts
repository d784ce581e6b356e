/**
 * Issue #23, "5xx from input": inputs that reached a 500. `GET /docs/errors/constructor` (and the other
 * names every object inherits) answered 500 unauthenticated, because the lookup `code in ERROR_CATALOG`
 * finds prototype members; `/hedge-fund?dataset=cards&tickers=,` built `ticker in ()`, a syntax error on
 * PostgreSQL (500) that SQLite accepts (200, nothing): the two stores disagreed and neither said the
 * filter names no ticker, as the analytics routes do (422).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/problems/catalog.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

/** Names every plain object answers to through its prototype. */
const INHERITED = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
];

describe.each(MODES)('input that reached a 5xx (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
    server = await deployment.start();
    key = (await server.account('enterprise', { burst: 10_000 })).key as string;
  });
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('answers /docs/errors/<inherited name> with a 404 problem, in HTML and JSON, without a key', async () => {
    for (const name of INHERITED)
      for (const accept of ['text/html', 'application/json']) {
        const res = await server.get(`/docs/errors/${name}`, undefined, { accept });
        const problem = expectProblem(res, 404, 'not_found');
        expect(problem.detail).toBe(`There is no error code "${name}".`);
      }
    // The real codes are still served.
    for (const code of ERROR_CODES) {
      const res = await server.get(`/docs/errors/${code}`, undefined, { accept: 'application/json' });
      expect(res.statusCode, code).toBe(200);
      expect(res.json().code).toBe(code);
    }
  });

  it('refuses a hedge-fund tickers filter that names no ticker with a 422 naming the parameter', async () => {
    for (const tickers of [',', ',,', ' , ', '', '%20']) {
      const res = await server.get(`/api/v1/hedge-fund?dataset=cards&tickers=${tickers}`, key);
      const problem = expectProblem(res, 422, 'validation_failed') as { errors: { pointer: string }[] };
      expect(problem.errors, `tickers=${tickers}`).toEqual([
        { pointer: '/query/tickers', detail: 'names no ticker' },
      ]);
    }
    for (const format of ['ndjson', 'csv'])
      expectProblem(
        await server.get(`/api/v1/hedge-fund?dataset=signals&format=${format}&tickers=,`, key),
        422,
        'validation_failed',
      );
    // A real filter still works.
    expect((await server.get('/api/v1/hedge-fund?dataset=cards&tickers=AAPL,MSFT', key)).statusCode).toBe(
      200,
    );
  });

  it('reads an empty ticker list as "no rows" in the feed repository of both stores', async () => {
    const rows = await server.platform.storage.feed.page({
      dataset: 'cards',
      after: 0,
      through: Number.MAX_SAFE_INTEGER,
      limit: 10,
      tickers: [],
    });
    expect(rows).toEqual([]);
  });
});
