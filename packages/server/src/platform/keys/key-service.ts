import { timingSafeEqual } from 'node:crypto';
import type { AccountRecord, ApiKeyRecord } from '../../db/records.js';
import type { Storage } from '../../db/repositories.js';
import type { BurstLimiter } from '../limits/types.js';
import type { Plan, PlanCatalog } from '../plans/plan-catalog.js';
import type { CacheCoherence } from './cache-coherence.js';
import {
  digestSecret,
  digestsEqual,
  formatKey,
  generateKey,
  KEY_ID_LENGTH,
  KEY_LENGTH,
  KEY_PREFIX,
  newKeyId,
  parseKey,
} from './key-format.js';
import { UnknownKeyCache } from './unknown-key-cache.js';

/** Who a request acts for, once its key is verified. */
export interface Principal {
  readonly key_id: string;
  /** What the quota counts on: the key's meter (ADR 0064), or the account's dashboard meter. */
  readonly meter_id: string;
  readonly account: AccountRecord;
  /** null when the account has lost its plan since the key was created. */
  readonly plan: Plan | null;
}

export type AuthFailure =
  | 'missing'
  | 'malformed'
  | 'not_a_key'
  | 'wrong_prefix'
  | 'bad_checksum'
  | 'unknown'
  | 'revoked'
  | 'mismatch';

export type AuthResult =
  | { readonly ok: true; readonly principal: Principal }
  | { readonly ok: false; readonly reason: AuthFailure };

export type CreateKeyResult =
  | { ok: true; key: string; record: ApiKeyRecord }
  | { ok: false; reason: 'account_not_found' | 'no_plan' | 'key_limit_reached' }
  | { ok: false; reason: 'creation_rate_limited'; retry_after_ms: number };

/**
 * How many keys a customer may create per rolling hour: the plan's key cap, and at least 10. Churning
 * keys gains no quota (meters, ADR 0064); this bounds the rows and the noise churn can make.
 */
function keyCreationLimit(max_keys: number): { max: number; window_ms: number } {
  return { max: Math.max(10, max_keys), window_ms: 3_600_000 };
}

/**
 * How often a customer may rotate one key per rolling hour. Each rotation is an event kept with the log
 * and a cache invalidation on every instance; a key leaked twice an hour is a rare day (ADR 0083).
 */
export const KEY_ROTATION_LIMIT = { max: 10, window_ms: 3_600_000 } as const;

interface CacheEntry {
  readonly stamp: string;
  readonly record: ApiKeyRecord | undefined;
  readonly account: AccountRecord | undefined;
  /**
   * The secret that last passed digest verification for this exact row version. A repeat request
   * is checked with one constant-time comparison instead of an HMAC; any change to the row gives a
   * new entry, so a rotated secret can never match a stale one.
   */
  verified?: Buffer;
  /** The success answer for this row version, built once (the principal never changes within it). */
  result?: AuthResult;
  /** The whole verified key string (`bw_…`), for the repeat-request fast path. */
  verifiedToken?: string;
}

type AuthFailed = Extract<AuthResult, { ok: false }>;
const UNKNOWN: AuthResult = { ok: false, reason: 'unknown' };
const REVOKED: AuthResult = { ok: false, reason: 'revoked' };
const MISMATCH: AuthResult = { ok: false, reason: 'mismatch' };
const BEARER = /^Bearer ([^\s]+)$/i;
const BEARER_PREFIX = 'Bearer ';

/**
 * Constant-time (for equal lengths) comparison of `known` with `text` from `offset`: no early exit,
 * so the time taken says nothing about how much of a secret matched.
 */
function equalsAt(known: string, text: string, offset: number): boolean {
  if (text.length - offset !== known.length) return false;
  let diff = 0;
  for (let i = 0; i < known.length; i++) diff |= known.charCodeAt(i) ^ text.charCodeAt(offset + i);
  return diff === 0;
}

/** Shape checks on the header (no storage access): the key id and secret, or why it is refused. */
function parseAuthorization(
  authorization: string | undefined,
): { readonly ok: true; readonly id: string; readonly secret: string } | AuthFailed {
  if (authorization === undefined || authorization === '') return { ok: false, reason: 'missing' };
  const match = BEARER.exec(authorization.trim());
  if (match === null) return { ok: false, reason: 'malformed' };
  const parsed = parseKey(match[1] as string);
  if (parsed.ok) return parsed;
  return {
    ok: false,
    reason:
      parsed.reason === 'wrong_prefix'
        ? 'wrong_prefix'
        : parsed.reason === 'bad_checksum'
          ? 'bad_checksum'
          : 'not_a_key',
  };
}

const MAX_CACHE_ENTRIES = 100_000;
/** What a key id that names no row loads as: refused as unknown, never cached as a row. */
const NO_KEY: CacheEntry = Object.freeze({ stamp: '', record: undefined, account: undefined });

/**
 * Issues, rotates, revokes and verifies API keys. Keys are stored only as HMAC digests; verification
 * is constant-time; malformed strings and bad checksums are refused before any storage access.
 */
