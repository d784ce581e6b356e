import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStorage } from '../../src/db/open-storage.js';
import { createMarketDataRepo } from '../../src/market/store/index.js';
import { ServeProcess } from '../support/serve-process.js';
import { createTempDir } from '../support/tmp.js';

describe('serve on an empty data directory', () => {
  it('seeds the default synthetic market up to the last closed session before listening', async () => {
    const dir = createTempDir('bw-demo-serve-');
    try {
      const env = {
        BELLWETHER_DATA_DIR: join(dir.path, 'data'),
        BELLWETHER_AS_OF: '2024-03-15T21:00:00Z',
        DATABASE_URL: '',
        REDIS_URL: '',
        PORT: '0',
        LOG_LEVEL: 'warn',
      };
      const server = await ServeProcess.start(env);
      await server.stop();
      const storage = await openStorage({ kind: 'sqlite', file: join(dir.path, 'data', 'bellwether.db') });
      try {
        const repo = createMarketDataRepo(storage);
        const instruments = await repo.listInstruments();
        expect(instruments).toHaveLength(21); // 20 equities and the benchmark index
        expect(new Set(instruments.map((i) => i.source))).toEqual(new Set(['synthetic']));
        const series = await repo.getDailySeries(instruments[0]?.ticker as string, {
          asOf: new Date('2024-03-15T21:00:00Z'),
          adjustment: 'raw',
        });
        expect(series?.source).toBe('synthetic');
        expect(series?.dates.at(-1)).toBe('2024-03-15');
        expect(series?.dates.length).toBeGreaterThan(1200);
      } finally {
        await storage.close();
      }
    } finally {
      dir.remove();
    }
  });
});
