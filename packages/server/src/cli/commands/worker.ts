import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { eventsRuntime } from '../../events/events-runtime.js';
import { analysisRunner } from '../../http/deps-from-platform.js';
import { createPlatform } from '../../platform/create-platform.js';
import { loadConfigOrExit } from '../load-config.js';
import { createOutput } from '../output.js';

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description(
      'run analysis jobs from the BullMQ queue and deliver webhooks (distributed mode; any number of workers beside the API nodes)',
    )
    .option('--json', 'machine-readable start-up output')
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
      const runner = analysisRunner(platform, threads);
      await runner.start({ recoverAllRunning: false });
      // Workers always deliver webhooks: API nodes may leave it to them (BELLWETHER_WEBHOOK_DELIVERY=off).
      const events = eventsRuntime(platform, { deliver: true });
      events.start();
      out.result(
        { worker: true, pid: process.pid, threads },
        `Bellwether worker ${process.pid} running analyses on ${threads} thread${threads === 1 ? '' : 's'} and delivering webhooks`,
      );
      let stopping = false;
      const stop = async () => {
        if (stopping) return;
        stopping = true;
        try {
          await events.close(); // records the delivery attempts in flight; the deliveries table keeps the rest
          await runner.close(); // finishes the attempts in hand; the queue keeps the rest
          await platform.close();
        } finally {
          process.exit(0);
        }
      };
      process.on('SIGINT', () => void stop());
      process.on('SIGTERM', () => void stop());
    });
}
