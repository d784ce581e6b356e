import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment } from '../support/harness.js';
import { ServeProcess } from '../support/serve-process.js';

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
    const again = await fetch(`${second.address}/api/v1/session`, {
      headers: { authorization: `Bearer ${String(key)}` },
    });
    expect(again.status).toBe(200);
    await second.stop();
  }, 120_000);
});
