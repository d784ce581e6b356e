import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';

const schema = JSON.parse(
  readFileSync(new URL('../../../../docs/analysis/report.schema.json', import.meta.url), 'utf8'),
) as object;

/** The committed report schema (docs/analysis/report.schema.json), compiled once. */
export const validateReport = new Ajv({ allErrors: true, strict: false }).compile(schema);
