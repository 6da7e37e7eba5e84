/**
 * A small subset of Mustache, enough for mail: {{name}} and {{a.b}} insert a value (escaped for
 * HTML templates), {{#name}}...{{/name}} repeats for each item of a list or shows once when the
 * value is truthy, {{^name}}...{{/name}} shows when it is falsy or an empty list. A tag alone on
 * its line takes the line with it. A name with no value is an error, so a template and the code
 * that fills it cannot drift apart unnoticed.
 */

type Node =
  | { type: "text"; text: string }
  | { type: "value"; name: string }
  | { type: "section"; name: string; inverted: boolean; children: Node[] };

const TAG = /\{\{\s*([#^/]?)\s*([\w.]+)\s*\}\}/g;
const STANDALONE = /^[ \t]*(\{\{\s*[#^/]\s*[\w.]+\s*\}\})[ \t]*\r?\n/gm;

export function parseTemplate(source: string, name: string): Node[] {
  const text = source.replace(STANDALONE, "$1");
  const root: Node[] = [];
  const stack: { name: string; children: Node[] }[] = [{ name: "", children: root }];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [tag, sigil, key] = match as unknown as [string, string, string];
    const top = stack.at(-1) as { name: string; children: Node[] };
    if (match.index > last)
      top.children.push({ type: "text", text: text.slice(last, match.index) });
    last = match.index + tag.length;
    if (sigil === "") {
      top.children.push({ type: "value", name: key });
    } else if (sigil === "/") {
      if (stack.length === 1 || top.name !== key) {
        throw new Error(`${name}: {{/${key}}} closes no open {{#${key}}}`);
      }
      stack.pop();
    } else {
      const section: Node = { type: "section", name: key, inverted: sigil === "^", children: [] };
      top.children.push(section);
      stack.push({ name: key, children: section.children });
    }
  }
  if (stack.length > 1) throw new Error(`${name}: {{#${stack.at(-1)?.name}}} is never closed`);
  if (last < text.length) root.push({ type: "text", text: text.slice(last) });
  return root;
}

function lookup(contexts: readonly unknown[], path: string, template: string): unknown {
  const [head, ...rest] = path.split(".");
  for (let i = contexts.length - 1; i >= 0; i--) {
    const context = contexts[i];
    if (context !== null && typeof context === "object" && head !== undefined && head in context) {
      let value: unknown = (context as Record<string, unknown>)[head];
      for (const key of rest) value = (value as Record<string, unknown> | undefined)?.[key];
      return value;
    }
  }
  throw new Error(`${template}: no value for {{${path}}}`);
}

function renderNodes(
  nodes: readonly Node[],
  contexts: readonly unknown[],
  escapeValue: (text: string) => string,
  template: string,
): string {
  let out = "";
  for (const node of nodes) {
    if (node.type === "text") {
      out += node.text;
    } else if (node.type === "value") {
      const value = lookup(contexts, node.name, template);
      if (typeof value !== "string" && typeof value !== "number") {
        throw new Error(`${template}: {{${node.name}}} is not text but ${typeof value}`);
      }
      out += escapeValue(String(value));
    } else {
      const value = lookup(contexts, node.name, template);
      const empty = !value || (Array.isArray(value) && value.length === 0);
      if (node.inverted) {
        if (empty) out += renderNodes(node.children, contexts, escapeValue, template);
      } else if (Array.isArray(value)) {
        for (const item of value) {
          out += renderNodes(node.children, [...contexts, item], escapeValue, template);
        }
      } else if (!empty) {
        const context = typeof value === "object" ? [...contexts, value] : contexts;
        out += renderNodes(node.children, context, escapeValue, template);
      }
    }
  }
  return out;
}

export function renderTemplate(
  nodes: readonly Node[],
  view: object,
  escapeValue: (text: string) => string,
  template: string,
): string {
  return renderNodes(nodes, [view], escapeValue, template);
}

export type ParsedTemplate = Node[];
