import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GENERATED_TYPES, generateOpenApiTypes } from './openapi-types.js';

writeFileSync(GENERATED_TYPES, await generateOpenApiTypes());
process.stdout.write(`wrote ${fileURLToPath(GENERATED_TYPES)}\n`);
