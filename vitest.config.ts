import { defineConfig } from 'vitest/config';

// Unit tests (shared, web logic) and server integration tests (real HTTP app on a real database).
export default defineConfig({
  test: {
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
          pool: 'forks',
          // one browser at a time: two cores
          fileParallelism: false,
        },
      },
    ],
  },
});
