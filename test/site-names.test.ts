import type { Browser, Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import {
  EMAILS_TAKEN,
  NAMES_TAKEN,
  REFUSED,
  REFUSED_WITHOUT_TITLE,
  type Refusal,
  TITLES_TAKEN,
} from "./support/person-names.ts";
import { chromiumForFile, closePage, openPage, siteServerPerTest } from "./support/site/app.ts";
import { violationsOf } from "./support/site/axe.ts";

const site = inject("site");
const chromium = chromiumForFile();
const start = siteServerPerTest(site.dir);

const INSTALLATION = "2026-12-12-installation-of-officers";

const LABELS: Record<Refusal["field"], string> = {
  firstName: "First Name",
  lastName: "Last Name",
  masonicTitle: "Masonic Title",
  email: "Email",
};

/** The sentence a field is described by (aria-describedby), or null when it has none. */
function sentenceOf(field: Locator): Promise<string | null> {
  return field.evaluate((input) => {
    const ids = input.getAttribute("aria-describedby");
    if (!ids) return null;
    return ids
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ");
  });
}

/** Whether the sentence's element is a live region, so a screen reader says it as it comes. */
function announced(field: Locator): Promise<boolean> {
  return field.evaluate((input) => {
    const id = input.getAttribute("aria-describedby")?.split(" ")[0];
    const note = id ? document.getElementById(id) : null;
    return note?.closest("[aria-live], [role=alert], [role=status]") != null;
  });
}

/**
 * Types every name of the table into the form's name fields (and each title and address) and
 * finds each taken, then each refusal of `refused` said under its field and announced, and the
 * field clear again once corrected.
 */
async function checkForm(form: Locator, refused: readonly Refusal[], title: boolean) {
  const field = (name: Refusal["field"]) => form.getByLabel(LABELS[name]);
  for (const name of NAMES_TAKEN) {
    await field("firstName").fill(name);
    await field("lastName").fill(name);
    for (const f of [field("firstName"), field("lastName")]) {
      expect({ name, invalid: await f.getAttribute("aria-invalid") }).toEqual({
        name,
        invalid: null,
      });
      expect(await sentenceOf(f)).toBeNull();
    }
  }
  if (title) {
    for (const value of TITLES_TAKEN) {
      await field("masonicTitle").fill(value);
      expect(await field("masonicTitle").getAttribute("aria-invalid")).toBeNull();
    }
  }
  for (const [typed, kept] of EMAILS_TAKEN) {
    await field("email").fill("");
    await field("email").pressSequentially(typed);
    expect(await field("email").inputValue()).toBe(kept);
    expect(await sentenceOf(field("email"))).toBeNull();
  }
  for (const refusal of refused) {
    const input = field(refusal.field);
    // Edited first, so an empty value is the visitor's own (SPEC 5: marked once edited).
    await input.fill("x");
    await input.fill(refusal.value);
    expect({ value: refusal.value, said: await sentenceOf(input) }).toEqual({
      value: refusal.value,
      said: refusal.sentence,
    });
    expect(await input.getAttribute("aria-invalid")).toBe("true");
    expect(await announced(input)).toBe(true);
    await input.fill(refusal.field === "email" ? "bob@example.org" : "Bob");
    expect(await sentenceOf(input)).toBeNull();
  }
}

/** Shows two refusals at once and has axe read the page as it is. */
async function axeWithRefusals(page: Page, form: Locator, width: number) {
  await form.getByLabel("First Name").fill("<b>Bob</b>");
  await form.getByLabel("Email").fill("bob");
  expect(await form.locator(".field-error:not(:empty)").count()).toBe(2);
  expect(await violationsOf(page, width)).toEqual([]);
}

describe("every real name, with JavaScript", () => {
  it("the event RSVP takes every name, title and address of the table, says each refusal under its field, and sends one", async () => {
    const s = await start();
    const page = await openPage(chromium.browser, `${s.url}/upcoming-events`);
    await page
      .locator(`article[aria-labelledby="event-${INSTALLATION}"]`)
      .getByRole("button", { name: /^RSVP/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "RSVP for Installation of Officers" });
    await dialog.waitFor();
    await checkForm(dialog, REFUSED, true);
    await axeWithRefusals(page, dialog, 1280);

    await dialog.getByLabel("First Name").fill("Robert (Bob)");
    await dialog.getByLabel("Last Name").fill("O’Neil Jr.");
    await dialog.getByLabel("Masonic Title").fill("P.M., P.D.D.G.M.");
    await dialog.getByLabel("Email").fill("");
    await dialog.getByLabel("Email").pressSequentially("Bob@Example.Church");
    const answered = page.waitForResponse((r) => r.url().endsWith("/mj/api/rsvp"));
    await dialog.getByRole("button", { name: "Submit" }).click();
    expect((await answered).status()).toBe(200);
    const stored = (await s.store.listEventRsvps(INSTALLATION)).map((r) => r.record);
    expect(stored.map((r) => [r.firstName, r.lastName, r.masonicTitle, r.email])).toEqual([
      ["Robert (Bob)", "O’Neil Jr.", "P.M., P.D.D.G.M.", "bob@example.church"],
    ]);
    await closePage(page);
  }, 90_000);

  it("the outing RSVP and the contact form take them too, and say each refusal, at phone width", async () => {
    const s = await start();
    const page = await openPage(chromium.browser, `${s.url}/social-events`, { width: 390 });
    await page
      .getByRole("button", { name: /^RSVP for/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await checkForm(dialog, REFUSED_WITHOUT_TITLE, false);
    await axeWithRefusals(page, dialog, 390);
    await closePage(page);

    const contact = await openPage(chromium.browser, `${s.url}/contact-us`, { width: 390 });
    const form = contact.getByRole("form", { name: "Contact form" });
    await checkForm(form, REFUSED_WITHOUT_TITLE, false);
    await axeWithRefusals(contact, form, 390);
    await closePage(contact);
  }, 90_000);
});

async function openWithoutScripts(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 900 },
  });
  await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(url);
  return page;
}

