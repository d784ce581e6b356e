import type { KyselyStorage } from '../../src/db/kysely-storage.js';
import { openStorage } from '../../src/db/open-storage.js';
import { createTestDatabase, postgresAvailable } from './pg.js';

/** One storage mode for `describe.each`: its name, how to open a fresh store, and whether to skip it. */
export type StorageMode = readonly [
  name: string,
  open: () => Promise<{ readonly storage: KyselyStorage; readonly drop: () => Promise<void> }>,
  skip: boolean,
];

/**
 * SQLite (in memory, or the file `sqliteFile()` names) and PostgreSQL (a database of its own, dropped
 * after; skipped when the server does not answer), each opened fresh and not yet migrated.
 */
export async function storageModes(
  sqliteFile: () => string = () => ':memory:',
): Promise<readonly StorageMode[]> {
  const pg = await postgresAvailable();
  return [
    [
      'SQLite',
      async () => ({
        storage: await openStorage({ kind: 'sqlite', file: sqliteFile() }),
        drop: async () => {},
      }),
      false,
    ],
    [
      'PostgreSQL',
      async () => {
        const db = await createTestDatabase();
        return { storage: await openStorage({ kind: 'postgres', url: db.url }), drop: () => db.drop() };
      },
      !pg,
    ],
  ];
}
