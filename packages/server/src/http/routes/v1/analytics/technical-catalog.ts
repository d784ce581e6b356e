import { createHash } from 'node:crypto';
import { describeCatalog } from '@bellwether/analytics';
import type { ApiRouteDef } from '../../../api-route.js';
import { snakeCaseKeys } from '../../../snake-case-keys.js';

/** GET /analytics/technical/catalog — every indicator and candlestick pattern the registry computes. */
export function technicalCatalogRoute(): ApiRouteDef {
  const entries = describeCatalog();
  const json = JSON.stringify({ count: entries.length, indicators: snakeCaseKeys(entries) });
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  return {
    method: 'GET',
    path: '/analytics/technical/catalog',
    operationId: 'getTechnicalCatalog',
    entitlement: 'technical',
    billable: true,
    summary: 'Machine-readable indicator catalogue',
    description:
      'Code, name, group, aliases, inputs, parameters (type, default, range or values), outputs, constraints between parameters (`fast_period < slow_period`: a swapped pair is a 422), lookback at the defaults, formula variant and references of every indicator /analytics/technical accepts.',
    tags: ['analytics'],
    schema: {
      response: {
        200: {
          type: 'object',
          properties: {
            count: { type: 'integer' },
            indicators: { type: 'array', items: { type: 'object', additionalProperties: true } },
          },
        },
      },
    },
    handler(request, reply) {
      reply.header('etag', etag).header('cache-control', 'private, max-age=3600');
      if (request.headers['if-none-match'] === etag) {
        reply.code(304).send();
        return undefined;
      }
      reply.type('application/json; charset=utf-8').send(json);
      return undefined;
    },
  };
}
