import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest runs cores − 1 files at once: one at a time on a two-core machine, where a test file is
// mostly one thread (the app and PGlite, or the app waiting for PostgreSQL) and the other core sat
// idle. The server files take two at a time there (they share nothing but the run's templates).
const serverWorkers = Math.max(2, os.availableParallelism() - 1);

// Unit tests (shared, web logic) and server integration tests (real HTTP app on a real database).
export default defineConfig({
  test: {
    // for every project (a per-project value made Vitest refuse the run: projects with different
    // maxWorkers need their own sequence.groupOrder); the browser tests stay one file at a time
    maxWorkers: serverWorkers,
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 180_000, // the seed tests load the whole demo in beforeAll
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          root: './apps/web',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['./e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // expect.poll waits for the screen to reach the exact state asserted. Vitest's default of 1 s
          // is shorter than a debounced search plus its request on a loaded two-core host (CI failed on
          // «1–1 de 1» after a search that then arrived); 10 s stays within the page's own patience for
          // a click (15 s) and only delays a test that fails anyway.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          pool: 'forks',
          // one browser at a time: two cores
          fileParallelism: false,
        },
      },
    ],
  },
});
