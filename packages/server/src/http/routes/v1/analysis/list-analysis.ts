import { Type } from '@sinclair/typebox';
import type { AnalysisJobStatus } from '../../../../db/records.js';
import type { ApiRouteDef } from '../../../api-route.js';
import type { AppDeps } from '../../../app-deps.js';
import { decodeCursor, encodeCursor } from '../../../page-cursor.js';
import { jobView } from './job-schema.js';

const STATUSES = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;

/** GET /analysis — the caller's jobs, newest first, without reports; cursor pagination. */
export function listAnalysisRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'GET',
    path: '/analysis',
    operationId: 'listAnalyses',
    entitlement: 'analysis',
    billable: false,
    summary: 'List your analysis jobs',
    description:
      'Newest first, reports omitted (poll a job for its report). Pass `next_cursor` back as `cursor` for the next page; it is null on the last page.',
    tags: ['analysis'],
    schema: {
      querystring: Type.Object(
        {
          status: Type.Optional(Type.Unsafe<AnalysisJobStatus>({ type: 'string', enum: [...STATUSES] })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
          cursor: Type.Optional(Type.String({ maxLength: 512 })),
        },
        { additionalProperties: false },
      ),
      response: {
        200: Type.Object({
          data: Type.Array(Type.Ref('AnalysisJob')),
          next_cursor: Type.Union([Type.String(), Type.Null()]),
        }),
      },
    },
    async handler(request) {
      const account = request.principal?.account.id as string;
      const q = request.query as { status?: AnalysisJobStatus; limit?: number; cursor?: string };
      const limit = q.limit ?? 20;
      const rows = await deps.storage.analysis.list(account, {
        limit: limit + 1,
        ...(q.status === undefined ? {} : { status: q.status }),
        ...(q.cursor === undefined ? {} : { after: decodeCursor(q.cursor) }),
      });
      const page = rows.slice(0, limit);
      const lastRow = page.at(-1);
      return {
        data: page.map((j) => jobView(j)),
        next_cursor: rows.length > limit && lastRow !== undefined ? encodeCursor(lastRow) : null,
      };
    },
  };
}
