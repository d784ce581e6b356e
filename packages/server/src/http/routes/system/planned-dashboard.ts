import type { FastifyInstance } from 'fastify';
import { ProblemError } from '../../errors/problem-error.js';

/**
 * The web dashboard (`/dashboard`, `/dashboard/api-keys`, report viewer) is part of the contract but not
 * built yet. Like the other planned routes it answers 501 not_implemented, not 404, so a user can tell a
 * missing feature from a mistyped URL; until it lands, keys are managed with the CLI.
 */
export function registerPlannedDashboard(app: FastifyInstance): void {
  const handler = async () => {
    throw new ProblemError(
      'not_implemented',
      'The web dashboard is part of the contract but not available in this release yet. Manage API keys with `npx bellwether keys create|list|rotate|revoke`.',
    );
  };
  app.get('/dashboard', { schema: { hide: true } }, handler);
  app.get('/dashboard/*', { schema: { hide: true } }, handler);
}
