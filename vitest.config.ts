import { defineConfig } from 'vitest/config';
import { webProjects } from './apps/web/vitest.projects.ts';

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
          // The API files share a worker's loaded modules instead of importing the whole server
          // afresh for each file: importing was 215 of the 579 s these files took (2 cores,
          // 2026-11-28), and 20 s without it. They can: each builds its own app on its own
          // database, none mocks a module or changes the environment, and the little module state
          // there is (the password-hash cost, caches of word lists and fonts) is set by each app
          // or is the same for all. The run passes with its files in a shuffled order too.
          isolate: false,
        },
      },
      ...webProjects,
    ],
  },
});
