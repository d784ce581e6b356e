/**
 * Regenerates committed artefacts: docs/errors.md (from the error catalogue) and docs/openapi.json
 * (from the route schemas). `npm run generate`; a test fails when they are out of date.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderErrorsMarkdown, renderOpenApi } from '@bellwether/server/http';

const root = fileURLToPath(new URL('../../../', import.meta.url));
writeFileSync(`${root}docs/errors.md`, renderErrorsMarkdown());
writeFileSync(`${root}docs/openapi.json`, await renderOpenApi());
process.stdout.write('wrote docs/errors.md and docs/openapi.json\n');
