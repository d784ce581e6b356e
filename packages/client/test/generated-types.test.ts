import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { GENERATED_TYPES, generateOpenApiTypes } from '../scripts/openapi-types.js';
import type { Bellwether, BellwetherProblem, ProblemCode, ResponseOf } from '../src/index.js';

describe('types generated from the OpenAPI document', () => {
  it('the committed src/openapi.gen.ts is what docs/openapi.json generates (run `npm run generate`)', async () => {
    expect(readFileSync(GENERATED_TYPES, 'utf8')).toBe(await generateOpenApiTypes());
  });

  it('type the public API from the document (checked by the type check)', () => {
    expectTypeOf<ResponseOf<'/api/v1/session'>>()
      .toHaveProperty('next_publication_at')
      .toEqualTypeOf<string>();
    expectTypeOf<ResponseOf<'/api/v1/account'>['limits']['quota']['used']>().toEqualTypeOf<number>();
    expectTypeOf<Awaited<ReturnType<Bellwether['cards']['list']>>>().toHaveProperty('cards');
    expectTypeOf<Awaited<ReturnType<Bellwether['cards']['performance']>>>().toHaveProperty('calibration');
    type Card = Awaited<ReturnType<Bellwether['cards']['list']>>['cards'][number];
    expectTypeOf<Card['direction']>().toEqualTypeOf<'long' | 'short'>();
    expectTypeOf<Card['conviction']['label']>().toEqualTypeOf<'low' | 'medium' | 'high'>();
    expectTypeOf<Card['entry_zone']['low']>().toEqualTypeOf<number>();
    type Version = NonNullable<ResponseOf<'/api/v1/hedge-fund'>['data']>[number];
    expectTypeOf<Version['seq']>().toEqualTypeOf<number>();
    expectTypeOf<Parameters<Bellwether['cards']['list']>[0]>().toMatchTypeOf<
      { direction?: 'long' | 'short'; min_conviction?: number } | undefined
    >();
    expectTypeOf<BellwetherProblem['code']>().toEqualTypeOf<ProblemCode>();
    expectTypeOf<'rate_limited'>().toMatchTypeOf<ProblemCode>();
    // @ts-expect-error a code outside the closed catalogue is not a ProblemCode
    expectTypeOf<'teapot'>().toMatchTypeOf<ProblemCode>();
  });
});
