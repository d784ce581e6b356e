import { join } from 'node:path';
import { openStorage } from '../../src/db/open-storage.js';
import { createTempDir } from '../support/tmp.js';
import { describeRealDataImport } from './store-real-data.js';

describeRealDataImport('SQLite', async () => {
  const dir = createTempDir('bw-market-real-');
  const storage = await openStorage({ kind: 'sqlite', file: join(dir.path, 'market.db') });
  return {
    storage,
    async cleanup() {
      await storage.close();
      dir.remove();
    },
  };
});
