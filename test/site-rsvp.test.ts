import { readdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { API_ROUTES } from "../core/api/routes.ts";
import { ALERTS, MASONIC_TITLE_PLACEHOLDER, MEAL_PROMPT } from "../core/messages.ts";
import { buildEventRsvpPayload, toSheetPayload } from "../core/rules/rsvp-payload.ts";
import type { Event, EventRsvpForm } from "../core/schemas/index.ts";
import { type Client, sampleData, visitor } from "./support/api-harness.ts";
import {
  alertText,
  chromiumForFile,
  closePage,
  openPage,
  outcomeInPlace,
  recordRequests,
  siteServerPerTest,
} from "./support/site/app.ts";

const site = inject("site");
const chromium = chromiumForFile();
const start = siteServerPerTest(site.dir);

const INSTALLATION = "2026-12-12-installation-of-officers";
const DECEMBER_MEETING = "2026-12-02-stated-meeting";
const NO_DINNER = "2027-01-06-stated-meeting";
const STEAK_ROAST = "2027-08-14-steak-roast";
const TABLE_LODGE = "2027-10-16-table-lodge";

function sampleEvent(id: string): Event {
  const event = sampleData().events.find((e) => e.id === id);
  if (!event) throw new Error(`no sample event ${id}`);
  return event;
}

const card = (page: Page, id: string) => page.locator(`article[aria-labelledby="event-${id}"]`);

/** Opens the RSVP modal of an event on the upcoming-events page. */
async function openRsvp(page: Page, id: string) {
  await card(page, id).getByRole("button", { name: /^RSVP/ }).click();
  const dialog = page.getByRole("dialog", { name: `RSVP for ${sampleEvent(id).name}` });
  await dialog.waitFor();
  return dialog;
}

let visitors = 0;

/** RSVPs for an event straight at the API, as another visitor would, from an address of its own. */
async function reserve(client: Client, id: string, attendees: number) {
  const form = {
    firstName: "Other",
    lastName: `Visitor ${attendees}`,
    masonicTitle: "",
    email: `other${Math.random().toString(36).slice(2)}@example.org`,
    numberOfAttendees: attendees,
    earlyBirdDinner: false,
    numberOfMeals: 1,
    mealChoice: "",
  } as EventRsvpForm;
  const response = await client.post(
    "/mj/api/rsvp",
    buildEventRsvpPayload(sampleEvent(id), form),
    visitor(visitors++),
  );
  expect(response.status).toBe(200);
}

describe("the event RSVP modal (upcoming events)", () => {
  it("offers dinner only with a cost, meal choices only once dinner is checked, a radio for one meal and a count per choice for more", async () => {
    const s = await start();
    const page = await openPage(chromium.browser, `${s.url}/upcoming-events`);

    let dialog = await openRsvp(page, NO_DINNER);
    expect(await dialog.getByRole("checkbox").count()).toBe(0);
    expect(await dialog.getByLabel("Masonic Title").getAttribute("placeholder")).toBe(
      MASONIC_TITLE_PLACEHOLDER,
    );
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });

    dialog = await openRsvp(page, DECEMBER_MEETING);
    const dinner = dialog.getByRole("checkbox", {
      name: "Early bird dinner at 6:30PM ($15 per meal)",
    });
    await dinner.check();
    expect(await dialog.getByLabel("Number of meals").isVisible()).toBe(true);
    // Dinner without choices: no meal preference to ask.
    expect(await dialog.getByRole("group", { name: MEAL_PROMPT }).count()).toBe(0);
    await dialog.getByRole("button", { name: "Close" }).click();

    dialog = await openRsvp(page, INSTALLATION);
    const prompt = dialog.getByRole("group", { name: MEAL_PROMPT });
    expect(await prompt.count()).toBe(0);
    await dialog
      .getByRole("checkbox", { name: "Early bird dinner at 12:30PM ($20 per meal)" })
      .check();
    expect(
      await prompt
        .getByRole("radio")
        .evaluateAll((r) => r.map((e) => (e as HTMLInputElement).value)),
    ).toEqual(["Chicken Piccata", "Beef Tenderloin"]);
    await dialog.getByLabel("Number of meals").selectOption("3");
    expect(await prompt.getByRole("radio").count()).toBe(0);
    expect(await prompt.getByRole("spinbutton").count()).toBe(2);
    expect(await prompt.getByLabel("Chicken Piccata").inputValue()).toBe("0");
    await dialog.getByRole("checkbox").uncheck();
    expect(await prompt.count()).toBe(0);
    expect(await dialog.getByLabel("Number of meals").count()).toBe(0);
    await page.keyboard.press("Escape");

    dialog = await openRsvp(page, STEAK_ROAST);
    await dialog.getByRole("checkbox").check();
    expect(
      await dialog
        .getByRole("group", { name: "Steak ($20) or chicken ($15)? Please choose:" })
        .count(),
    ).toBe(1);
    await closePage(page);
  });

  it("keeps Submit disabled until the form is valid, marks only edited fields, lowercases the e-mail, and wants the counts to add up", async () => {
    const s = await start();
    const page = await openPage(chromium.browser, `${s.url}/upcoming-events`);
    const dialog = await openRsvp(page, INSTALLATION);
    const submit = dialog.getByRole("button", { name: "Submit" });
    const invalid = () =>
      dialog
        .locator('[aria-invalid="true"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute("name")));

    expect(await submit.isDisabled()).toBe(true);
    expect(await invalid()).toEqual([]);
    await dialog.getByLabel("First Name").fill("<Sean>");
    expect(await invalid()).toEqual(["firstName"]);
    await dialog.getByLabel("First Name").fill("Sean");
    await dialog.getByLabel("Last Name").fill("O'Brien");
    await dialog.getByLabel("Masonic Title").fill("W.M.<");
    expect(await invalid()).toEqual(["masonicTitle"]);
    await dialog.getByLabel("Masonic Title").fill("W.M., P.D.D.G.M.");
    await dialog.getByLabel("Email").pressSequentially("Sean.OBrien@Example.ORG");
    expect(await dialog.getByLabel("Email").inputValue()).toBe("sean.obrien@example.org");
    expect(await invalid()).toEqual([]);
    expect(await submit.isDisabled()).toBe(false);

    await dialog.getByRole("checkbox").check();
    // One meal: a choice must be picked, and the choices say so as soon as the dinner is ticked.
    const meals = dialog.getByRole("group", { name: MEAL_PROMPT });
    const hint = dialog.locator(".meal-hint");
    expect(await submit.isDisabled()).toBe(true);
    expect(await hint.textContent()).toBe("No meal chosen yet: please pick one.");
    expect(await meals.getAttribute("aria-describedby")).toBe(await hint.getAttribute("id"));
    await dialog.getByRole("radio", { name: "Beef Tenderloin" }).check();
    expect(await hint.textContent()).toBe("");
    expect(await submit.isDisabled()).toBe(false);

    await dialog.getByLabel("Number of meals").selectOption("3");
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel("Chicken Piccata").fill("1");
    await dialog.getByLabel("Beef Tenderloin").fill("1");
    expect(await meals.getAttribute("aria-invalid")).toBe("true");
    expect(await hint.textContent()).toBe("2 of 3 meals chosen");
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel("Beef Tenderloin").fill("2");
    expect(await meals.getAttribute("aria-invalid")).toBeNull();
    expect(await hint.textContent()).toBe("3 of 3 meals chosen");
    expect(await submit.isDisabled()).toBe(false);
    await dialog.getByLabel("Beef Tenderloin").fill("-1");
    expect(await submit.isDisabled()).toBe(true);
    // An emptied box is not 0: it is named, not counted as if the meals added up.
    await dialog.getByLabel("Chicken Piccata").fill("3");
    await dialog.getByLabel("Beef Tenderloin").fill("");
    expect(await hint.textContent()).toBe(
      "Enter a number of meals from 0 to 10 for Beef Tenderloin.",
    );
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel("Beef Tenderloin").fill("0");
    expect(await hint.textContent()).toBe("3 of 3 meals chosen");
    expect(await submit.isDisabled()).toBe(false);
    await closePage(page);
  });

  it("starts the number of meals at the number of attendees, until the visitor picks it", async () => {
    const s = await start();
    const page = await openPage(chromium.browser, `${s.url}/upcoming-events`);
    const dialog = await openRsvp(page, INSTALLATION);
    const attendees = dialog.getByLabel("Number of attendees (including yourself)");
    await attendees.selectOption("3");
    await dialog.getByRole("checkbox").check();
    const meals = dialog.getByLabel("Number of meals");
    expect(await meals.inputValue()).toBe("3");
    await attendees.selectOption("2");
    expect(await meals.inputValue()).toBe("2");
    // Picked apart (one guest dines elsewhere), it stays as picked.
    await meals.selectOption("1");
    await attendees.selectOption("4");
    expect(await meals.inputValue()).toBe("1");
    await closePage(page);
  });

  it("allows only 1 attendee and 1 meal when the event's rsvpLimit is set, and 1 to 10 otherwise", async () => {
    const s = await start();
    const page = await openPage(chromium.browser, `${s.url}/upcoming-events`);
    const options = (dialog: ReturnType<Page["getByRole"]>, label: string) =>
      dialog.getByLabel(label).locator("option").allTextContents();

    let dialog = await openRsvp(page, INSTALLATION);
    await dialog.getByRole("checkbox").check();
    const oneToTen = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"];
    expect(await options(dialog, "Number of attendees (including yourself)")).toEqual(oneToTen);
    expect(await options(dialog, "Number of meals")).toEqual(oneToTen);
    await page.keyboard.press("Escape");

    dialog = await openRsvp(page, TABLE_LODGE);
    expect(await dialog.textContent()).toContain("One attendee and one meal per reservation");
    await dialog.getByRole("checkbox").check();
    expect(await options(dialog, "Number of attendees (including yourself)")).toEqual(["1"]);
    expect(await options(dialog, "Number of meals")).toEqual(["1"]);
    expect(await dialog.getByRole("radio").count()).toBe(4);
    await closePage(page);
  });

  it("sends a dinner RSVP with two meal choices, shows 'Sending...', and the server stores it, mails it and counts it", async () => {
    const s = await start();
    const page = await openPage(chromium.browser, `${s.url}/upcoming-events`);
    const rsvps = recordRequests(page, "/mj/api/rsvp");
    const rows = recordRequests(page, "/sheets/api/append-rsvp");
    const dialog = await openRsvp(page, INSTALLATION);
    await dialog.getByLabel("First Name").fill(" John ");
    await dialog.getByLabel("Last Name").fill("Smith");
    await dialog.getByLabel("Masonic Title").fill("PM");
    await dialog.getByLabel("Email").fill("john.smith@example.org");
    await dialog.getByLabel("Number of attendees (including yourself)").selectOption("2");
    await dialog.getByRole("checkbox").check();
    await dialog.getByLabel("Number of meals").selectOption("2");
    await dialog.getByLabel("Chicken Piccata").fill("1");
    await dialog.getByLabel("Beef Tenderloin").fill("1");

    // Hold the answer, to see the button while the RSVP is on its way.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/mj/api/rsvp", async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole("button", { name: "Submit" }).click();
    const sending = dialog.getByRole("button", { name: "Sending..." });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    expect(await sending.locator(".spinner").count()).toBe(1);
    release();

    expect(await alertText(page)).toEqual([ALERTS.rsvpSuccess.heading, ALERTS.rsvpSuccess.text]);
    // Said in the dialog in the form's place, nothing over the page's heading; then closed.
    await outcomeInPlace(page, dialog);
    await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
    await dialog.waitFor({ state: "hidden" });

    const event = sampleEvent(INSTALLATION);
    const form = {
      firstName: "John",
      lastName: "Smith",
      masonicTitle: "PM",
      email: "john.smith@example.org",
      numberOfAttendees: 2,
      earlyBirdDinner: true,
      numberOfMeals: 2,
      mealChoice: "",
      countChickenPiccata: 1,
      countBeefTenderloin: 1,
    } as EventRsvpForm;
    const expected = buildEventRsvpPayload(event, form);
    expect(rsvps).toHaveLength(1);
    expect(rsvps[0]?.body).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(expected).toMatchObject({
      lastName: "Smith, PM",
      date: "Sat, Dec 12, 2026 2:00pm",
      subject: "RSVP for Installation of Officers on Sat, Dec 12, 2026 2:00pm",
      earlyBirdDinner: "Yes",
      earlyBirdTime: "12:30pm",
      numberOfMeals: 2,
      costPerMeal: "$20",
      mealSelection: "1 Chicken Piccata, 1 Beef Tenderloin",
      firstChoice: "Chicken Piccata",
      firstChoiceCount: 1,
      secondChoice: "Beef Tenderloin",
      secondChoiceCount: 1,
    });
    const cookies = await page.context().cookies();
    const xsrf = cookies.find((c) => c.name === "XSRF-TOKEN")?.value;
    expect(xsrf).toBeTruthy();
    expect(rsvps[0]?.headers["x-xsrf-token"]).toBe(xsrf);
    expect(rsvps[0]?.headers["idempotency-key"]).toMatch(/^[\w-]{8,}$/);

    // Then the spreadsheet row: the same payload with the day only.
    await expect.poll(() => rows.length).toBe(1);
    expect(rows[0]?.body).toEqual(JSON.parse(JSON.stringify(toSheetPayload(expected, event))));
    expect(rows[0]?.body).toMatchObject({ date: "Sat, Dec 12, 2026" });
    expect(await (await rows[0]?.request.response())?.status()).toBe(200);

    const [stored, ...others] = await s.store.listEventRsvps(INSTALLATION);
    expect(others).toEqual([]);
    expect(stored?.record).toEqual({
      eventId: INSTALLATION,
      firstName: "John",
      lastName: "Smith",
      masonicTitle: "PM",
      email: "john.smith@example.org",
      attendees: 2,
      dinner: true,
      meals: 2,
      mealCounts: [
        { choice: "Chicken Piccata", count: 1 },
        { choice: "Beef Tenderloin", count: 1 },
      ],
    });
    await s.worker.idle();
    expect(readdirSync(s.outbox).sort()).toEqual([
      "000001-rsvp-notice.eml",
      "000002-rsvp-confirmation.eml",
    ]);
    const read = await (await s.client()).get(`/sheets/api/read?event=${INSTALLATION}`);
    expect(read.body).toMatchObject({ data: 2 });

    // After success the form starts afresh: empty, no dinner, 1 attendee.
    const again = await openRsvp(page, INSTALLATION);
    expect(await again.getByLabel("First Name").inputValue()).toBe("");
    expect(await again.getByRole("checkbox").isChecked()).toBe(false);
    expect(await again.getByLabel("Number of attendees (including yourself)").inputValue()).toBe(
      "1",
    );
    await closePage(page);
  });

  it("turns the modal to the waiting list when the server refuses a full event, saying why, the form kept", async () => {
    const s = await start({ guestLimit: 2 });
    const page = await openPage(chromium.browser, `${s.url}/upcoming-events`, {
      answered: API_ROUTES.attendeeCounts.path,
    });
    const rows = recordRequests(page, "/sheets/api/append-rsvp");
    // Another visitor takes the last seats after the page read the counts (it reads them once
    // hydrated; had it read them after, it would know the event is full).
    await reserve(await s.client(), DECEMBER_MEETING, 2);
    const dialog = await openRsvp(page, DECEMBER_MEETING);
    await dialog.getByLabel("First Name").fill("Late");
    await dialog.getByLabel("Last Name").fill("Comer");
    await dialog.getByLabel("Email").fill("late@example.org");
    await dialog.getByRole("button", { name: "Submit" }).click();
    const waitlist = page.getByRole("dialog", {
      name: `Join the waiting list for ${sampleEvent(DECEMBER_MEETING).name}`,
    });
    await waitlist.waitFor();
    expect(await waitlist.locator(".waitlist-note p").first().textContent()).toBe(
      "This event is full: all 2 seats have been taken. Join the waiting list and you will be offered seats by e-mail if they free up.",
    );
    expect(await waitlist.getByLabel("First Name").inputValue()).toBe("Late");
    expect(await waitlist.getByLabel("Email").inputValue()).toBe("late@example.org");
    expect(await waitlist.getByRole("button", { name: "Join the waiting list" }).count()).toBe(1);
    expect(await page.getByTestId("alert").count()).toBe(0);
    expect(rows).toEqual([]);
    await closePage(page);
  });

  it("shows the catalogue's error when the RSVP cannot reach the server, and writes no row", async () => {
    const s = await start();
    const page = await openPage(chromium.browser, `${s.url}/upcoming-events`);
    const rows = recordRequests(page, "/sheets/api/append-rsvp");
    await page.route("**/mj/api/rsvp", (route) => route.abort("connectionrefused"));
    const dialog = await openRsvp(page, DECEMBER_MEETING);
    await dialog.getByLabel("First Name").fill("Net");
    await dialog.getByLabel("Last Name").fill("Down");
    await dialog.getByLabel("Email").fill("net@example.org");
    await dialog.getByRole("button", { name: "Submit" }).click();
    expect(await alertText(page)).toEqual([ALERTS.sendFailure.heading, ALERTS.sendFailure.text]);
    expect(rows).toEqual([]);
    expect(await s.store.listEventRsvps(DECEMBER_MEETING)).toEqual([]);
    await closePage(page);
  });

  it("styles the RSVP button disabled from 70 attendees, counting the page's own reservation too", async () => {
    const s = await start();
    const client = await s.client();
    for (let i = 0; i < 7; i++) await reserve(client, DECEMBER_MEETING, 10);
    for (let i = 0; i < 6; i++) await reserve(client, INSTALLATION, 10);
    await reserve(client, INSTALLATION, 9);
    const page = await openPage(chromium.browser, `${s.url}/upcoming-events`);
    const full = card(page, DECEMBER_MEETING).getByRole("button", { name: /^RSVP/ });
    await expect.poll(() => full.getAttribute("aria-disabled")).toBe("true");
    expect(await full.getAttribute("class")).toContain("is-disabled");
    expect(await card(page, DECEMBER_MEETING).locator(".limit-note").textContent()).toBe(
      "This event has reached its limit of 70 guests. Join the waiting list to be offered seats by e-mail when some free up.",
    );
    await full.click({ force: true });
    expect(await page.getByRole("dialog").count()).toBe(0);

    const open = card(page, INSTALLATION).getByRole("button", { name: /^RSVP/ });
    expect(await open.getAttribute("aria-disabled")).toBeNull();
    const dialog = await openRsvp(page, INSTALLATION);
    await dialog.getByLabel("First Name").fill("Last");
    await dialog.getByLabel("Last Name").fill("Seat");
    await dialog.getByLabel("Email").fill("last.seat@example.org");
    await dialog.getByRole("button", { name: "Submit" }).click();
    expect((await alertText(page))[0]).toBe("Success!");
    await expect.poll(() => open.getAttribute("aria-disabled")).toBe("true");
    await closePage(page);
  });

  it("shows the RSVP button until 11:59PM on the deadline day, and 'Closes ... at 11:59PM' while it shows", async () => {
    const s = await start();
    // Dec 1, 2026 11:58PM and 11:59PM in New York (EST, UTC-5).
    for (const [time, open] of [
      ["2026-12-02T04:58:00Z", true],
      ["2026-12-02T04:59:00Z", false],
    ] as const) {
      const page = await openPage(chromium.browser, `${s.url}/upcoming-events`, { time });
      const event = card(page, DECEMBER_MEETING);
      await expect
        .poll(() => event.locator(".rsvp-closes").textContent())
        .toBe(open ? "Closes Dec 1, 2026 at 11:59PM" : "Reservations are closed.");
      expect(await event.getByRole("button", { name: /^RSVP/ }).count(), time).toBe(open ? 1 : 0);
      await closePage(page);
    }
  });
});

