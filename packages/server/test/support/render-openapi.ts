import { Deployment } from './harness.js';

/** The OpenAPI document the app serves, pretty-printed (built on a throwaway embedded deployment). */
export async function renderOpenApi(): Promise<string> {
  const deployment = await Deployment.create('embedded', { logLevel: 'silent' });
  const server = await deployment.start();
  try {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    return `${JSON.stringify(res.json(), null, 2)}\n`;
  } finally {
    await server.close();
    await deployment.destroy();
  }
}
