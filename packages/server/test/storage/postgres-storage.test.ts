import { openStorage } from '../../src/db/open-storage.js';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../support/pg.js';
import { describeStorageConformance } from './storage-conformance.js';

const available = await postgresAvailable();

describeStorageConformance(
  'PostgreSQL',
  async () => {
    const databases: TestDatabase[] = [];
    return {
      dialect: 'postgres',
      async createTarget() {
        const database = await createTestDatabase();
        databases.push(database);
        return { open: (options = {}) => openStorage({ kind: 'postgres', url: database.url, ...options }) };
      },
      async cleanup() {
        await Promise.all(databases.map((d) => d.drop()));
      },
    };
  },
  { skip: !available },
);
