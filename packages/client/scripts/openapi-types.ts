/**
 * The client's types come from the server's committed OpenAPI document (docs/openapi.json), through
 * openapi-typescript; `npm run generate` rewrites src/openapi.gen.ts and a test proves the committed file
 * is what this produces.
 */
import { readFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';

export const OPENAPI_DOCUMENT = new URL('../../../docs/openapi.json', import.meta.url);
export const GENERATED_TYPES = new URL('../src/openapi.gen.ts', import.meta.url);

const HEADER = `// Generated from docs/openapi.json by packages/client/scripts/openapi-types.ts (npm run generate).
// Do not edit by hand.
`;

export async function generateOpenApiTypes(): Promise<string> {
  const document = JSON.parse(readFileSync(OPENAPI_DOCUMENT, 'utf8')) as Parameters<typeof openapiTS>[0];
  const ast = await openapiTS(document, {
    exportType: true,
    alphabetize: true,
  });
  return HEADER + astToString(ast);
}
