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
    // Two test processes on the 2-core machine CI runs on (the default is one fewer than the cores: one, so
    // every file ran in turn and the suite took ~40 of CI's 52 minutes). Measured in ADR 0097's addendum.
    maxWorkers: 2,
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
