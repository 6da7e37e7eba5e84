import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/site-map.ts";
import { importGenerated } from "./generated-dir.ts";

const { lodge } = await importGenerated<typeof import("./generated/lodge.ts")>("lodge.ts");
const { albums } = await importGenerated<typeof import("./generated/albums.ts")>("albums.ts");

export default {
  appDirectory: "app",
  // Static files only: every route is rendered to HTML at build time and hydrated in the browser.
  ssr: false,
  buildDirectory: process.env.LODGE_SITE_BUILD_DIR ?? "build",
  prerender: { paths: prerenderPaths(lodge, albums), concurrency: 4 },
} satisfies Config;
