import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../config/config.js';
import { createPlatform } from '../platform/create-platform.js';
import { buildApp } from './build-app.js';
import { depsFromPlatform } from './deps-from-platform.js';

/**
 * docs/openapi.json: the OpenAPI document the app serves, pretty-printed. Built on a throwaway embedded
 * platform in a temporary data directory (the document depends on the route schemas only).
 */
export async function renderOpenApi(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bw-openapi-'));
  try {
    const parsed = parseConfig(
      { BELLWETHER_DATA_DIR: dir, LOG_LEVEL: 'silent', BELLWETHER_ANALYSIS_THREADS: '0' },
      dir,
    );
    if (!parsed.ok) throw new Error(`renderOpenApi: ${parsed.errors.join('; ')}`);
    const platform = await createPlatform(parsed.config);
    try {
      const app = await buildApp(depsFromPlatform(platform, { level: 'silent' }));
      try {
        const res = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
        if (res.statusCode !== 200)
          throw new Error(`renderOpenApi: GET /api/v1/openapi.json ${res.statusCode}`);
        return `${JSON.stringify(res.json(), null, 2)}\n`;
      } finally {
        await app.close();
      }
    } finally {
      await platform.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
