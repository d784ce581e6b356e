/**
 * Writes docs/analytics/references.md from the reference map (test/support/reference-map.ts):
 *   node --conditions=development --import tsx packages/analytics/test/support/generate-references-doc.ts
 * test/indicators/ref-coverage.test.ts fails while the committed page differs from this rendering.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPO_ROOT } from '@bellwether/fixtures';
import { CATALOG } from '../../src/registry/catalog.js';
import { renderReferencesDoc } from './reference-checks.js';

const REFERENCES_DOC = resolve(REPO_ROOT, 'docs/analytics/references.md');

writeFileSync(REFERENCES_DOC, renderReferencesDoc(CATALOG));
