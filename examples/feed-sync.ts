/**
 * Mirror the institutional feed into NDJSON files, then keep them in sync: each run appends the versions
 * published since the last run to <dir>/<dataset>.ndjson and stores the last seq in <dir>/<dataset>.since.
 * Versions come in commit order, so nothing is skipped or repeated between runs. Enterprise plan.
 *   BELLWETHER_API_KEY=bw_… [BELLWETHER_FEED_DIR=./bellwether-feed] node --import tsx examples/feed-sync.ts
 */

import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clientFromEnv, main } from './env.js';

const DATASETS = ['cards', 'signals', 'analytics'] as const;

await main(async () => {
  const bw = clientFromEnv();
  const dir = process.env.BELLWETHER_FEED_DIR ?? 'bellwether-feed';
  mkdirSync(dir, { recursive: true });
  for (const dataset of DATASETS) {
    const sinceFile = join(dir, `${dataset}.since`);
    const since = existsSync(sinceFile) ? Number(readFileSync(sinceFile, 'utf8')) : 0;
    const out = createWriteStream(join(dir, `${dataset}.ndjson`), { flags: 'a' });
    let last = since;
    let count = 0;
    for await (const version of bw.feed.stream({ dataset, since })) {
      if (!out.write(`${JSON.stringify(version)}\n`)) await once(out, 'drain');
      last = version.seq;
      count++;
    }
    out.end();
    await once(out, 'finish');
    // Only after the versions are on disk: a crash before this line re-reads them next time, never skips.
    writeFileSync(sinceFile, String(last));
    console.log(`${dataset}: ${count} new version${count === 1 ? '' : 's'} (since ${since}, now ${last})`);
  }
});
