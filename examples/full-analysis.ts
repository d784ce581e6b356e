/**
 * A Full analysis of one ticker: submit (idempotently), wait, print each section's narrative.
 *   BELLWETHER_API_KEY=bw_… node --import tsx examples/full-analysis.ts [TICKER]
 * Without a ticker it analyses the asset of today's first card (the demo market has no SPY).
 */
import { clientFromEnv, main } from './env.js';

await main(async () => {
  const bw = clientFromEnv();
  const first = (await bw.cards.list()).cards[0];
  const ticker = process.argv[2] ?? first?.asset.ticker;
  if (ticker === undefined) throw new Error('no ticker given and no cards published today');
  const job = await bw.analysis.run(ticker, 'Full', { timeoutMs: 120_000 });
  if (job.status !== 'succeeded')
    throw new Error(`job ${job.job_id} ended ${job.status}: ${JSON.stringify(job.error)}`);
  const report = job.report as {
    ticker: string;
    data_through: string;
    sections: Record<string, { narrative: string }>;
  };
  console.log(
    `${report.ticker}, data through ${report.data_through} (job ${job.job_id}, ${job.attempts} attempt)`,
  );
  for (const [name, section] of Object.entries(report.sections)) console.log(`${name}: ${section.narrative}`);
});
