import { join } from 'node:path';
import { openStorage } from '../../src/db/open-storage.js';
import { createTempDir } from '../support/tmp.js';
import { describeMarketStoreConformance } from './store-conformance.js';

describeMarketStoreConformance('SQLite', async () => {
  const dir = createTempDir('bw-market-');
  const storage = await openStorage({ kind: 'sqlite', file: join(dir.path, 'market.db') });
  return {
    storage,
    async cleanup() {
      await storage.close();
      dir.remove();
    },
  };
});
