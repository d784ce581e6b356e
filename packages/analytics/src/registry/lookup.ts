import { CATALOG } from './catalog.js';
import type { IndicatorMeta } from './types.js';

/** Case-insensitive index of codes and aliases over a list of entries. */
export interface IndicatorIndex {
  /** The entry whose code or alias equals `name` (case-insensitive, surrounding spaces ignored). */
  find(name: string): IndicatorMeta | undefined;
  readonly entries: readonly IndicatorMeta[];
}

/**
 * Builds a lookup over `entries`. Throws when two entries claim the same code or alias — a catalogue
 * fault that must fail at start-up, not resolve silently to whichever came first.
 */
export function buildIndex(entries: readonly IndicatorMeta[]): IndicatorIndex {
  const byName = new Map<string, IndicatorMeta>();
  for (const meta of entries) {
    for (const name of [meta.code, ...meta.aliases]) {
      const key = name.trim().toLowerCase();
      const prior = byName.get(key);
      if (prior !== undefined && prior !== meta) {
        throw new Error(`indicator name "${key}" is claimed by both ${prior.code} and ${meta.code}`);
      }
      byName.set(key, meta);
    }
  }
  return {
    entries,
    find: (name) => byName.get(name.trim().toLowerCase()),
  };
}

/** Built once at module load, so a duplicate name fails at start-up. */
const CATALOG_INDEX = buildIndex(CATALOG);

/** The entry of the full catalogue whose code or alias is `name` (case-insensitive). */
export function findIndicator(name: string): IndicatorMeta | undefined {
  return CATALOG_INDEX.find(name);
}
