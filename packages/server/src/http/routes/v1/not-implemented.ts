import { Type } from '@sinclair/typebox';
import type { Entitlement } from '../../../platform/plans/entitlements.js';
import type { ApiRouteDef, HttpMethod } from '../../api-route.js';
import { ProblemError } from '../../errors/problem-error.js';

interface Planned {
  readonly method: HttpMethod;
  readonly path: string;
  readonly entitlement: Entitlement;
  readonly billable: boolean;
  readonly summary: string;
  readonly tags: readonly string[];
}

/**
 * Contract routes whose engines land in later releases. They already sit behind auth, entitlements
 * and limits, so the plan matrix is testable now, and answer 501 (never billed).
 */
const PLANNED: readonly Planned[] = [
  {
    method: 'GET',
    path: '/hedge-fund',
    entitlement: 'institutional_feed',
    billable: true,
    summary: 'Institutional data feed (bulk, point-in-time)',
    tags: ['institutional'],
  },
];

export function plannedRoutes(): ApiRouteDef[] {
  return PLANNED.map((p) => ({
    ...p,
    description:
      'Not available in this release: answers 501 not_implemented after authentication, entitlement and limits.',
    schema: p.path.includes(':job_id')
      ? { params: Type.Object({ job_id: Type.String({ maxLength: 64 }) }) }
      : {},
    async handler() {
      throw new ProblemError(
        'not_implemented',
        `${p.method} /api/v1${p.path} is part of the API contract but not available in this release yet.`,
      );
    },
  }));
}