/**
 * axe's violations on the page a form posted without JavaScript was answered with. axe needs a
 * page that runs scripts: the same answer (which holds none of its own) is shown in one.
 */
async function violationsOfAnswer(browser: Browser, answered: Page): Promise<string[]> {
  const html = await answered.content();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.route(answered.url(), (route) =>
    route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }),
  );
  await page.goto(answered.url());
  const found = await violationsOf(page, 1280);
  await context.close();
  return found;
}

/** The refusals in rounds, each field at most once in a round: one form posted per round. */
function rounds(refusals: readonly Refusal[]): Refusal[][] {
  const out: Refusal[][] = [];
  for (const refusal of refusals) {
    const round = out.find((r) => r.every((other) => other.field !== refusal.field));
    if (round) round.push(refusal);
    else out.push([refusal]);
  }
  return out;
}

describe("every real name, without JavaScript", () => {
  it("the event RSVP page takes every name, title and address, and answers each refusal with its sentence under the field", {
    // 17 forms posted and answered, one page each.
    timeout: 90_000,
  }, async () => {
    const s = await start();
    const path = `${s.url}/events/${INSTALLATION}/rsvp`;
    const page = await openWithoutScripts(chromium.browser, path);
    const valid = {
      firstName: "John",
      lastName: "Smith",
      masonicTitle: "",
      email: "john@example.org",
    };
    for (const [i, round] of rounds(REFUSED).entries()) {
      await page.goto(path);
      const values: Record<string, string> = { ...valid };
      for (const refusal of round) values[refusal.field] = refusal.value;
      for (const [field, value] of Object.entries(values)) {
        await page.getByLabel(LABELS[field as Refusal["field"]]).fill(value);
      }
      await page.getByRole("button", { name: "Submit" }).click();
      await page.locator("#form-answer").waitFor();
      for (const refusal of round) {
        const input = page.getByLabel(LABELS[refusal.field]);
        expect({ value: refusal.value, said: await sentenceOf(input) }).toEqual({
          value: refusal.value,
          said: refusal.sentence,
        });
        expect(await input.getAttribute("aria-invalid")).toBe("true");
      }
      // The answer's notice, an alert, lists each sentence too.
      const notice = await page.getByRole("alert").innerText();
      for (const refusal of round) expect(notice).toContain(refusal.sentence);
      if (i === 0) expect(await violationsOfAnswer(chromium.browser, page)).toEqual([]);
    }
    expect(await s.store.listEventRsvps(INSTALLATION)).toEqual([]);

    const sent: string[][] = [];
    for (let i = 0; i < NAMES_TAKEN.length; i += 2) {
      const [typed, kept] = EMAILS_TAKEN[(i / 2) % EMAILS_TAKEN.length] ?? ["", ""];
      const person = {
        firstName: NAMES_TAKEN[i] ?? "",
        lastName: NAMES_TAKEN[i + 1] ?? NAMES_TAKEN[0] ?? "",
        masonicTitle: TITLES_TAKEN[(i / 2) % TITLES_TAKEN.length] ?? "",
        email: typed.replace("@", `.${i}@`),
      };
      await page.goto(path);
      for (const [field, value] of Object.entries(person)) {
        await page.getByLabel(LABELS[field as Refusal["field"]]).fill(value);
      }
      await page.getByRole("button", { name: "Submit" }).click();
      expect(await page.locator("#form-answer h2").innerText()).toBe("Success!");
      sent.push([
        person.firstName,
        person.lastName,
        person.masonicTitle,
        kept.replace("@", `.${i}@`),
      ]);
    }
    const stored = (await s.store.listEventRsvps(INSTALLATION)).map((r) => r.record);
    expect(stored.map((r) => [r.firstName, r.lastName, r.masonicTitle, r.email])).toEqual(sent);
    await page.context().close();
  });
});
