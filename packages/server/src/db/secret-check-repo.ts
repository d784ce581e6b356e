import type { RepoContext } from './repo-context.js';

/** Whether the server secret is the one the stored data was written with (migration 0023). */
export interface SecretCheckRepo {
  /**
   * Compares `digest` with the stored one; stores it when none is (the first start). `false`: the data
   * was written under another secret.
   */
  matches(digest: string): Promise<boolean>;
}

export function createSecretCheckRepo({ db, now }: RepoContext): SecretCheckRepo {
  return {
    async matches(digest) {
      // Nodes starting together: one insert wins, every node compares with the winner's digest.
      await db
        .insertInto('secret_check')
        .values({ id: 1, digest, created_at: now() })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const row = await db
        .selectFrom('secret_check')
        .select('digest')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      return row.digest === digest;
    },
  };
}
