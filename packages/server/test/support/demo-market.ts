import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance, type Mode } from './harness.js';

/** A started deployment holding the synthetic demo market as of `now`, for the card tests that replay it. */
export interface DemoMarket {
  readonly deployment: Deployment;
  readonly server: Instance;
}

/** Creates a deployment at `now`, starts it and seeds the demo market into it (nothing when already there). */
export async function startDemoMarket(mode: Mode, now: Date): Promise<DemoMarket> {
  const deployment = await Deployment.create(mode, { asOf: now });
  const server = await deployment.start();
  await seedDemoMarketIfEmpty(server.platform.market, now);
  return { deployment, server };
}

/** Closes what `startDemoMarket` started; either may be missing when its start failed. */
export async function stopDemoMarket(demo: Partial<DemoMarket>): Promise<void> {
  await demo.server?.close();
  await demo.deployment?.destroy();
}
