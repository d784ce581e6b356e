/**
 * /news on real texts (Twitter financial-news headlines stored as news about JNJ and PFE around as_of),
 * both modes: only items published by as_of, newest first, each scored by the sentiment model with its
 * version — the same scores /analytics/sentiment gives the same items.
 */
import { DEFAULT_SENTIMENT_MODEL_INFO, scoreSentiment } from '@bellwether/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';
import { AS_OF, newsAround, seedDiscoveryMarket } from './support/discovery-market.js';

interface Item {
  id: string;
  published_at: string;
  headline: string;
  tickers: string[];
  sentiment: { label: string; score: number; confidence: number; model_version: string };
}

describe.each(MODES)('/news (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  const page = async (query: string) => {
    const res = await server.get(`/api/v1/news?${query}`, key);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      model: { version: string };
      has_more: boolean;
      next_cursor: string | null;
      data: Item[];
    };
  };
  /** The stored items of `ticker` published by as_of, newest first. */
  const visible = (ticker: string, count?: number) =>
    newsAround(ticker, count)
      .filter((n) => Date.parse(n.published_at) <= AS_OF.getTime())
      .sort((a, b) => (a.published_at < b.published_at ? 1 : -1));

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: AS_OF });
    server = await deployment.start();
    await seedDiscoveryMarket(server.platform.market, ['JNJ', 'PFE']);
    key = (await server.account('enterprise', { burst: 1000, quota: 100_000 })).key as string;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('serves a ticker’s items published by as_of, newest first, each scored with the model’s version', async () => {
    const p = await page('ticker=JNJ&limit=500');
    const expected = visible('JNJ');
    expect(expected).toHaveLength(20);
    expect(p.data.map((n) => n.id)).toEqual(expected.map((n) => n.id));
    expect(p.model.version).toBe(DEFAULT_SENTIMENT_MODEL_INFO.version);
    for (const [i, n] of p.data.entries()) {
      const s = scoreSentiment(expected[i]?.headline as string);
      expect(n).toMatchObject({
        headline: expected[i]?.headline,
        published_at: expected[i]?.published_at.replace('.000Z', 'Z'),
        tickers: ['JNJ'],
        sentiment: {
          label: s.label,
          score: s.score,
          confidence: s.confidence,
          model_version: DEFAULT_SENTIMENT_MODEL_INFO.version,
        },
      });
    }
  });

  it('gives each item the score /analytics/sentiment gives it', async () => {
    const res = await server.get('/api/v1/analytics/sentiment?ticker=JNJ&days=60&items=100', key);
    expect(res.statusCode, res.body).toBe(200);
    const scored = res.json().results[0].items as { id: string; score: number; label: string }[];
    expect(scored.length).toBeGreaterThan(10);
    const news = new Map((await page('ticker=JNJ&limit=500')).data.map((n) => [n.id, n.sentiment]));
    for (const s of scored) expect(news.get(s.id), s.id).toMatchObject({ score: s.score, label: s.label });
  });

  it('without a ticker, every instrument’s news; from/to are UTC days; pages hold the same items', async () => {
    const everything = (await page('limit=500')).data.map((n) => n.id);
    expect(everything).toEqual(
      [...visible('JNJ'), ...visible('PFE', 10)]
        .sort((a, b) =>
          a.published_at !== b.published_at
            ? a.published_at < b.published_at
              ? 1
              : -1
            : a.id < b.id
              ? 1
              : -1,
        )
        .map((n) => n.id),
    );
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const p = await page(`limit=4${cursor === null ? '' : `&cursor=${cursor}`}`);
      paged.push(...p.data.map((n) => n.id));
      cursor = p.next_cursor;
    } while (cursor !== null);
    expect(paged).toEqual(everything);
    const window = await page('tickers=JNJ,PFE&from=2014-06-01&to=2014-06-05');
    expect(window.data.length).toBeGreaterThan(0);
    for (const n of window.data)
      expect(n.published_at >= '2014-06-01T00:00:00Z' && n.published_at < '2014-06-06').toBe(true);
    expect(window.data.map((n) => n.id)).toEqual(
      everything.filter((id) => window.data.some((n) => n.id === id)),
    );
    expect((await page('ticker=PFE&to=2014-01-01')).data).toEqual([]);
  });

  it('bad input is a 422 naming the parameter; an unknown ticker names a close match', async () => {
    for (const [query, pointer] of [
      ['from=2014-06-05&to=2014-06-01', '/query/from'],
      ['from=06/01/2014', '/query/from'],
      ['limit=501', '/query/limit'],
      ['ticker=JNJ&tickers=PFE', '/query/tickers'],
    ] as const) {
      const body = expectProblem(await server.get(`/api/v1/news?${query}`, key), 422, 'validation_failed');
      expect(JSON.stringify(body.errors), query).toContain(pointer);
    }
    expect(
      expectProblem(await server.get('/api/v1/news?ticker=PFEE', key), 422, 'unknown_ticker').suggestion,
    ).toBe('PFE');
  });
});
