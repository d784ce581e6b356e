import { asyncApiDocument } from '../events/event-documents.js';
import { ERROR_CATALOG, ERROR_CODES } from '../problems/catalog.js';
import { VERSION } from '../version.js';

/** docs/errors.md, generated from the error catalogue (a test keeps the committed file in step). */
export function renderErrorsMarkdown(): string {
  const lines = [
    '# Error codes',
    '',
    '<!-- Generated from packages/server/src/problems/catalog.ts by `npm run generate`; do not edit. -->',
    '',
    'Every error is `application/problem+json` (RFC 9457) with `type` (`/docs/errors/<code>`, served by the API),',
    '`title`, `status`, `detail`, `instance`, `code` and `request_id`; some add `errors[]` (JSON pointers),',
    '`required_plan`, `violated_policies` or `suggestion`.',
    '',
    '| code | status | title | meaning |',
    '|---|---|---|---|',
    ...ERROR_CODES.map(
      (c) =>
        `| \`${c}\` | ${ERROR_CATALOG[c].status} | ${ERROR_CATALOG[c].title} | ${ERROR_CATALOG[c].description} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

/** docs/asyncapi.json, generated from the event catalogue (a test keeps the committed file in step). */
export function renderAsyncApi(): string {
  return `${JSON.stringify(asyncApiDocument(VERSION), null, 2)}\n`;
}
