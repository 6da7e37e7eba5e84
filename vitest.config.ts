import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Run every test in a zone far from the sample lodge's America/New_York, so a rule that
    // silently uses the machine's zone instead of the lodge's fails here.
    env: { TZ: "Pacific/Auckland" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "core/**/*.test.ts",
            "cli/**/*.test.ts",
            "server/**/*.test.ts",
            "test/**/*.test.ts",
            "site/**/*.test.ts",
            "site/**/*.test.tsx",
            "bench/**/*.test.ts",
          ],
          exclude: ["test/site-*.test.ts"],
        },
      },
      {
        // Tests of the built site: the sample lodge is built once per run, before them.
        extends: true,
        test: {
          name: "site",
          include: ["test/site-*.test.ts"],
          globalSetup: ["test/support/site/build-once.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
