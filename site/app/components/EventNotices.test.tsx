// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { type EventInput, eventSchema } from "../../../core/schemas/event.ts";
import { render } from "../test/render.tsx";
import { EventNotices } from "./EventNotices.tsx";

afterEach(() => {
  document.body.innerHTML = "";
});

const event = (fields: Partial<EventInput> = {}) =>
  eventSchema.parse({ date: "2026/12/16 19:30", name: "Stated Meeting", ...fields });

const notices = async (fields: Partial<EventInput>) => {
  const view = await render(<EventNotices event={event(fields)} />);
  return Array.from(view.container.querySelectorAll(".notice"), (n) => [
    n.className,
    n.textContent,
  ]);
};

describe("EventNotices", () => {
  it("shows 'Cancelled', 'Full' and 'Postponed from {date}' as edit-event marks an event", async () => {
    expect(await notices({ cancelled: true })).toEqual([["notice notice-cancelled", "Cancelled"]]);
    expect(await notices({ full: true })).toEqual([["notice notice-full", "Full"]]);
    expect(await notices({ postponedFrom: "2026/12/02 19:30" })).toEqual([
      ["notice notice-postponed", "Postponed from Wednesday, December 2, 2026"],
    ]);
  });

  it("shows nothing for an event as announced", async () => {
    const view = await render(<EventNotices event={event()} />);
    expect(view.container.innerHTML).toBe("");
  });
});
