import os from "node:os";
import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

// Unit tests beside modules; integration tests once per database driver (PGlite always, the Postgres
// server too when DATABASE_URL is set); browser tests against the built server in real Chromium.
const exclude = ["node_modules/**", "build/**", "public/build/**", "data/**"];
const integration = ["**/*.integration.test.ts"];
const load = ["**/*.load.test.ts"];
/**
 * NOTE: every test speaks from 127.0.0.1, so the public API rate limit would count a whole file's requests as one
 * client's; it is off in the suite, and the test of it (app/server/shared-hosts.integration.test.ts) sets its own.
 */
const SUITE_ENV = { RATE_LIMIT_PER_MINUTE: "0" };

const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true as const,
    test: {
      name: "unit",
      include: ["**/*.test.ts", "**/*.test.tsx"],
      exclude: [...exclude, ...integration, ...load, "**/*.browser.test.ts"],
      environment: "node",
    },
  },
  {
    extends: true as const,
    test: {
      name: "integration-pglite",
      include: integration,
      exclude,
      env: { ...SUITE_ENV, TEST_DB_DRIVER: "pglite" },
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  },
  ...(process.env.DATABASE_URL
    ? [
        {
          extends: true as const,
          test: {
            name: "integration-postgres",
            include: integration,
            exclude,
            env: { ...SUITE_ENV, TEST_DB_DRIVER: "postgres" },
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
      ]
    : []),
  {
    extends: true as const,
    test: {
      name: "browser",
      include: ["**/*.browser.test.ts"],
      env: SUITE_ENV,
      exclude,
      globalSetup: ["./app/testing/browser-global-setup.ts"],
      testTimeout: 60_000,
      hookTimeout: 300_000,
      fileParallelism: false,
    },
  },
  {
    // Latency under a flood is only meaningful on a machine doing nothing else: these files run after every other
    // project has finished, one at a time; each spawns the server on PGlite and, with DATABASE_URL, on PostgreSQL.
    extends: true as const,
    test: {
      name: "load",
      include: load,
      env: SUITE_ENV,
      exclude,
      testTimeout: 120_000,
      hookTimeout: 300_000,
      fileParallelism: false,
      sequence: { groupOrder: 1 },
    },
  },
];

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    projects,
    reporters: ["default", "./app/testing/summary-reporter.ts"],
    pool: "forks",
    // NOTE: vitest's default is one worker fewer than the cores, one file at a time on a 2-core machine; most
    // integration files wait on child processes and database servers, so two files at once use the cores.
    maxWorkers: Math.max(2, os.availableParallelism()),
    setupFiles: ["./app/testing/stall-watchdog-setup.ts"],
  },
});
