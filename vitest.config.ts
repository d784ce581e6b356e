import { defineConfig } from 'vitest/config';

/** The analytics package: pure functions, no I/O, environment or module state (docs/adr/0097). */
const ANALYTICS = ['packages/analytics/src/**/*.test.ts', 'packages/analytics/test/**/*.test.ts'];

export default defineConfig({
  resolve: { conditions: ['development'] },
  ssr: { resolve: { conditions: ['development'] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        // Its files share one process and one module graph instead of each loading the engine again in a
        // fresh process (ADR 0097).
        extends: true,
        test: { name: 'analytics', include: ANALYTICS, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'services',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...ANALYTICS],
        },
      },
    ],
  },
});
