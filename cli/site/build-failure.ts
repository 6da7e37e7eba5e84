import { stripVTControlCharacters } from "node:util";

/**
 * Lines of React Router's and Vite's output that never say what went wrong: progress, sizes,
 * future-flag notices, stack frames, and the JavaScript of a thrown error's source line.
 */
const NOISE =
  /^(at |vite v|transforming|rendering chunks|computing|[✓✗⚠]|->|You can use|The `envFile`|Node\.js v|errors: |throw |\^|[{}]$|\(!\)|Use --|Build failed with|error during build|\[plugin |\/.*:\d+$|build\/|Prerender \((html|data)\): \/)/;

/** A line of a code frame drawn under an error ('╭─[ app/routes/x.tsx:2:8 ]', '2 │ import ...'). */
const FRAME = /^(\d+\s*)?[│╭╰─┬]/;

/** Where a code frame points: its file, line and column in the site's folder. */
const FRAME_PLACE = /^╭─\[ (\S+) \]$/;

const PAGE = /while prerendering the `([^`]*)` path/;

/** A thrown error's own line ('TypeError: x is undefined', 'Error: ...'). */
const THROWN = /^\w*Error\b/;

/** A message as the CLI prints it: no 'Error:' prefix, one full stop at the end. */
function sentence(text: string): string {
  const bare = text.replace(/^Error:\s*/, "").trim();
  return /[.!?]$/.test(bare) ? bare : `${bare}.`;
}

/**
 * The message for a failed site build, as one paragraph without colours: the page that failed
 * to render and why, or what failed and the file it names (under site/), in the build's own
 * words without its stack traces, code frames and progress lines.
 */
export function describeFailure(output: string): string {
  const lines = stripVTControlCharacters(output)
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");

  const pageAt = lines.findIndex((line) => PAGE.test(line));
  if (pageAt >= 0) {
    const page = (PAGE.exec(lines[pageAt] ?? "")?.[1] ?? "").replace(/(.)\/$/, "$1");
    const thrown = lines
      .slice(0, pageAt)
      .findLast((line) => THROWN.test(line) && !line.includes("Prerender ("));
    return `The page ${page} failed to render: ${sentence(thrown ?? "it threw an error")}`;
  }

  // React Router names each route it cannot prerender on a line of its own.
  const refused = lines
    .filter((line) => line.startsWith("Prerender: "))
    .map((line) => line.slice("Prerender: ".length).replace(/\.?\s*See https?:\S+.*$/, ""));
  if (refused.length > 0) return `The site failed to build: ${sentence(refused.join("; "))}`;

  const failedAt = lines.findLastIndex((line) => /^(✗ )?Build failed/.test(line));
  const told = lines.slice(Math.max(failedAt, 0)).filter((line) => !NOISE.test(line));
  const cause =
    told.find((line) => !FRAME.test(line)) ??
    lines.findLast((line) => THROWN.test(line)) ??
    lines.findLast((line) => !NOISE.test(line) && !FRAME.test(line)) ??
    "it printed nothing";
  const place = told.map((line) => FRAME_PLACE.exec(line)?.[1]).find(Boolean);
  const text = sentence(cause.replace(/^\[[A-Z_]+\]\s*/, ""));
  return `The site failed to build: ${place ? `${text.slice(0, -1)} (site/${place}).` : text}`;
}
