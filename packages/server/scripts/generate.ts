/**
 * Regenerates committed artefacts: docs/errors.md (from the error catalogue), docs/openapi.json
 * (from the route schemas) and docs/asyncapi.json (from the event catalogue). `npm run generate`; a test fails when they are out of date.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderAsyncApi, renderErrorsMarkdown, renderOpenApi } from '@bellwether/server/http';

const root = fileURLToPath(new URL('../../../', import.meta.url));
writeFileSync(`${root}docs/errors.md`, renderErrorsMarkdown());
writeFileSync(`${root}docs/openapi.json`, await renderOpenApi());
writeFileSync(`${root}docs/asyncapi.json`, renderAsyncApi());
process.stdout.write('wrote docs/errors.md, docs/openapi.json and docs/asyncapi.json\n');
