import { defineConfig } from 'vitest/config';

// Two cores on the CI machines: two workers, forks so native pty handles stay isolated.
export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    globalSetup: ['test/setup/ink-patch.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // CI sets CI=true, and Ink (is-in-ci, read when Ink loads) then draws nothing until exit and
    // skips synchronized output. In-process view tests must see the terminal path a user sees,
    // locally and in CI alike; '0' reads as "not CI". Terminal tests also strip it for children.
    env: { FORCE_COLOR: '0', CI: '0', CONTINUOUS_INTEGRATION: '0' },
  },
});
