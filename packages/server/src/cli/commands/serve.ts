import type { Command } from 'commander';
import { ReconcileLoop } from '../../brokers/reconcile-loop.js';
import { backfillHistory } from '../../cards/backfill-history.js';
import { publicationDeps } from '../../cards/publication-deps.js';
import { PublicationScheduler } from '../../cards/publication-scheduler.js';
import { openDataDir } from '../../db/data-dir.js';
import { acquireInstanceLock } from '../../db/instance-lock.js';
import { buildApp } from '../../http/build-app.js';
import { depsFromPlatform } from '../../http/deps-from-platform.js';
import { XNYS } from '../../market/calendar/xnys.js';
import { seedDemoMarketIfEmpty } from '../../market/store/index.js';
import { liveQuotesFromConfig } from '../../market/streams/live-quotes-from-config.js';
import { followedByDefault } from '../../market/sync/run-market-sync.js';
import { SyncScheduler } from '../../market/sync/sync-scheduler.js';
import { createPlatform, type Platform } from '../../platform/create-platform.js';
import { evaluateSavedScreens } from '../../screens/evaluate-saved-screens.js';
import { savedScreensDeps } from '../../screens/saved-screens-deps.js';
import { bannerLog } from '../banner-log.js';
import { loadConfigOrExit } from '../load-config.js';
import { createOutput } from '../output.js';

const DEMO_EMAIL = 'demo@bellwether.local';

/** What start-up says about live market data: which providers, and what the first sync will bring. */
async function liveMarketPlan(platform: Platform): Promise<{ providers: string[]; message: string }> {
  const providers = platform.config.market.bars.map((b) => b.name);
  const universe = (await platform.syncState.universe()).length;
  const real = (await platform.market.listInstruments()).filter(followedByDefault).length;
  const what =
    universe > 0
      ? `the ${universe} tickers of your universe`
      : real > 0
        ? `the ${real} tickers stored`
        : 'a default universe of 40 US large caps and SPY (an empty data directory: `bellwether universe add` chooses your own)';
  return {
    providers,
    message: `Market data: syncing ${what} from ${providers.join(' → ')} now and after each session close; progress in the log, freshness in /api/v1/session.`,
  };
}

/** What start-up says about the demo account: its new key (first start) or how to get another. */
interface DemoOutcome {
  readonly key: string | null;
  readonly account_id: string | null;
  readonly hint: string | null;
}

/**
 * On a database without accounts (unless the demo is off): a demo account on the enterprise plan, whose
 * key is printed once.
 * Called only once the server is listening, so a start that cannot bind creates nothing and the next
 * start still shows the key. Later starts say how to get a key instead.
 */
async function seedDemoAccount(platform: Platform, create: boolean): Promise<DemoOutcome> {
  if (create && (await platform.storage.accounts.list()).length === 0) {
    const created = await platform.accounts.create({
      name: 'Demo',
      email: DEMO_EMAIL,
      plan_id: 'enterprise',
    });
    if (created.ok) {
      const key = await platform.keys.create(created.account.id, 'demo');
      if (key.ok) return { key: key.key, account_id: created.account.id, hint: null };
    }
  }
  const demo = await platform.storage.users.getByEmail(DEMO_EMAIL);
  const hint =
    demo === undefined
      ? 'Create an API key with `npx bellwether keys create --account <acc_id>` (accounts: `npx bellwether accounts list`).'
      : `The demo account ${demo.account_id} exists; its key was shown on the first start. Lost it? Create another with \`npx bellwether keys create --account ${demo.account_id} --name demo\`.`;
  return { key: null, account_id: demo?.account_id ?? null, hint };
}

