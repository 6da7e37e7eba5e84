import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { buildEventRsvpPayload } from "../core/rules/rsvp-payload.ts";
import type { EventRsvpForm } from "../core/schemas/index.ts";
import { OFFER_CHECK_MS } from "../server/jobs/waitlist-offers.ts";
import { sampleData } from "./support/api-harness.ts";
import { linkToken, outboxMails } from "./support/manage-links.ts";
import {
  alertText,
  chromiumForFile,
  closePage,
  openPage,
  siteServerPerTest,
} from "./support/site/app.ts";

/**
 * A member in a lodge room whose Wi-Fi has reserved its share of an event's seats already: the
 * modal says to confirm from the mail, the mail's link opens the reservation with 'Confirm my
 * seats', and the seats are kept once the hold has ended. The browser and the test's other
 * visitors reach the server from the same address, 127.0.0.1. LODGE_SHOTS=DIR keeps
 * screenshots.
 */
const site = inject("site");
const chromium = chromiumForFile();
const start = siteServerPerTest(site.dir);
const SHOTS = process.env.LODGE_SHOTS;
const DECEMBER_MEETING = "2026-12-02-stated-meeting";
const MINUTE = 60_000;

describe("a lodge hall on one connection (the RSVP modal and the manage page)", () => {
  it("asks the member past the hall's share of seats to confirm from the mail, and keeps his seats once he has", async () => {
    const s = await start();
    const event = sampleData().events.find((e) => e.id === DECEMBER_MEETING);
    if (!event) throw new Error("no December meeting in the sample");
    // Twenty members of the hall have reserved already, on the room's connection.
    const hall = await s.client();
    for (let i = 0; i < 2; i++) {
      const form = {
        firstName: "Brother",
        lastName: `Number ${i}`,
        masonicTitle: "",
        email: `brother${i}@example.org`,
        numberOfAttendees: 10,
        earlyBirdDinner: false,
        numberOfMeals: 1,
        mealChoice: "",
      } as EventRsvpForm;
      expect((await hall.post("/mj/api/rsvp", buildEventRsvpPayload(event, form))).status).toBe(
        200,
      );
    }

    const page = await openPage(chromium.browser, `${s.url}/upcoming-events`);
    await page
      .locator(`article[aria-labelledby="event-${DECEMBER_MEETING}"]`)
      .getByRole("button", { name: /^RSVP/ })
      .click();
    const dialog = page.getByRole("dialog", { name: `RSVP for ${event.name}` });
    await dialog.getByLabel("First Name").fill("Sean");
    await dialog.getByLabel("Last Name").fill("O'Brien");
    await dialog.getByLabel("Email").fill("sean.obrien@example.org");
    await dialog.getByRole("button", { name: "Submit" }).click();
    expect(await alertText(page)).toEqual([
      "Check your e-mail:",
      'One more step: confirm your seats by Nov 21, 2026 at 12:30PM. So many seats of this event have been reserved from your network address (a lodge room\'s Wi-Fi, for one) that we ask for each further reservation to be confirmed by mail. Open the mail we have just sent to sean.obrien@example.org and press "Confirm my seats": your seats are held for you until then.',
    ]);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, "hall-modal-answer-1280.png") });
    }
    // The alert stays while he reads it and goes to his mail.
    await page.clock.runFor(30_000);
    expect(await page.getByTestId("alert").count()).toBe(1);
    await closePage(page);

    const asked = (await outboxMails(s)).filter((mail) => mail.kind === "rsvp-confirm-seats");
    expect(asked.map((mail) => mail.headers.get("to"))).toEqual(["sean.obrien@example.org"]);
    const mail = asked[0];
    expect(mail?.subject).toBe(
      "Please confirm your seats for Stated Meeting on Wed, Dec 2, 2026 at 7:30PM",
    );
    const token = linkToken(mail?.text ?? "");
    expect(mail?.html).toContain(
      `href="https://www.hillcrest586.example.org/rsvp/manage#${token}"`,
    );

    // On his phone, 20 minutes later, from the link in the mail.
    s.clock.advance(20 * MINUTE);
    const phone = await openPage(chromium.browser, `${s.url}/rsvp/manage#${token}`, {
      width: 390,
      height: 844,
      time: s.clock.now(),
      touch: true,
      answered: "/mj/api/rsvp/manage",
    });
    await phone.getByRole("heading", { name: "Confirm your seats" }).waitFor();
    expect(await phone.locator(".manage-state").innerText()).toBe(
      "Your seats are held for you until Nov 21, 2026 at 12:30PM: confirm them to keep your reservation. Unconfirmed, they go to others then.",
    );
    if (SHOTS)
      await phone.screenshot({ path: join(SHOTS, "hall-confirm-390.png"), fullPage: true });
    await phone.getByRole("button", { name: "Confirm my seats" }).click();
    expect(await alertText(phone)).toEqual([
      "Confirmed",
      "Your seats are confirmed: your reservation for Stated Meeting is for 1 attendee. A confirmation with the link to change or cancel it is on its way to sean.obrien@example.org.",
    ]);
    await expect
      .poll(() => phone.locator(".manage-state").innerText())
      .toBe("You can change or cancel this reservation until Dec 1, 2026 at 11:59PM.");
    expect(await phone.getByRole("button", { name: "Confirm my seats" }).count()).toBe(0);
    if (SHOTS)
      await phone.screenshot({ path: join(SHOTS, "hall-confirmed-390.png"), fullPage: true });
    await closePage(phone);

    // The hold's end passes and the scheduler's minute with it: his seat is his.
    s.clock.advance(10 * MINUTE + OFFER_CHECK_MS);
    await s.scheduler.runDue();
    const rsvps = await s.store.listEventRsvps(DECEMBER_MEETING);
    expect(rsvps.map((r) => [r.record.firstName, r.record.attendees, r.confirmBy])).toEqual([
      ["Brother", 10, undefined],
      ["Brother", 10, undefined],
      ["Sean", 1, undefined],
    ]);
    expect((await s.store.attendeeCounts()).get(DECEMBER_MEETING)).toBe(21);
    const confirmation = (await outboxMails(s)).find(
      (m) => m.kind === "rsvp-confirmation" && m.headers.get("to") === "sean.obrien@example.org",
    );
    expect(linkToken(confirmation?.text ?? "")).toBe(token);
  });
});
