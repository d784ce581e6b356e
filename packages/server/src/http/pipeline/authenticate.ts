import type { FastifyRequest } from 'fastify';
import type { AuthFailure, AuthResult, KeyService } from '../../platform/keys/key-service.js';
import { ProblemError } from '../../problems/problem-error.js';
import { addressKey } from '../address-key.js';
import type { AuthFailureBudget } from './auth-failure-budget.js';

/** Query parameters in which clients commonly (and wrongly) put API keys. */
const KEY_QUERY_PARAMS = [
  'api_key',
  'apikey',
  'key',
  'access_token',
  'token',
  'bearer',
  'auth',
  'authorization',
];

const DETAILS: Record<AuthFailure, string> = {
  missing: 'Send your API key as `Authorization: Bearer <API_KEY>`.',
  malformed: 'The Authorization header must be `Bearer <API_KEY>`: the word Bearer, one space, then the key.',
  not_a_key:
    'This is not a Bellwether API key: keys are 45 characters, `bw_` followed by 42 letters and digits. Copy the whole key.',
  wrong_prefix: 'Bellwether API keys start with `bw_`.',
  bad_checksum: 'The API key is mistyped or truncated (its checksum does not match).',
  unknown: 'The API key is not valid.',
  revoked: 'The API key is not valid.',
  mismatch: 'The API key is not valid.',
};

function invalidToken(detail: string, description: string): ProblemError {
  return new ProblemError('invalid_token', detail, {
    headers: {
      'www-authenticate': `Bearer realm="bellwether", error="invalid_token", error_description="${description}"`,
    },
  });
}

/** Refusals that took a key lookup (or would have): these spend the client address's failure budget. */
const LOOKED_UP: ReadonlySet<AuthFailure> = new Set<AuthFailure>(['unknown', 'revoked', 'mismatch']);

/**
 * Verifies the bearer key and attaches the principal. Keys in the query string are refused (and the
 * logger never records query values that look like keys). Unknown, revoked and rotated-away keys all
 * get the same answer, so responses reveal nothing about which keys exist. Each such refusal spends
 * the client address's failure budget; an address without budget gets 429 `too_many_invalid_keys`
 * instead of a lookup, unless this instance has already accepted the very key it sends (ADR 0062).
 * Returns `undefined` when the key was verified without I/O (a current cached entry), else a promise.
 */
export function authenticate(
  request: FastifyRequest,
  keys: KeyService,
  failures: AuthFailureBudget,
): Promise<void> | undefined {
  refuseKeyInQuery(request);
  const header = request.headers.authorization;
  const value = typeof header === 'string' ? header : undefined;
  let sync: AuthResult | undefined;
  try {
    sync = keys.authenticateSync(value);
  } catch (cause) {
    throw unavailable(cause);
  }
  if (sync !== undefined) {
    accept(request, sync, failures);
    return undefined;
  }
  const wait = failures.retryAfter(addressKey(request.ip));
  if (wait > 0 && keys.cachedPrincipal(value) === undefined) throw tooManyInvalidKeys(wait);
  return keys.authenticate(value).then(
    (result) => accept(request, result, failures),
    (cause: unknown) => {
      throw unavailable(cause);
    },
  );
}

/** Throws when the URL carries something that looks like an API key parameter. */
export function refuseKeyInQuery(request: FastifyRequest): void {
  // Only a URL with a query string can carry a key in it.
  if (!request.url.includes('?')) return;
  const query = request.query as Record<string, unknown> | undefined | null;
  if (query !== undefined && query !== null && hasKeyParam(query)) {
    throw invalidToken(
      'API keys are accepted only in the Authorization header, never in the URL. Treat a key that was sent in a URL as exposed and rotate it.',
      'key in query string',
    );
  }
}

function hasKeyParam(query: Record<string, unknown>): boolean {
  for (const p of KEY_QUERY_PARAMS) if (p in query) return true;
  return false;
}

/** Storage or Redis unreachable: a dependency fault, not the client's. */
function unavailable(cause: unknown): ProblemError {
  return new ProblemError(
    'service_unavailable',
    'Authentication is temporarily unavailable; please retry shortly.',
    {
      headers: { 'retry-after': '2' },
      cause,
    },
  );
}

function tooManyInvalidKeys(retryAfterSeconds: number): ProblemError {
  return new ProblemError(
    'too_many_invalid_keys',
    'Too many invalid API keys from this address. Check the key your client sends; retry after Retry-After seconds.',
    { headers: { 'retry-after': String(retryAfterSeconds) } },
  );
}

function accept(request: FastifyRequest, result: AuthResult, failures: AuthFailureBudget): void {
  if (result.ok) {
    request.principal = result.principal;
    return;
  }
  if (LOOKED_UP.has(result.reason)) {
    const address = addressKey(request.ip);
    const wait = failures.retryAfter(address);
    if (wait > 0) throw tooManyInvalidKeys(wait);
    failures.spend(address);
  }
  throw invalidToken(DETAILS[result.reason], result.reason === 'missing' ? 'missing key' : 'invalid key');
}
