/**
 * Every operation of the OpenAPI document states the shape of its success answer: clients and the
 * generated SDK type their results from it, and the answer is serialised through it (DESIGN §7).
 * `/analytics/risk` had only its error answers documented.
 */
import { describe, expect, it } from 'vitest';
import { renderOpenApi } from '../../src/http/index.js';

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

describe('OpenAPI success answers', () => {
  it('documents a 2xx answer with a schema for every operation', async () => {
    const spec = JSON.parse(await renderOpenApi()) as { paths: Record<string, Record<string, Operation>> };
    const missing: string[] = [];
    let operations = 0;
    for (const [path, ops] of Object.entries(spec.paths))
      for (const [method, op] of Object.entries(ops)) {
        operations++;
        const documented = Object.entries(op.responses ?? {}).some(
          ([status, r]) =>
            status.startsWith('2') && Object.values(r.content ?? {}).some((c) => c.schema !== undefined),
        );
        if (!documented) missing.push(`${method.toUpperCase()} ${path}`);
      }
    expect(operations).toBeGreaterThan(15);
    expect(missing).toEqual([]);
  });
});
