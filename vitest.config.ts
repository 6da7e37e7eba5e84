import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["core/**/*.test.ts", "cli/**/*.test.ts", "server/**/*.test.ts", "test/**/*.test.ts"],
    // Run every test in a zone far from the sample lodge's America/New_York, so a rule that
    // silently uses the machine's zone instead of the lodge's fails here.
    env: { TZ: "Pacific/Auckland" },
  },
});
