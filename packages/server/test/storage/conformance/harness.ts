import type { KyselyStorage } from '../../../src/db/kysely-storage.js';

/** An empty database (no tables) that can be opened any number of times. */
export interface StorageTarget {
  open(options?: { now?: () => Date }): Promise<KyselyStorage>;
}

/** What a dialect provides to run the conformance suite. */
export interface StorageHarness {
  readonly dialect: 'sqlite' | 'postgres';
  /** A new empty database; whatever it creates is removed by `cleanup`. */
  createTarget(): Promise<StorageTarget>;
  cleanup(): Promise<void>;
}

/** Live state shared by the suite's parts: one migrated storage on one target. */
export interface SuiteState {
  readonly harness: StorageHarness;
  readonly target: StorageTarget;
  readonly storage: KyselyStorage;
}

export type GetState = () => SuiteState;
