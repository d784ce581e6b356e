/**
 * Validation problems speak plain words (issue #26): never the validator's own phrases ("must have
 * required property", "must be equal to one of the allowed values", "must match pattern", "must be >=").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, type Instance } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

const VALIDATOR_SPEAK =
  /must have required property|must be equal to|must match (pattern|format)|must be [<>]=?|must NOT|must be (number|integer|string)\b/;

describe('validation problems in plain words', () => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;

  beforeAll(async () => {
    deployment = await Deployment.create('embedded', { asOf: new Date('2026-11-25T17:00:00Z') });
    server = await deployment.start();
    key = (await server.account('enterprise', { burst: 1000 })).key as string;
  });
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('says what is wrong with each field the way a person would', async () => {
    const post = (body: unknown) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/analysis',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const cases: [Promise<Awaited<ReturnType<typeof post>>>, string, string][] = [
      [post({ tier: 'Light' }), '/body/ticker', 'is required'],
      [post({ ticker: 'JNJ', tier: 'Deep' }), '/body/tier', 'must be one of Light, Medium, Full'],
      [post({ ticker: 7, tier: 'Light' }), '/body/ticker', 'must be text'],
      [
        post({ ticker: 'J N J', tier: 'Light' }),
        '/body/ticker',
        'is not in the accepted form (see the parameter in the API reference)',
      ],
      [server.get('/api/v1/cards?min_conviction=2', key), '/query/min_conviction', 'must be at most 1'],
      [server.get('/api/v1/cards/ledger?limit=0', key), '/query/limit', 'must be at least 1'],
      [server.get('/api/v1/cards/ledger?after=1.5', key), '/query/after', 'must be a whole number'],
      [
        server.get('/api/v1/cards/ledger?after=x', key),
        '/query/after',
        'must be a number written in decimal, such as 16, -0.5 or 1e-3',
      ],
    ];
    for (const [pending, pointer, detail] of cases) {
      const res = await pending;
      const problem = expectProblem(res, 422, 'validation_failed') as {
        detail: string;
        errors: { pointer: string; detail: string }[];
      };
      expect(problem.errors, res.body).toContainEqual({ pointer, detail });
      expect(res.body).not.toMatch(VALIDATOR_SPEAK);
      expect(problem.detail).toContain(`${pointer} ${detail}`);
    }
  });
});
