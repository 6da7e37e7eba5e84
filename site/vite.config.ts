import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { GENERATED_DIR } from "./generated-dir.ts";

const DEFAULT_GENERATED = fileURLToPath(new URL("./generated/", import.meta.url));

/** Points the app's imports of site/generated/ at the folder `lodge build` wrote this time. */
function generatedModules(): Plugin {
  return {
    name: "lodge:generated-modules",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (resolve(GENERATED_DIR) === resolve(DEFAULT_GENERATED)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.startsWith(DEFAULT_GENERATED)) return resolved;
      return {
        ...resolved,
        id: resolve(GENERATED_DIR, resolved.id.slice(DEFAULT_GENERATED.length)),
      };
    },
  };
}

export default defineConfig({
  plugins: [generatedModules(), reactRouter()],
  build: { reportCompressedSize: false },
});
