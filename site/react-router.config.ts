import type { Config } from "@react-router/dev/config";
import { sitePlan } from "./site-plan.ts";

const { paths } = await sitePlan();

export default {
  appDirectory: "app",
  // Static files only: every route is rendered to HTML at build time and hydrated in the browser.
  ssr: false,
  buildDirectory: process.env.LODGE_SITE_BUILD_DIR ?? "build",
  prerender: { paths, concurrency: 4 },
} satisfies Config;