function listenFailure(err: unknown, host: string, port: number): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE')
    return `${host}:${port} is already in use. Stop the other process or choose another port (PORT=8081 npm start).`;
  if (code === 'EACCES')
    return `no permission to listen on ${host}:${port}; choose a port above 1023 (PORT=8080).`;
  return `cannot listen on ${host}:${port}: ${err instanceof Error ? err.message : String(err)}`;
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description(
      'run the HTTP API (embedded mode by default; distributed when DATABASE_URL and REDIS_URL are set)',
    )
    .option('--as-of <instant>', 'run as if it were this ISO-8601 instant (also BELLWETHER_AS_OF)')
    .option('--json', 'errors as a JSON document (the start banner and every log line are JSON anyway)')
    .action(async (opts: { asOf?: string; json?: boolean }) => {
      const out = createOutput(opts.json === true);
      const config = loadConfigOrExit(opts.asOf === undefined ? {} : { asOf: opts.asOf });
      let releaseLock = () => {};
      if (config.mode === 'embedded') {
        openDataDir(config.dataDir);
        const lock = acquireInstanceLock(config.dataDir);
        if (!lock.ok) {
          out.fail('already_running', lock.message);
          return;
        }
        releaseLock = () => lock.release();
      }
      const platform = await createPlatform(config, { sharedAsOf: true });
      // Holding the lock, this process receives the CLI's key changes over the data directory's socket.
      const notices = config.mode === 'embedded' && (await platform.serveChangeNotices());
      // With a market-data provider configured, the sync brings real data (a first start backfills a
      // universe). Without one, a fresh install gets the synthetic market (DEFAULT_DEMO: a few seconds),
      // so it has data to serve; idempotent, so a start that fails later simply finds it next time.
      // BELLWETHER_DEMO=off (or a provider) starts with neither the synthetic market nor a demo account.
      const live = config.market.bars.length > 0;
      const marketData = live ? await liveMarketPlan(platform) : undefined;
      const seeded = config.demo
        ? await seedDemoMarketIfEmpty(platform.market, platform.clock.now())
        : undefined;
      // The live stream (issue #43), when the operator configured one: started once the app listens.
      const quotes = liveQuotesFromConfig(config.stream, XNYS);
      const deps = {
        ...depsFromPlatform(platform, { level: config.logLevel }),
        ...(quotes === undefined ? {} : { quotes }),
      };
      const app = await buildApp(deps);
      let address: string;
      try {
        address = await app.listen({ host: config.host, port: config.port });
      } catch (err) {
        await app.close();
        await platform.close();
        releaseLock();
        out.fail('listen_failed', listenFailure(err, config.host, config.port));
        return;
      }
      if (quotes !== undefined) {
        quotes.listen((problem, suppressed) =>
          app.log.warn({ stream: problem, suppressed }, `live stream ${problem.provider}: ${problem.kind}`),
        );
        quotes.follow(config.stream.tickers);
        quotes.start();
      }
      const demo = await seedDemoAccount(platform, config.demo);
      if (!platform.secretMatches)
        app.log.error(
          'BELLWETHER_SECRET is not the secret this database was written under: every API key would be refused, so /readyz fails. Start with the secret the data was written under (docs/operating.md).',
        );
      // Cards: catch up on a publication already due, then one per session; a freshly seeded demo market
      // gets the current session's cards at once, so a new install shows the product working.
      const sync = live
        ? new SyncScheduler(
            {
              config: config.market,
              market: platform.market,
              state: platform.syncState,
              now: () => platform.clock.now(),
              calendar: XNYS,
              events: platform.storage.events,
            },
            app.log,
            platform.syncMetrics,
          )
        : undefined;
      const scheduler = new PublicationScheduler(
        publicationDeps(platform),
        app.log,
        sync === undefined ? undefined : () => sync.settled(),
        config.asOf !== undefined,
        async () => {
          // Automation first: its orders are time-sensitive; a failure of either leaves the other to run.
          const session = XNYS.currentOrNext(platform.clock.now()).id;
          await deps.brokers
            .follow(session)
            .then((r) => r.placed + r.refused > 0 && app.log.info({ session, ...r }, 'broker automation ran'))
            .catch((err: unknown) =>
              app.log.error({ err }, 'broker automation failed; will run at the next slot'),
            );
          const screens = await evaluateSavedScreens(savedScreensDeps(platform));
          if (screens.recorded > 0) app.log.info(screens, 'saved screens evaluated');
        },
      );
      const reconcile = new ReconcileLoop(deps.brokers, config.brokers.reconcileSeconds, app.log);
      reconcile.start();
      // A fresh demo also gets a past (issue #49): its last sessions published as backfills in the
      // background — the simulated record, kept apart from the track record; a stop ends it between sessions.
      const history = new AbortController();
      let backfilling: Promise<unknown> = Promise.resolve();
      if (sync === undefined) {
        await scheduler.start({ immediately: seeded !== undefined });
        if (seeded !== undefined && config.demoHistorySessions > 0)
          backfilling = backfillHistory(publicationDeps(platform), config.demoHistorySessions, history.signal)
            .then((r) =>
              app.log.info(
                { ...r, record: '/api/v1/cards/performance?record=backfilled' },
                'demo history backfilled: past sessions published as simulated (late) cards',
              ),
            )
            .catch((err: unknown) => app.log.error({ err }, 'demo history backfill failed'));
      } else {
        // The first sync may take a while (a backfill within a free tier's budget): publication waits
        // for it in the background rather than holding the start.
        sync.start();
        void scheduler.start();
      }
      // The demo key goes to the terminal once, as plain text, never into a log line (a journal keeps
      // those); the start banner is a log line like every other.
      if (demo.key !== null)
        process.stdout.write(
          `\nDemo account created on the enterprise plan. Its API key is shown once — store it now:\n\n  ${demo.key}\n\nTry: curl -H "Authorization: Bearer ${demo.key}" ${address}/api/v1/session\n\n`,
        );
      bannerLog(app.log).info(
        {
          address,
          mode: config.mode,
          storage: config.storage.kind,
          redis: config.redisUrl !== undefined,
          as_of: config.asOf?.toISOString() ?? null,
          ...(config.mode === 'embedded' ? { change_notices: notices } : {}),
          demo_account_id: demo.account_id,
          hint: demo.hint,
          market_data: marketData ?? {
            providers: [],
            message: config.demo
              ? 'synthetic demo market (no provider configured)'
              : 'no provider configured and BELLWETHER_DEMO=off: no market data until you ingest some',
          },
        },
        `bellwether listening on ${address} (${config.mode} mode)`,
      );
      let stopping = false;
      const stop = async (signal: string) => {
        if (stopping) return;
        stopping = true;
        app.log.info({ signal }, 'shutting down');
        try {
          // Readiness fails at once; the background work stops while the requests drain.
          history.abort();
          const background = Promise.all([
            sync?.stop(),
            scheduler.stop(),
            reconcile.stop(),
            backfilling,
            quotes?.close(),
          ]);
          await deps.drain.stop(
            app,
            { graceMs: config.http.shutdownGraceMs, drainMs: config.http.drainMs },
            (message, fields) => app.log.info(fields, message),
          );
          await background;
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