export class KeyService {
  private readonly cache = new Map<string, CacheEntry>();
  /** Loads in flight, so a burst of requests on a cold key reads storage once. */
  private readonly loading = new Map<string, Promise<CacheEntry>>();
  /** Key ids recently found in no row, refused without storage (bounded, short-lived). */
  private readonly unknown = new UnknownKeyCache();

  constructor(
    private readonly storage: Storage,
    private readonly plans: PlanCatalog,
    private readonly coherence: CacheCoherence,
    private readonly serverSecret: string,
  ) {}

  /** Verifies an `Authorization` header value. */
  async authenticate(authorization: string | undefined): Promise<AuthResult> {
    const parsed = parseAuthorization(authorization);
    if (!parsed.ok) return parsed;
    return this.verify(await this.load(parsed.id), parsed.secret);
  }

  /**
   * Same answer as {@link authenticate}, without a promise, when it needs no I/O: the coherence port
   * answers synchronously and the key's cached entry is current (or the header is refused on its
   * shape, or names a key id this instance recently found in no row). `undefined` when the caller
   * must use `authenticate`.
   */
  authenticateSync(authorization: string | undefined): AuthResult | undefined {
    const stampSync = this.coherence.stampSync;
    if (stampSync !== undefined) {
      const repeat = this.repeatOf(authorization);
      if (repeat !== undefined && repeat.stamp === stampSync.call(this.coherence, repeat.record?.id ?? ''))
        return repeat.result;
    }
    const parsed = parseAuthorization(authorization);
    if (!parsed.ok) return parsed;
    if (this.unknown.has(parsed.id)) return UNKNOWN;
    if (stampSync === undefined) return undefined;
    const stamp = stampSync.call(this.coherence, parsed.id);
    const cached = this.cache.get(parsed.id);
    if (cached === undefined || cached.stamp !== stamp) return undefined;
    return this.verify(cached, parsed.secret);
  }

  /**
   * The principal this instance's cached row gives the header, with the stamp the row was loaded
   * under, without asking whether the row is still current. For a caller that checks the stamp itself,
   * atomically with its own work (the distributed one-round-trip admission) and calls
   * {@link authenticate} when it is not. `undefined` when no cached row accepts the header: refusals
   * are only ever decided on a current row.
   */
  cachedPrincipal(authorization: string | undefined): { principal: Principal; stamp: string } | undefined {
    const repeat = this.repeatOf(authorization);
    if (repeat !== undefined && repeat.result?.ok === true)
      return { principal: repeat.result.principal, stamp: repeat.stamp };
    const parsed = parseAuthorization(authorization);
    if (!parsed.ok) return undefined;
    const cached = this.cache.get(parsed.id);
    if (cached === undefined) return undefined;
    const result = this.verify(cached, parsed.secret);
    return result.ok ? { principal: result.principal, stamp: cached.stamp } : undefined;
  }

  /**
   * The cached entry whose verified token is exactly this header (a repeat of a token already
   * verified against that row version: one constant-time comparison of the whole token, which
   * therefore has the right shape and checksum), if it is live.
   */
  private repeatOf(authorization: string | undefined): CacheEntry | undefined {
    if (
      authorization === undefined ||
      authorization.length !== BEARER_PREFIX.length + KEY_LENGTH ||
      !authorization.startsWith(BEARER_PREFIX)
    )
      return undefined;
    const start = BEARER_PREFIX.length + KEY_PREFIX.length;
    const entry = this.cache.get(authorization.slice(start, start + KEY_ID_LENGTH));
    const known = entry?.verifiedToken;
    return known !== undefined &&
      entry !== undefined &&
      entry.result !== undefined &&
      entry.record?.revoked_at === null &&
      equalsAt(known, authorization, BEARER_PREFIX.length)
      ? entry
      : undefined;
  }

  private verify(entry: CacheEntry, secret: string): AuthResult {
    if (entry.record === undefined || entry.account === undefined) return UNKNOWN;
    if (entry.record.revoked_at !== null) return REVOKED;
    const presented = Buffer.from(secret, 'latin1');
    const known = entry.verified;
    if (known === undefined || known.length !== presented.length || !timingSafeEqual(known, presented)) {
      if (!digestsEqual(digestSecret(this.serverSecret, secret), entry.record.digest)) return MISMATCH;
      entry.verified = presented;
    }
    if (entry.result === undefined) {
      const account = entry.account;
      const plan = account.plan_id === null ? null : (this.plans.get(account.plan_id) ?? null);
      entry.result = {
        ok: true,
        principal: { key_id: entry.record.id, meter_id: entry.record.meter_id, account, plan },
      };
    }
    entry.verifiedToken ??= formatKey(entry.record.id, secret);
    return entry.result;
  }

  private async load(id: string): Promise<CacheEntry> {
    if (this.unknown.has(id)) return NO_KEY;
    // The stamp is read before the rows, so a change racing with this load yields a new stamp and a
    // reload on the next request rather than a stale entry that looks fresh.
    const stamp = await this.coherence.stamp(id);
    const cached = this.cache.get(id);
    if (cached !== undefined && stamp !== undefined && cached.stamp === stamp) return cached;
    const flightKey = `${id}\u0000${stamp ?? ''}`;
    const inFlight = this.loading.get(flightKey);
    if (inFlight !== undefined) return inFlight;
    const load = this.read(id, stamp).finally(() => this.loading.delete(flightKey));
    this.loading.set(flightKey, load);
    return load;
  }

