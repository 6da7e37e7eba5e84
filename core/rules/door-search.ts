/**
 * How the door page finds a brother or a visitor by what the Tyler types: apart from the door's
 * date rules (door.ts), so the page loads no more script than it needs.
 */

/** Text as a search compares it: accents, case and spacing ignored ('Dupré ' finds 'dupre'). */
export function folded(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLocaleLowerCase("en")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Whether a brother (his name and number) is found by what was typed: every word typed begins a
 * word of his name, or the text typed begins his number. An empty search finds everyone.
 */
export function findsBrother(typed: string, brother: { name: string; number?: string }): boolean {
  const words = folded(typed).split(" ").filter(Boolean);
  if (words.length === 0) return true;
  if (brother.number && words.length === 1 && brother.number.startsWith(words[0] ?? "")) {
    return true;
  }
  const his = folded(brother.name).split(/[\s'-]+/);
  return words.every((word) => his.some((part) => part.startsWith(word)));
}
