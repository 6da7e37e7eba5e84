import { describe, expect, it } from "vitest";
import { eventSchema } from "../../../core/schemas/event.ts";
import { socialEventSchema } from "../../../core/schemas/social-event.ts";
import { eventJsonLd, scriptJson } from "./structured-data.ts";

const lodge = { name: "Test Lodge No. 1", timeZone: "America/New_York" };
const event = (fields: Record<string, unknown>) =>
  eventSchema.parse({ date: "2026/12/02 19:30", name: "Stated Meeting", ...fields });

describe("eventJsonLd", () => {
  it("marks a cancelled event EventCancelled", () => {
    expect(eventJsonLd(event({ cancelled: true }), lodge).eventStatus).toBe(
      "https://schema.org/EventCancelled",
    );
  });

  it("marks a postponed event EventRescheduled, with the date it had before", () => {
    const data = eventJsonLd(event({ postponedFrom: "2026/11/18 19:30" }), lodge);
    expect(data).toMatchObject({
      eventStatus: "https://schema.org/EventRescheduled",
      startDate: "2026-12-02T19:30:00-05:00",
      previousStartDate: "2026-11-18T19:30:00-05:00",
    });
  });

  it("gives the page's address when there is one, and an outing's place from its own fields", () => {
    const outing = socialEventSchema.parse({
      date: "2027/05/22 18:05",
      name: "Ballgame",
      location: "Lakefront Ballpark",
      locationAddress: "1200 Harbor View Drive",
    });
    expect(eventJsonLd(outing, lodge, "https://example.org/social-events/x")).toMatchObject({
      eventStatus: "https://schema.org/EventScheduled",
      location: { name: "Lakefront Ballpark", address: "1200 Harbor View Drive" },
      url: "https://example.org/social-events/x",
    });
    expect(eventJsonLd(event({}), lodge)).not.toHaveProperty("url");
  });

  it("cannot end its script element, whatever the data says", () => {
    expect(scriptJson({ name: "</script><b>" })).toBe('{"name":"\\u003c/script>\\u003cb>"}');
  });
});