  /**
   * Reads the key's rows under `stamp`. A key id that names no row is remembered briefly and leaves
   * nothing behind anywhere else (ADR 0062). A key without a stamp yet gets one only once its row is
   * known to exist, and is then read again: the first read may predate a change that raced with it.
   */
  private async read(id: string, stamp: string | undefined): Promise<CacheEntry> {
    let record = await this.storage.apiKeys.get(id);
    if (record !== undefined && stamp === undefined) {
      stamp = await this.coherence.establish(id);
      record = await this.storage.apiKeys.get(id);
    }
    if (record === undefined || stamp === undefined) {
      this.unknown.add(id);
      return NO_KEY;
    }
    const account = await this.storage.accounts.get(record.account_id);
    const entry: CacheEntry = { stamp, record, account };
    if (this.cache.size >= MAX_CACHE_ENTRIES) {
      const oldest = this.cache.keys().next();
      if (oldest.done !== true) this.cache.delete(oldest.value);
    }
    this.cache.set(id, entry);
    return entry;
  }

  /**
   * A new key for the account. `rateLimited` (customer-facing paths) applies {@link keyCreationLimit};
   * the operator's CLI creates without it.
   */
  async create(
    account_id: string,
    name: string,
    options: { readonly rateLimited?: boolean } = {},
  ): Promise<CreateKeyResult> {
    const account = await this.storage.accounts.get(account_id);
    if (account === undefined) return { ok: false, reason: 'account_not_found' };
    const plan = account.plan_id === null ? undefined : this.plans.get(account.plan_id);
    if (plan === undefined) return { ok: false, reason: 'no_plan' };
    const id = newKeyId();
    const { key, secret } = generateKey(id);
    const max_keys = this.plans.effectiveLimits(plan, account.overrides).max_keys;
    const created = await this.storage.apiKeys.create({
      id,
      account_id,
      name,
      digest: digestSecret(this.serverSecret, secret),
      last4: key.slice(-4),
      max_keys,
      ...(options.rateLimited === true ? { creation_limit: keyCreationLimit(max_keys) } : {}),
    });
    if (!created.ok) return created;
    return { ok: true, key, record: created.key };
  }

  /**
   * New secret, same identity and counters. The old secret is refused everywhere once this returns.
   * `limiter` (customer-facing paths) applies {@link KEY_ROTATION_LIMIT} per key; the operator's CLI
   * rotates without it.
   */
  async rotate(
    key_id: string,
    account_id?: string,
    limiter?: BurstLimiter,
  ): Promise<
    | { ok: true; key: string; record: ApiKeyRecord }
    | { ok: false; reason: 'not_found' | 'revoked' }
    | { ok: false; reason: 'rotation_rate_limited'; retry_after_ms: number }
  > {
    const existing =
      account_id === undefined
        ? await this.storage.apiKeys.get(key_id)
        : await this.storage.apiKeys.getForAccount(account_id, key_id);
    if (existing === undefined) return { ok: false, reason: 'not_found' };
    // A revoked key stays revoked: rotating it would bring it back to life.
    if (existing.revoked_at !== null) return { ok: false, reason: 'revoked' };
    if (limiter !== undefined) {
      const { max, window_ms } = KEY_ROTATION_LIMIT;
      const d = await limiter.hit(`rotations:${key_id}`, max, window_ms);
      if (!d.allowed) return { ok: false, reason: 'rotation_rate_limited', retry_after_ms: d.retry_after_ms };
    }
    const { key, secret } = generateKey(key_id);
    const record = await this.storage.apiKeys.rotate(
      key_id,
      digestSecret(this.serverSecret, secret),
      key.slice(-4),
    );
    await this.coherence.invalidate([key_id]);
    if (record === undefined) return { ok: false, reason: 'not_found' };
    return { ok: true, key, record };
  }

  async revoke(
    key_id: string,
    account_id?: string,
  ): Promise<{ ok: true; record: ApiKeyRecord } | { ok: false; reason: 'not_found' | 'already_revoked' }> {
    const existing =
      account_id === undefined
        ? await this.storage.apiKeys.get(key_id)
        : await this.storage.apiKeys.getForAccount(account_id, key_id);
    if (existing === undefined) return { ok: false, reason: 'not_found' };
    if (existing.revoked_at !== null) return { ok: false, reason: 'already_revoked' };
    const record = await this.storage.apiKeys.revoke(key_id);
    await this.coherence.invalidate([key_id]);
    if (record === undefined) return { ok: false, reason: 'not_found' };
    return { ok: true, record };
  }

  /** After an account's plan or overrides change, every instance must re-read its keys' principal. */
  async invalidateAccount(account_id: string): Promise<void> {
    const keys = await this.storage.apiKeys.listByAccount(account_id);
    await this.coherence.invalidate(keys.map((k) => k.id));
  }
}
