import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAsyncApi, renderErrorsMarkdown } from '../../src/http/docs-artifacts.js';
import { renderOpenApi } from '../../src/http/render-openapi.js';
import { ERROR_CATALOG, ERROR_CODES } from '../../src/problems/catalog.js';
import { Deployment, type Instance } from '../support/harness.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

describe('error catalogue, OpenAPI document and docs/errors.md stay in step', () => {
  let deployment: Deployment;
  let server: Instance;

  beforeAll(async () => {
    deployment = await Deployment.create('embedded');
    server = await deployment.start();
  });
  afterAll(async () => {
    await server.close();
    await deployment.destroy();
  });

  it('docs/errors.md is what the catalogue generates (run `npm run generate` after changing codes)', () => {
    expect(readFileSync(`${ROOT}docs/errors.md`, 'utf8')).toBe(renderErrorsMarkdown());
    const documented = [
      ...readFileSync(`${ROOT}docs/errors.md`, 'utf8').matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm),
    ].map((m) => [m[1], Number(m[2])]);
    expect(documented).toEqual(ERROR_CODES.map((c) => [c, ERROR_CATALOG[c].status]));
  });

  it('docs/openapi.json is what the route schemas generate', async () => {
    expect(readFileSync(`${ROOT}docs/openapi.json`, 'utf8')).toBe(await renderOpenApi());
  });

  it('docs/asyncapi.json is what the event catalogue generates, and the OpenAPI document lists the same webhooks', async () => {
    const committed = readFileSync(`${ROOT}docs/asyncapi.json`, 'utf8');
    expect(committed).toBe(renderAsyncApi());
    const asyncapi = JSON.parse(committed) as {
      asyncapi: string;
      components: {
        messages: Record<string, { name: string; payload: { properties: { type: { const: string } } } }>;
      };
    };
    expect(asyncapi.asyncapi).toBe('3.0.0');
    // Valid by the AsyncAPI Initiative's own JSON schema for 3.0.0 (@asyncapi/specs).
    const official = JSON.parse(
      readFileSync(
        createRequire(import.meta.url).resolve('@asyncapi/specs/schemas/3.0.0-without-$id.json'),
        'utf8',
      ),
    ) as object;
    const validate = new Ajv({ allErrors: true, strict: false, validateFormats: false }).compile(official);
    validate(asyncapi);
    expect(validate.errors ?? []).toEqual([]);
    const spec = (await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      webhooks: Record<string, unknown>;
    };
    const names = Object.values(asyncapi.components.messages).map((m) => m.name);
    expect(Object.keys(spec.webhooks).sort()).toEqual([...names].sort());
    expect(names).toEqual(
      expect.arrayContaining([
        'cards.published',
        'card.outcome',
        'analysis.succeeded',
        'analysis.failed',
        'key.rotated',
        'key.revoked',
        'quota.warning',
        'data.stale',
      ]),
    );
    for (const m of Object.values(asyncapi.components.messages))
      expect(m.payload.properties.type.const).toBe(m.name);
  });

  it('the OpenAPI Problem schema enumerates exactly the catalogue codes, and every route documents problem answers', async () => {
    const spec = (await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(spec.openapi).toBe('3.1.0');
    const problem = spec.components.schemas.Problem;
    const codes = problem.properties.code.anyOf.map(
      (s: { const?: string; enum?: string[] }) => s.const ?? s.enum?.[0],
    );
    expect(codes).toEqual(ERROR_CODES);
    for (const [path, ops] of Object.entries(
      spec.paths as Record<
        string,
        Record<string, { responses: Record<string, unknown>; security?: unknown }>
      >,
    )) {
      for (const [method, op] of Object.entries(ops)) {
        expect(Object.keys(op.responses), `${method} ${path}`).toEqual(
          expect.arrayContaining(['4XX', '5XX']),
        );
        expect(op.security, `${method} ${path}`).toEqual([{ bearer: [] }]);
      }
    }
  });

  it('every problem type URI resolves to a page served by the API', async () => {
    for (const code of ERROR_CODES) {
      const res = await server.app.inject({ method: 'GET', url: `/docs/errors/${code}` });
      expect(res.statusCode, code).toBe(200);
      expect(res.body).toContain(ERROR_CATALOG[code].title.replace(/'/g, '&#39;'));
    }
    expect((await server.app.inject({ method: 'GET', url: '/docs/errors/no_such_code' })).statusCode).toBe(
      404,
    );
  });

  it('serves the interactive reference at /docs from bundled assets (no CDN)', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/swagger/i);
    expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg|jsdelivr)/);
    const asset = await server.app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' });
    expect(asset.statusCode).toBe(200);
  });
});
