import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from '../../src/platform/create-platform.js';
import { Deployment, MODES } from '../support/harness.js';

const AS_OF = new Date('2024-01-10T15:00:00Z');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Issue #45: with BELLWETHER_AS_OF each process started the clock at its own start, so two nodes started
// 2 min 38 s apart disagreed by that much (an analysis lease judged ~8.8 h).
describe.each(MODES)('the as-of clock of a deployment (%s)', (mode) => {
  let deployment: Deployment;
  const open: Platform[] = [];

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: AS_OF });
  });
  afterAll(async () => {
    for (const p of open) await p.close();
    await deployment.destroy();
  });

  it('is one clock for every process: a node started later reads the same time as the first', async () => {
    const first = await createPlatform(deployment.config, { sharedAsOf: true });
    open.push(first);
    await sleep(1500);
    const second = await createPlatform(deployment.config, { sharedAsOf: true });
    open.push(second);
    // A one-shot command keeps its own clock (it starts at the as-of instant).
    const own = await createPlatform(deployment.config);
    open.push(own);
    const a = first.clock.now().getTime();
    const b = second.clock.now().getTime();
    const c = own.clock.now().getTime();
    expect(Math.abs(a - b)).toBeLessThan(250);
    expect(a - AS_OF.getTime()).toBeGreaterThanOrEqual(1500);
    expect(c - AS_OF.getTime()).toBeLessThan(1000);
  });
});
