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
});
