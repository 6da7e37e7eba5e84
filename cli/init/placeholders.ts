import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import matter from "gray-matter";
import type { Lodge, LodgeData } from "../../core/schemas/index.ts";
import { shownPath } from "../context.ts";
import { locate } from "../load/check.ts";
import { type Sources, sourceOf } from "../load/files.ts";
import { type Problem, WHOLE_FILE } from "../load/problems.ts";

/**
 * What `lodge init` puts in a new lodge for the webmaster to replace, and how each is told from
 * the lodge's own: the address nobody gave, the pages whose text tells what to write, and the
 * documents it draws so that the site's links work. `lodge validate` warns of each; `lodge build`
 * refuses them unless --draft, so no placeholder goes live.
 */

/** The address lodge.yaml holds until the lodge's is given (`lodge init --address`). */
export const PLACEHOLDER_ADDRESS: Lodge["address"] = {
  venue: "Masonic Temple",
  street: "1 Main Street",
  city: "Springfield",
  state: "OH",
  zip: "45501",
  mapLink: "https://maps.google.com/?q=1+Main+Street,+Springfield,+OH+45501",
  mapEmbed: "",
};

/** The starter's pages whose text says what to write in them, not what the lodge is. */
const PLACEHOLDER_PAGES = ["about-us", "brotherhood-night-history"] as const;

/** The line `lodge init` draws in each document it makes (the petition, the first bulletin). */
export const PLACEHOLDER_DOCUMENT =
  "Placeholder drawn by lodge init: replace this file with the lodge's own.";

const STARTER_PAGES = fileURLToPath(new URL("../../templates/starter/pages/", import.meta.url));

/** A page's text without its front matter, as the words it says. */
const bodyOf = (text: string) => matter(text).content.replace(/\s+/g, " ").trim();

/** Whether the address is the starter's, not the lodge's. */
function isPlaceholderAddress(address: Lodge["address"]): boolean {
  const { venue, street, city, zip } = PLACEHOLDER_ADDRESS;
  return (
    address.venue === venue &&
    address.street === street &&
    address.city === city &&
    address.zip === zip
  );
}

/** PDFs small enough to be drawn ones, under `dir`. */
function smallPdfs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith(".pdf"))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => statSync(file).size < 16_384)
    .sort();
}

/** Every placeholder `lodge init` put in and the lodge still holds, as a warning where it is. */
export function checkPlaceholders(
  dir: string,
  data: LodgeData,
  sources: Sources,
  cwd: string,
): Problem[] {
  const problems: Problem[] = [];
  if (isPlaceholderAddress(data.lodge.address)) {
    const { source, name } = sourceOf(sources, "lodge");
    if (source) {
      problems.push({
        severity: "warning",
        placeholder: `the address in ${source.file}`,
        ...locate(source, name, ["address"]),
        message: `still the starter's "${PLACEHOLDER_ADDRESS.street}, ${PLACEHOLDER_ADDRESS.city}": give the lodge's meeting place (lodge init --address asks for it)`,
      });
    }
  }
  for (const slug of PLACEHOLDER_PAGES) {
    const source = sources.pages[slug];
    const page = join(dir, "pages", `${slug}.md`);
    const starter = join(STARTER_PAGES, `${slug}.md`);
    if (!source || !existsSync(page) || !existsSync(starter)) continue;
    if (bodyOf(readFileSync(page, "utf8")) !== bodyOf(readFileSync(starter, "utf8"))) continue;
    problems.push({
      severity: "warning",
      placeholder: `the text of ${source.file}`,
      file: source.file,
      ...WHOLE_FILE,
      message: "still the starter's text, which says what to write here: write the lodge's own",
    });
  }
  for (const file of smallPdfs(dir)) {
    if (!readFileSync(file, "latin1").includes(PLACEHOLDER_DOCUMENT)) continue;
    const shown = shownPath(cwd, file);
    problems.push({
      severity: "warning",
      placeholder: shown,
      file: shown,
      ...WHOLE_FILE,
      message: `a placeholder lodge init drew: put the lodge's own ${relative(dir, file).startsWith("bulletins") ? "bulletin" : "document"} in its place, under the same name`,
    });
  }
  return problems;
}
