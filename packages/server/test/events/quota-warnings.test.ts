import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, type Instance, MODES } from '../support/harness.js';

describe.each(MODES)('quota warnings (%s)', (mode) => {
  let deployment: Deployment;
  let instance: Instance;

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
    instance = await deployment.start();
  });
  afterAll(async () => {
    await instance.close();
    await deployment.destroy();
  });

  it('warns once at 80 % and once at 100 % of a window, whatever comes after', async () => {
    const { key, keyId, account } = await instance.account('starter', { quota: 10 });
    const statuses: number[] = [];
    for (let i = 0; i < 13; i += 1) statuses.push((await instance.get('/api/v1/cards', key)).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429]);
    // Written beside the request: give the last append a moment.
    let warnings: { data: unknown }[] = [];
    for (let i = 0; i < 50; i += 1) {
      warnings = await instance.platform.storage.events.listForAccount(account.id, 0, 100, ['quota.warning']);
      if (warnings.length >= 2) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(warnings.map((w) => w.data)).toEqual([
      expect.objectContaining({ key_id: keyId, threshold: 80, used: 8, limit: 10, window: 'hour' }),
      expect.objectContaining({ key_id: keyId, threshold: 100, used: 10, limit: 10, window: 'hour' }),
    ]);
  });
});