describe("the RSVP on the home page", () => {
  it("offers 'Make your reservation today!' until 21:00 on the cutoff day, and it opens the RSVP modal for that event", async () => {
    const s = await start();
    // Brotherhood Night, Dec 9 at 7:00 PM, closes 3 days before at 21:00: Dec 6, 9:00 PM EST.
    for (const [time, open] of [
      ["2026-12-07T01:59:00Z", true],
      ["2026-12-07T02:00:00Z", false],
    ] as const) {
      const page = await openPage(chromium.browser, `${s.url}/home`, { time });
      const slide = page.locator("article.spotlight", { hasText: "Brotherhood Night" }).first();
      const button = slide.getByRole("button", { name: /^Make your reservation today!/ });
      await expect.poll(() => button.count()).toBe(open ? 1 : 0);
      if (open) {
        await button.click();
        const dialog = page.getByRole("dialog", { name: "RSVP for Brotherhood Night" });
        await dialog.waitFor();
        expect(await dialog.textContent()).toContain("Wednesday, December 9, 2026 at 7:00PM");
        expect(await dialog.getByRole("checkbox").getAttribute("name")).toBe("earlyBirdDinner");
        expect(await dialog.locator("label", { hasText: "Early bird dinner" }).textContent()).toBe(
          "Early bird dinner at 6:00PM (no charge)",
        );
      }
      await closePage(page);
    }
  });
});
