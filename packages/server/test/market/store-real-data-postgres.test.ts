import { openStorage } from '../../src/db/open-storage.js';
import { createTestDatabase, postgresAvailable } from '../support/pg.js';
import { describeRealDataImport } from './store-real-data.js';

const available = await postgresAvailable();

describeRealDataImport(
  'PostgreSQL',
  async () => {
    const database = await createTestDatabase();
    const storage = await openStorage({ kind: 'postgres', url: database.url });
    return {
      storage,
      async cleanup() {
        await storage.close();
        await database.drop();
      },
    };
  },
  { skip: !available },
);
