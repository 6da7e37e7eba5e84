import type { Browser, Page } from "playwright-core";

/**
 * The audit's budget for layout shift (CLS), on every page and in both forms. Lighthouse's CLS
 * counts the shifts of every frame, each weighted by the frame's share of the window.
 */
export const LAYOUT_SHIFT_BUDGET = 0.02;

/** One layout shift in a Chromium trace, as Chromium writes it (LayoutShift's `data`). */
interface ShiftData {
  weighted_score_delta: number;
  had_recent_input: boolean;
  is_main_frame: boolean;
  impacted_nodes?: { old_rect: number[]; new_rect: number[] }[];
}

/** What moved: its frame, and each moved box as 'x,y wxh -> x,y wxh'. */
export interface Shift {
  score: number;
  frame: "main" | "subframe";
  moved: string[];
}

const box = (r: number[]) => `${r[0]},${r[1]} ${r[2]}x${r[3]}`;

/**
 * The layout shifts `load` causes on `page`, read from a Chromium trace as Lighthouse reads them:
 * those of every frame (an embedded PDF viewer's too, which the page's own PerformanceObserver
 * never sees), weighted by the frame's share of the window, but those just after an input.
 * `score` adds them all up: never less than Lighthouse's CLS, the worst window of them.
 */
export async function layoutShifts(
  browser: Browser,
  page: Page,
  load: () => Promise<void>,
): Promise<{ score: number; shifts: Shift[] }> {
  await browser.startTracing(page, { categories: ["loading"] });
  const traced = await load().then(
    () => browser.stopTracing(),
    async (error: unknown) => {
      await browser.stopTracing();
      throw error;
    },
  );
  const trace = JSON.parse(traced.toString()) as {
    traceEvents: { name: string; args?: { data?: ShiftData } }[];
  };
  const shifts = trace.traceEvents
    .filter((event) => event.name === "LayoutShift")
    .map((event) => event.args?.data)
    .filter((data): data is ShiftData => data !== undefined && !data.had_recent_input)
    .map((data) => ({
      score: data.weighted_score_delta,
      frame: data.is_main_frame ? ("main" as const) : ("subframe" as const),
      moved: (data.impacted_nodes ?? []).map(
        (node) => `${box(node.old_rect)} -> ${box(node.new_rect)}`,
      ),
    }));
  return { score: shifts.reduce((sum, shift) => sum + shift.score, 0), shifts };
}
