import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default keeps one core for itself, so a 2-core machine ran one file at a time. API
    // files spend much of their time waiting on the databases, Redis and spawned servers, so two
    // files at once overlap those waits: on 2 cores the run took 11.3 minutes instead of 16.5.
    // Every test file has its own database (a SQLite file, a PostgreSQL schema); two files at
    // once peaked at 42 PostgreSQL connections of the 100 a default server allows, which is why
    // the count is fixed rather than one per core.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
