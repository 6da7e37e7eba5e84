import type { ReactNode } from "react";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Renders a component into happy-dom's document and returns helpers to query and act on it. */
export async function render(element: ReactNode) {
  const container = document.createElement("div");
  document.body.append(container);
  let root: Root | undefined;
  await act(async () => {
    root = createRoot(container);
    root.render(element);
  });
  return {
    container,
    /** Buttons by their accessible name (aria-label, else text). */
    button(name: string): HTMLButtonElement {
      const found = Array.from(container.querySelectorAll("button")).find(
        (b) => (b.getAttribute("aria-label") ?? b.textContent?.trim()) === name,
      );
      if (!found) throw new Error(`no button named ${JSON.stringify(name)}`);
      return found;
    },
    async click(target: HTMLElement) {
      await act(async () => {
        target.click();
      });
    },
    async unmount() {
      await act(async () => root?.unmount());
      container.remove();
    },
  };
}
