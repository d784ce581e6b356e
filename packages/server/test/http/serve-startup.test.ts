import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment } from '../support/harness.js';
import { runCli, ServeProcess } from '../support/serve-process.js';

describe('bellwether serve on an empty data directory', () => {
  let deployment: Deployment;

  beforeAll(async () => {
    deployment = await Deployment.create('embedded');
  });
  afterAll(async () => {
    await deployment.destroy();
  });

  it('migrates, seeds a demo enterprise account, prints its key once, and not again on restart', async () => {
    const first = await ServeProcess.start(deployment.env());
    const key = first.startup.demo_api_key;
    expect(typeof key).toBe('string');
    expect(first.startup.mode).toBe('embedded');
    const res = await fetch(`${first.address}/api/v1/account`, {
      headers: { authorization: `Bearer ${String(key)}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { plan: { id: string } }).plan.id).toBe('enterprise');
    await first.stop();

    const second = await ServeProcess.start(deployment.env());
    expect(second.startup.demo_api_key).toBeNull();
    // …but says how to get another key for the demo account.
    expect(second.startup.demo_account_id).toBe(first.startup.demo_account_id);
    expect(second.startup.hint).toContain(
      `npx bellwether keys create --account ${String(first.startup.demo_account_id)} --name demo`,
    );
    const again = await fetch(`${second.address}/api/v1/session`, {
      headers: { authorization: `Bearer ${String(key)}` },
    });
    expect(again.status).toBe(200);
    await second.stop();
  }, 120_000);

  it('with the port taken, the first start creates nothing and says so; the next start still prints the key', async () => {
    const fresh = await Deployment.create('embedded');
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const refused = await runCli(['serve', '--json'], { ...fresh.env(), PORT: String(port) });
      expect(refused.code).toBe(1);
      expect(JSON.parse(refused.stdout.trim())).toEqual({
        error: {
          code: 'listen_failed',
          message: `127.0.0.1:${port} is already in use. Stop the other process or choose another port (PORT=8081 npm start).`,
        },
      });
      const started = await ServeProcess.start(fresh.env());
      expect(started.startup.demo_api_key).toMatch(/^bw_[0-9A-Za-z]{42}$/);
      await started.stop();
    } finally {
      blocker.close();
      await fresh.destroy();
    }
  }, 120_000);

  it('logs only JSON lines, the start banner included; the demo key is printed once as plain text and is in no log line', async () => {
    const fresh = await Deployment.create('embedded');
    try {
      const started = await ServeProcess.start({ ...fresh.env(), LOG_LEVEL: 'info' });
      const key = String(started.startup.demo_api_key);
      expect(key).toMatch(/^bw_[0-9A-Za-z]{42}$/);
      expect(started.startup.msg).toMatch(
        /^bellwether listening on http:\/\/127\.0\.0\.1:\d+ \(embedded mode\)$/,
      );
      await fetch(`${started.address}/api/v1/session`, { headers: { authorization: `Bearer ${key}` } });
      await started.stop();
      const lines = started
        .stdout()
        .split('\n')
        .filter((l) => l.trim() !== '');
      // The key block: three plain lines for the terminal, the key on one of them; everything else is JSON.
      const plain = lines.filter((l) => !l.startsWith('{'));
      expect(plain).toEqual([
        'Demo account created on the enterprise plan. Its API key is shown once — store it now:',
        `  ${key}`,
        `Try: curl -H "Authorization: Bearer ${key}" ${started.address}/api/v1/session`,
      ]);
      const logs = lines
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(logs.length).toBeGreaterThan(3);
      for (const line of lines.filter((l) => l.startsWith('{'))) expect(line).not.toContain(key);
      // The access log names the key and the account by id.
      const completed = logs.find(
        (l) => l.msg === 'request completed' && (l.res as { key_id?: string }).key_id !== undefined,
      );
      expect(completed?.res).toEqual({
        statusCode: 200,
        account_id: started.startup.demo_account_id,
        key_id: expect.any(String),
      });
    } finally {
      await fresh.destroy();
    }
  }, 120_000);

  it('a fresh demo publishes its last sessions in the background as a simulated record, apart from the track record', async () => {
    const fresh = await Deployment.create('embedded');
    try {
      const started = await ServeProcess.start({
        ...fresh.env(),
        LOG_LEVEL: 'info',
        BELLWETHER_DEMO_HISTORY_SESSIONS: '5',
      });
      const key = String(started.startup.demo_api_key);
      const deadline = Date.now() + 150_000;
      while (!started.stdout().includes('demo history backfilled') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 250));
      const done = started
        .stdout()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => typeof l.msg === 'string' && l.msg.startsWith('demo history backfilled'));
      expect(done).toMatchObject({ sessions: 5, record: '/api/v1/cards/performance?record=backfilled' });
      const res = await fetch(`${started.address}/api/v1/cards/performance?record=backfilled`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { record: string; note: string; overall: { cards: number } };
      expect(body.record).toBe('backfilled');
      expect(body.overall.cards).toBe(done?.cards);
      expect(body.note).toMatch(/^Simulated: /);
      await started.stop();
    } finally {
      await fresh.destroy();
    }
  }, 240_000);

  it('with BELLWETHER_DEMO=off, creates no demo account and no synthetic market, and prints no key', async () => {
    const fresh = await Deployment.create('embedded');
    try {
      const env = { ...fresh.env(), BELLWETHER_DEMO: 'off' };
      const started = await ServeProcess.start(env);
      expect(started.startup.demo_api_key).toBeNull();
      expect(started.startup.demo_account_id).toBeNull();
      expect(started.startup.hint).toContain('keys create');
      await started.stop();
      expect(started.stdout()).not.toMatch(/bw_[0-9A-Za-z]{42}/);
      expect(JSON.parse((await runCli(['accounts', 'list', '--json'], env)).stdout)).toEqual({
        accounts: [],
      });
      const platform = await fresh.openPlatform();
      try {
        expect(await platform.market.listInstruments()).toEqual([]);
      } finally {
        await platform.close();
      }
    } finally {
      await fresh.destroy();
    }
  }, 120_000);
});
