const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
const SIDE_EFFECT_IMPORT = /^\s*import\s+("[^"]+");\s*$/;
const NAMESPACE_IMPORT = /^\s*import\s+\*\s+as\s+(\w+)\s+from\s+("[^"]+");\s*$/;

/** Lets the browser run what waits (a tap, a paint) before the script goes on. */
const YIELD =
  "await (globalThis.scheduler?.yield?.() ?? new Promise((resume) => setTimeout(resume)));";

/**
 * Rewrites a prerendered page so that its scripts load once the page has been painted. React
 * Router puts a module preload of every script in the head and an inline module script that
 * imports the route modules and then the client entry; fetched at once, on a slow line they
 * compete with the stylesheet and the first picture for a page that is whole without them.
 * Here the preloads leave the head, and the inline script, one frame after the first paint, adds
 * them back (so the modules still come in parallel) and imports the same modules in the same
 * order before the entry. It yields to the browser after each preload: asking for a file costs
 * the main thread 1-35 ms on a busy phone-speed CPU, ten of them were one long task (TBT, issue
 * 18). Everything else of the script is kept as it was.
 */
export function hydrateAfterPaint(html: string): string {
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
  const script = MODULE_SCRIPT.exec(html);
  if (!script) {
    if (preloads.length > 0) throw new Error("a page preloads modules but has no module script");
    return html;
  }
  const imports: { name: string; from: string }[] = [];
  const rest: string[] = [];
  for (const line of (script[1] ?? "").split("\n")) {
    const sideEffect = SIDE_EFFECT_IMPORT.exec(line);
    const namespace = NAMESPACE_IMPORT.exec(line);
    if (sideEffect) imports.push({ name: "", from: sideEffect[1] as string });
    else if (namespace)
      imports.push({ name: namespace[1] as string, from: namespace[2] as string });
    else if (/^\s*import\s/.test(line)) throw new Error(`an import the page cannot defer: ${line}`);
    else if (line.trim() !== "") rest.push(line.trim());
  }
  const body = [
    "requestAnimationFrame(() => setTimeout(async () => {",
    `for (const href of ${JSON.stringify(preloads)}) {`,
    'const link = document.createElement("link");',
    'link.rel = "modulepreload";',
    "link.href = href;",
    "document.head.append(link);",
    YIELD,
    "}",
    `const [${imports.map((i) => i.name).join(", ")}] = await Promise.all([${imports.map((i) => `import(${i.from})`).join(", ")}]);`,
    ...rest,
    "}));",
  ].join("\n");
  return html
    .replace(MODULE_PRELOAD, "")
    .replace(MODULE_SCRIPT, () => `<script type="module" async="">${body}</script>`);
}
