/** Small pieces of Markdown as GitHub renders it, for the references `npm run docs` writes. */

/** A web address in running text, up to the punctuation that ends its sentence. */
const ADDRESS = /\bhttps?:\/\/[^\s'"]*[^\s'".,;:)]/g;

/**
 * Text for a Markdown paragraph or table cell: '<' and '>' outside code spans would be read as
 * HTML, '|' would end a table's cell, and a web address is shown as code, not as a bare link.
 */
export function inline(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, index) =>
      index % 2 === 1
        ? part.replaceAll("|", "\\|")
        : part
            .replaceAll("<", "&lt;")
            .replaceAll(">", "&gt;")
            .replaceAll("|", "\\|")
            .replace(
              ADDRESS,
              (address) => `\`${address.replaceAll("&lt;", "<").replaceAll("&gt;", ">")}\``,
            ),
    )
    .join("");
}

/** Text as a code span; a '|' in it is escaped, as a table's cell needs. */
export const code = (text: string): string => {
  const escaped = text.replaceAll("|", "\\|");
  return text.includes("`") ? `\`\` ${escaped} \`\`` : `\`${escaped}\``;
};

export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

export const fence = (language: string, text: string): string =>
  `\`\`\`${language}\n${text}\n\`\`\``;

/**
 * The anchor GitHub gives a heading: lowercase, punctuation dropped but hyphens and
 * underscores, each space a hyphen ('RSVPs and the caterer's sheet' -> 'rsvps-and-the-caterers-sheet').
 */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a Markdown file's headings, a repeated one numbered as GitHub numbers it. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const base = anchorOf(heading[1]);
    const times = seen.get(base) ?? 0;
    seen.set(base, times + 1);
    anchors.add(times === 0 ? base : `${base}-${times}`);
  }
  return anchors;
}

/** A sentence as a reference starts one: a capital first letter and a full stop. */
export function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?)]$/.test(capital) ? capital : `${capital}.`;
}
