/**
 * `npm run docs`: writes the references made from the code, so they cannot drift from it:
 * docs/commands.md from the commands' definitions, docs/content.md from the content schemas,
 * and the header comment of events.yaml (the sample's and the starter's) from the event schema.
 * A test (docs.test.ts) fails when a file differs from what this would write.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { commandsReference } from "./commands.ts";
import { contentReference } from "./content.ts";
import { eventsHeader, withHeader } from "./events-header.ts";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** What to run when a written file is out of date. */
export const REGENERATE = "npm run docs";

/** Every file `npm run docs` writes, relative to the project's folder, and its text. */
export function generatedDocs(
  root = ROOT,
  made: { commands?: string; content?: string; eventsHeader?: string } = {},
): { path: string; text: string }[] {
  const current = (path: string) =>
    existsSync(join(root, path)) ? readFileSync(join(root, path), "utf8") : "";
  const header = made.eventsHeader ?? eventsHeader();
  return [
    { path: "docs/commands.md", text: made.commands ?? commandsReference() },
    { path: "docs/content.md", text: made.content ?? contentReference() },
    ...["data/events.yaml", "templates/starter/events.yaml"].map((path) => ({
      path,
      text: withHeader(current(path), header),
    })),
  ];
}

/** The generated files whose text on disk is not what the code would write. */
export function staleDocs(root = ROOT, generated = generatedDocs(root)): string[] {
  return generated
    .filter(({ path, text }) => {
      const file = join(root, path);
      return !existsSync(file) || readFileSync(file, "utf8") !== text;
    })
    .map(({ path }) => path);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const stale = staleDocs();
  for (const { path, text } of generatedDocs()) {
    if (stale.includes(path)) writeFileSync(join(ROOT, path), text);
  }
  console.log(
    stale.length === 0
      ? "The references are up to date."
      : `Wrote ${stale.join(", ")} from the code.`,
  );
}
