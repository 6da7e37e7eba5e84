import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * Where the site reads its data modules from: site/generated/ unless `lodge build` names another
 * folder (a build from another data folder, or a test), so a build never reads stale modules.
 */
export const GENERATED_DIR =
  process.env.LODGE_GENERATED_DIR ?? fileURLToPath(new URL("./generated/", import.meta.url));

/** Imports one generated module at build time (route config and prerender list). */
export async function importGenerated<T>(file: string): Promise<T> {
  return (await import(/* @vite-ignore */ pathToFileURL(join(GENERATED_DIR, file)).href)) as T;
}
