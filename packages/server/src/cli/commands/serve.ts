import type { Command } from 'commander';
import { acquireInstanceLock } from '../../db/instance-lock.js';
import { buildApp } from '../../http/build-app.js';
import { depsFromPlatform } from '../../http/deps-from-platform.js';
import { seedDemoMarketIfEmpty } from '../../market/store/index.js';
import { createPlatform, type Platform } from '../../platform/create-platform.js';
import { loadConfigOrExit } from '../load-config.js';
import { createOutput } from '../output.js';

export const DEMO_EMAIL = 'demo@bellwether.local';

/** On an empty database: a demo account on the enterprise plan, whose key is printed once. */
async function seedDemo(platform: Platform): Promise<string | undefined> {
  // A fresh install also gets the synthetic market (DEFAULT_DEMO: a few seconds), so it has data to serve.
  await seedDemoMarketIfEmpty(platform.market, platform.clock.now());
  if ((await platform.storage.accounts.list()).length > 0) return undefined;
  const created = await platform.accounts.create({ name: 'Demo', email: DEMO_EMAIL, plan_id: 'enterprise' });
  if (!created.ok) return undefined;
  const key = await platform.keys.create(created.account.id, 'demo');
  return key.ok ? key.key : undefined;
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description(
      'run the HTTP API (embedded mode by default; distributed when DATABASE_URL and REDIS_URL are set)',
    )
    .option('--as-of <instant>', 'run as if it were this ISO-8601 instant (also BELLWETHER_AS_OF)')
    .option('--json', 'machine-readable start-up output')
    .action(async (opts: { asOf?: string; json?: boolean }) => {
      const out = createOutput(opts.json === true);
      const config = loadConfigOrExit(opts.asOf === undefined ? {} : { asOf: opts.asOf });
      let releaseLock = () => {};
      if (config.mode === 'embedded') {
        const lock = acquireInstanceLock(config.dataDir);
        if (!lock.ok) {
          out.fail('already_running', lock.message);
          return;
        }
        releaseLock = () => lock.release();
      }
      const platform = await createPlatform(config);
      const demoKey = await seedDemo(platform);
      const app = await buildApp(depsFromPlatform(platform, { level: config.logLevel }));
      const address = await app.listen({ host: config.host, port: config.port });
      app.log.info(
        {
          mode: config.mode,
          storage: config.storage.kind,
          redis: config.redisUrl !== undefined,
          as_of: config.asOf?.toISOString() ?? null,
        },
        `bellwether ${config.mode} mode`,
      );
      out.result(
        { address, mode: config.mode, demo_api_key: demoKey ?? null },
        demoKey === undefined
          ? `Bellwether listening on ${address} (${config.mode} mode)`
          : `Bellwether listening on ${address} (${config.mode} mode)\n\nDemo account created on the enterprise plan. Its API key is shown once — store it now:\n\n  ${demoKey}\n\nTry: curl -H "Authorization: Bearer ${demoKey}" ${address}/api/v1/session`,
      );
      let stopping = false;
      const stop = async (signal: string) => {
        if (stopping) return;
        stopping = true;
        app.log.info({ signal }, 'shutting down');
        try {
          await app.close();
          await platform.close();
        } finally {
          releaseLock();
          process.exit(0);
        }
      };
      process.on('SIGINT', () => void stop('SIGINT'));
      process.on('SIGTERM', () => void stop('SIGTERM'));
    });
}
