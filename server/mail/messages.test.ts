import { describe, expect, it } from "vitest";
import { eventCalendarFile } from "../../core/rules/calendar.ts";
import { eventSchema } from "../../core/schemas/index.ts";
import { PLAIN_RSVP_FORM, sampleData, TEST_EVENTS } from "../../test/support/api-harness.ts";
import { parseMail } from "../../test/support/mime.ts";
import { eventRecord } from "../rsvp/event-rsvp.ts";
import { eventRsvpMail } from "./messages.ts";
import { loadTemplates } from "./templates.ts";

describe("the RSVP confirmation", () => {
  it("carries the site's calendar file of the event, its extra information included", async () => {
    const lodge = sampleData().lodge;
    const plain = TEST_EVENTS.find((event) => event.id === "plain-meeting");
    const event = eventSchema.parse({ ...plain, extraInfo: "Bring your apron." });
    const receivedAt = new Date("2026-11-21T17:00:00Z");
    const ctx = {
      lodge,
      from: "lodge@example.org",
      secretary: "secretary@example.org",
      templates: loadTemplates(),
    };
    const confirmation = await eventRsvpMail(ctx, "rsvp-confirmation", event, {
      record: eventRecord(event, PLAIN_RSVP_FORM),
      receivedAt,
    });
    const ics = parseMail(confirmation?.raw ?? "").part("text/calendar");
    expect(ics?.body).toBe(eventCalendarFile(lodge, event, receivedAt));
    expect(ics?.body).toContain("Bring your apron.");
  });
});
