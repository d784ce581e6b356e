/**
 * The SDK's discovery methods against a real server on loopback, both modes, on real data (Pooksoft's
 * constituents, JNJ and AAPL bars and actions, Twitter financial-news texts): search, one instrument, bars
 * as columns and as a stream, actions and news page by page, and typed problems.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AS_OF,
  KNOWN_THROUGH,
  seedDiscoveryMarket,
} from '../../server/test/discovery/support/discovery-market.js';
import { Deployment, type Instance, MODES } from '../../server/test/support/harness.js';
import { Bellwether, BellwetherProblem } from '../src/index.js';

describe.each(MODES)('the client’s discovery methods (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let client: Bellwether;

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: AS_OF });
    server = await deployment.start();
    await seedDiscoveryMarket(server.platform.market, ['JNJ', 'AAPL']);
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const { key } = await server.account('enterprise', { burst: 1000, quota: 100_000 });
    client = new Bellwether({ baseUrl, apiKey: key as string });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('instruments: search, every page, one instrument, and a typed 404 with its suggestion', async () => {
    const found = await client.instruments.search({ q: 'apple' });
    expect(found.data[0]).toMatchObject({ ticker: 'AAPL', match: 'name_prefix', last_bar: KNOWN_THROUGH });
    const tickers: string[] = [];
    for await (const page of client.instruments.pages({ sector: 'Health Care', limit: 25 }))
      tickers.push(...page.data.map((i) => i.ticker));
    expect(tickers).toHaveLength(63);
    expect(tickers).toContain('JNJ');
    expect((await client.instruments.get('jnj')).data).toMatchObject({ ticker: 'JNJ', stale: false });
    const error = await client.instruments.get('JNJX').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BellwetherProblem);
    expect((error as BellwetherProblem).status).toBe(404);
    expect((error as BellwetherProblem).document.suggestion).toBe('JNJ');
  });

  it('bars: columns, and the same bars streamed one at a time', async () => {
    const query = { tickers: 'JNJ,AAPL', from: '2014-01-02', adjust: 'split' as const };
    const json = await client.bars.get(query);
    expect(json.results.map((r) => r.ticker)).toEqual(['JNJ', 'AAPL']);
    const streamed = [];
    for await (const bar of client.bars.stream(query)) streamed.push(bar);
    expect(streamed).toEqual(
      json.results.flatMap((r) =>
        r.dates.map((date, i) => ({
          ticker: r.ticker,
          date,
          open: r.open?.[i],
          high: r.high?.[i],
          low: r.low?.[i],
          close: r.close?.[i],
          volume: r.volume?.[i],
          adjustment: 'split',
          source: r.source,
        })),
      ),
    );
    const bad = await client.bars
      .get({ ticker: 'AAPL', adjust: 'splits' as 'split' })
      .catch((e: unknown) => e);
    expect((bad as BellwetherProblem).code).toBe('validation_failed');
  });

  it('corporate actions and news, page by page, the same as one page', async () => {
    const all = await client.corporateActions.list({ ticker: 'AAPL' });
    const paged = [];
    for await (const page of client.corporateActions.pages({ ticker: 'AAPL', limit: 2 }))
      paged.push(...page.data);
    expect(paged).toEqual(all.data);
    expect(all.data.at(-1)).toMatchObject({ ex_date: KNOWN_THROUGH, kind: 'split' });
    const news = await client.news.list({ ticker: 'JNJ', limit: 500 });
    const newsPaged = [];
    for await (const page of client.news.pages({ ticker: 'JNJ', limit: 6 })) newsPaged.push(...page.data);
    expect(newsPaged).toEqual(news.data);
    expect(news.data.every((n) => n.sentiment.model_version === news.model.version)).toBe(true);
  });

  it('screener and saved screens: a run, a typed 422 pointing at the token, and a screen’s life', async () => {
    const run = await client.screener.run({
      where: 'close > 0 and rsi(14) >= 0',
      sort: '-rsi(14)',
      tickers: 'JNJ,AAPL',
    });
    expect(run.data.map((m) => m.date)).toEqual([KNOWN_THROUGH, KNOWN_THROUGH]);
    expect(run.data[0]!.sort_value).toBe(run.data[0]!.values['rsi(14)']);
    const bad = await client.screener.run({ where: 'rsx(14) < 30' }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(BellwetherProblem);
    expect((bad as BellwetherProblem).document.errors).toEqual([
      expect.objectContaining({ pointer: '/query/where', token: 'rsx', suggestion: 'rsi' }),
    ]);
    const saved = await client.screens.create({ name: 'mine', where: 'close > 0', tickers: ['JNJ'] });
    expect((await client.screens.list()).map((s) => s.id)).toContain(saved.id);
    expect((await client.screens.update(saved.id, { name: 'renamed' })).name).toBe('renamed');
    expect((await client.screens.results(saved.id)).data.map((m) => m.ticker)).toEqual(['JNJ']);
    expect(await client.screens.delete(saved.id)).toEqual({ id: saved.id, deleted: true });
    const gone = await client.screens.get(saved.id).catch((e: unknown) => e);
    expect((gone as BellwetherProblem).status).toBe(404);
  });
});
