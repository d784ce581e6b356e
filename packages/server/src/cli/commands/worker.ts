import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { eventsRuntime } from '../../events/events-runtime.js';
import { buildWorkerApp } from '../../http/build-worker-app.js';
import { analysisRunner } from '../../http/deps-from-platform.js';
import { Drain } from '../../http/drain.js';
import { createPlatform } from '../../platform/create-platform.js';
import { readinessChecks } from '../../platform/readiness-checks.js';
import { bannerLog } from '../banner-log.js';
import { loadConfigOrExit } from '../load-config.js';
import { createOutput } from '../output.js';

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description(
      'run analysis jobs from the BullMQ queue and deliver webhooks (distributed mode; any number of workers beside the API nodes); serves /healthz, /readyz and /metrics on BELLWETHER_WORKER_PORT',
    )
    .option('--json', 'errors as a JSON document (the start banner and every log line are JSON anyway)')
    .action(async (opts: { json?: boolean }) => {
      const out = createOutput(opts.json === true);
      const config = loadConfigOrExit({});
      if (config.mode !== 'distributed') {
        out.fail(
          'embedded_mode',
          'bellwether worker is for distributed mode (DATABASE_URL and REDIS_URL set); in embedded mode `bellwether serve` runs analyses itself.',
        );
        return;
      }
      const threads = config.analysis.threads ?? Math.max(1, availableParallelism() - 1);
      if (threads === 0) {
        out.fail(
          'no_threads',
          'BELLWETHER_ANALYSIS_THREADS=0 leaves a worker nothing to do; unset it or set ≥ 1.',
        );
        return;
      }
      const platform = await createPlatform(config, { sharedAsOf: true });
      const drain = new Drain();
      const runner = analysisRunner(platform, threads);
      // Workers always deliver webhooks: API nodes may leave it to them (BELLWETHER_WEBHOOK_DELIVERY=off).
      const events = eventsRuntime(platform, { deliver: true });
      const app = await buildWorkerApp({
        storage: platform.storage,
        readinessChecks: readinessChecks(platform),
        drain,
        deliveryFailures: events.deliveryFailures,
        metricsToken: config.http.metricsToken,
        log: { level: config.logLevel },
      });
      let address: string;
      try {
        address = await app.listen({ host: config.host, port: config.http.workerPort });
      } catch (err) {
        await app.close();
        await platform.close();
        const code = (err as { code?: unknown } | null)?.code;
        out.fail(
          'listen_failed',
          code === 'EADDRINUSE'
            ? `${config.host}:${config.http.workerPort} is already in use (BELLWETHER_WORKER_PORT): give each worker on a host its own port, or 0 for any free one.`
            : `cannot listen on ${config.host}:${config.http.workerPort}: ${err instanceof Error ? err.message : String(err)}`,
        );
        return;
      }
      if (!platform.secretMatches)
        app.log.error(
          'BELLWETHER_SECRET is not the secret this database was written under: /readyz fails (docs/operating.md).',
        );
      await runner.start({ recoverAllRunning: false });
      events.start();
      bannerLog(app.log).info(
        { address, pid: process.pid, threads },
        `bellwether worker running analyses on ${threads} thread${threads === 1 ? '' : 's'} and delivering webhooks; /healthz, /readyz and /metrics on ${address}`,
      );
      let stopping = false;
      const stop = async (signal: string) => {
        if (stopping) return;
        stopping = true;
        app.log.info({ signal }, 'shutting down');
        try {
          drain.begin();
          await events.close(); // records the delivery attempts in flight; the deliveries table keeps the rest
          await runner.close(); // finishes the attempts in hand; the queue keeps the rest
          await app.close();
          await platform.close();
        } finally {
          process.exit(0);
        }
      };
      process.on('SIGINT', () => void stop('SIGINT'));
      process.on('SIGTERM', () => void stop('SIGTERM'));
    });
}
