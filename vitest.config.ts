import { defineConfig } from 'vitest/config';

// Two cores on the CI machines: two workers, forks so native pty handles stay isolated.
export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // CI sets CI=true; Ink then draws nothing until exit. Terminal tests strip it for the child.
    env: { FORCE_COLOR: '0' },
  },
});
