/**
 * The publication scheduler in an as-of run (issue #49): with BELLWETHER_AS_OF at 12:00Z on a session day,
 * before the 13:30Z slot, the session is already over by the real clock, so its cards are late whenever they
 * are published. The scheduler publishes them at start, as a backfill, instead of waiting real minutes for
 * the as-of clock to reach the slot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { PublicationScheduler } from '../../src/cards/publication-scheduler.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance } from '../support/harness.js';

// Wednesday 2026-11-25, 07:00 New York: the as-of clock is before the session's 13:30Z publication slot.
const AS_OF = new Date('2026-11-25T12:00:00Z');

describe('PublicationScheduler in an as-of run', () => {
  let deployment: Deployment;
  let server: Instance;
  const logged: string[] = [];
  const log = {
    info: (_: object, msg: string) => logged.push(msg),
    error: (_: object, msg: string) => logged.push(msg),
  };

  beforeAll(async () => {
    deployment = await Deployment.create('embedded', { asOf: AS_OF });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, AS_OF);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('publishes a session that is over by the real clock at start, as a backfill, before the as-of slot', async () => {
    // The harness runs its wall clock from the as-of instant too; here the real clock is twelve days on.
    const deps = { ...publicationDeps(server.platform), wallNow: () => new Date('2026-12-07T12:00:00Z') };
    expect(deps.now().getTime()).toBeLessThan(Date.parse('2026-11-25T13:30:00Z'));
    const scheduler = new PublicationScheduler(deps, log, undefined, true);
    const result = await scheduler.start();
    await scheduler.stop();
    expect(result).toMatchObject({ ok: true, session: '2026-11-25', published: true, late: true });
    expect((await server.platform.storage.cards.getPublication('2026-11-25'))?.late).toBe(true);
  });

  it('a live run (not simulated) does not publish a session before its slot', async () => {
    const deps = { ...publicationDeps(server.platform), wallNow: () => new Date('2026-12-07T12:00:00Z') };
    const scheduler = new PublicationScheduler({ ...deps, now: () => AS_OF }, log, undefined, false);
    expect(await scheduler.start()).toBeUndefined();
    await scheduler.stop();
  });
});
