import type { FastifyRequest } from 'fastify';
import { isOpaqueId } from '../db/ids.js';
import type { AppDeps } from '../http/app-deps.js';
import { isUnstorable } from '../http/storable-text.js';
import { ProblemError } from '../problems/problem-error.js';

/** C0 controls and DEL: never part of a key name or an email. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/** A key's display name from a JSON body: a string of 1–64 characters without control characters. */
export function keyName(body: unknown): string {
  const raw = body !== null && typeof body === 'object' ? (body as { name?: unknown }).name : undefined;
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (name === '' || name.length > 64 || CONTROL_CHARS.test(name) || isUnstorable(name))
    throw new ProblemError('validation_failed', 'Name the key (1–64 characters, no control characters).', {
      extras: {
        errors: [
          { pointer: '/body/name', detail: 'must be a string of 1–64 characters, no control characters' },
        ],
      },
    });
  return name;
}

/** The `:id` path parameter; an id this service could not have issued is "not found" before any lookup. */
export function idParam(request: FastifyRequest, what: string): string {
  const id = (request.params as { id: string }).id;
  if (!isOpaqueId(id)) throw new ProblemError('not_found', `No such ${what}.`);
  return id;
}

/** The account, its plan and the plan's limits with the account's overrides (plan and limits absent without a plan). */
export async function accountPlan(deps: AppDeps, account_id: string) {
  const account = await deps.storage.accounts.get(account_id);
  const plan = account?.plan_id == null ? undefined : deps.plans.get(account.plan_id);
  const limits =
    plan === undefined || account === undefined
      ? undefined
      : deps.plans.effectiveLimits(plan, account.overrides);
  return { account, plan, limits };
}
