import { join } from 'node:path';
import { openStorage } from '../../src/db/open-storage.js';
import { createTempDir } from '../support/tmp.js';
import { describeStorageConformance } from './storage-conformance.js';

describeStorageConformance('SQLite', async () => {
  const dir = createTempDir('bw-sqlite-');
  let n = 0;
  return {
    dialect: 'sqlite',
    async createTarget() {
      const file = join(dir.path, `db-${n++}`, 'bellwether.db');
      return { open: (options = {}) => openStorage({ kind: 'sqlite', file, ...options }) };
    },
    async cleanup() {
      dir.remove();
    },
  };
});
