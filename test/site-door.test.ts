import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, inject, it } from "vitest";
import type { Member } from "../core/schemas/member.ts";
import { doorToken } from "../server/members/door-link.ts";
import {
  Clock,
  sampleData,
  startServer,
  TEST_SECRET,
  type TestServer,
} from "./support/api-harness.ts";
import { chromiumForFile, closePage, openPage } from "./support/site/app.ts";
import { violationsOf } from "./support/site/axe.ts";

/**
 * The Tyler's register in Chromium at a phone's width, on the built site and the real server at
 * the meeting's hour: brothers marked with a tap and undone with another, found by name or
 * number whatever the accents, the phone taken offline (the browser's emulation) while it marks
 * and adds a visitor, and every mark stored once when it is back; two phones marking at once
 * lose nothing. LODGE_SHOTS=DIR keeps screenshots.
 */
const site = inject("site");
const chromium = chromiumForFile();
const SHOTS = process.env.LODGE_SHOTS;
const EVENT = "2026-12-02-stated-meeting";
/** 6 PM in New York on the meeting's day, an hour and a half before it starts. */
const AT_THE_DOOR = new Date("2026-12-02T23:00:00Z");

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

const brother = (n: number, firstName: string, lastName: string): Member & { key: string } => ({
  number: String(10_400 + n),
  firstName,
  lastName,
  title: "",
  email: `b${n}@example.org`,
  phone: "555-0100",
  degree: "master-mason",
  status: "active",
  dietary: "",
  key: `k${String(n).padStart(15, "0")}`,
});
const ROLL = [
  brother(1, "José", "Martínez"),
  brother(2, "Arthur", "Penhaligon"),
  brother(3, "Connor", "O'Neill"),
  brother(4, "David", "Abernethy"),
  brother(5, "Edward", "Blackwood"),
  brother(6, "Frank", "Castellano"),
];

/** The server on the built site, at the door, with the roll and one brother who answered. */
async function atTheDoor(): Promise<{ s: TestServer; link: string; id: (n: number) => number }> {
  const s = await startServer({
    data: sampleData(),
    config: { distDir: site.dir },
    clock: new Clock(AT_THE_DOOR),
  });
  cleanups.push(() => s.close());
  await s.store.importRoll({ add: ROLL, change: [], remove: [], now: AT_THE_DOOR });
  const members = await s.store.listMembers();
  const id = (n: number) => members.find((m) => m.number === String(10_400 + n))?.id ?? 0;
  const [penhaligon] = members.filter((m) => m.id === id(2));
  if (!penhaligon) throw new Error("no roll");
  await s.store.answerSummons({
    member: penhaligon,
    eventId: EVENT,
    given: { answer: "attending" },
    guestLimit: 100,
    now: AT_THE_DOOR,
    mails: { seated: [], waiting: [] },
  });
  return { s, link: `${s.url}/rsvp/door#t=${doorToken(TEST_SECRET, EVENT)}`, id };
}

async function openDoor(link: string): Promise<Page> {
  const page = await openPage(chromium.browser, link, {
    width: 390,
    height: 844,
    touch: true,
    answered: "/mj/api/door/view",
  });
  cleanups.push(() => closePage(page));
  return page;
}

const brotherButton = (page: Page, name: string) =>
  page.getByRole("button", { name: new RegExp(`^${name}`) });
const search = (page: Page, typed: string) => page.getByLabel("Find a brother").fill(typed);

/** Who is present in the store, by roll number, and how many marks it keeps in all. */
async function stored(s: TestServer) {
  const register = await s.store.register(EVENT);
  const members = await s.store.listMembers();
  const numberOf = (id: number) => members.find((m) => m.id === id)?.number;
  const dump = await s.store.dump();
  return {
    present: register.members.map((m) => numberOf(m.memberId)).sort(),
    visitors: register.visitors.map((v) => `${v.name}, ${v.lodgeName} No. ${v.lodgeNumber}`),
    rows: dump.attendance.length,
  };
}

describe("the door page (/rsvp/door#t=...)", () => {
  it("marks with a tap, undoes with another, keeps marking offline and sends every mark once when back", async () => {
    const { s, link } = await atTheDoor();
    const page = await openDoor(link);
    await page.getByRole("heading", { name: /Stated Meeting/ }).waitFor();
    // The brother who said he attends is there before any search; nothing of the roll but
    // names and numbers.
    expect(await page.locator(".door-list").first().innerText()).toContain("Arthur Penhaligon");
    expect(await page.locator("body").innerText()).not.toContain("555-0100");
    await brotherButton(page, "Arthur Penhaligon").click();
    await expect.poll(async () => (await stored(s)).present).toEqual(["10402"]);
    await search(page, "MARTINEZ");
    await brotherButton(page, "José Martínez").click();
    await search(page, "10403");
    await brotherButton(page, "Connor O'Neill").click();
    await brotherButton(page, "Connor O'Neill").click();
    await expect.poll(async () => (await stored(s)).present).toEqual(["10401", "10402"]);
    expect(await page.locator(".door-counts").innerText()).toBe(
      "2 brothers and 0 visitors present",
    );
    expect(await violationsOf(page, 390)).toEqual([]);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, "door-390-online.png"), fullPage: true });
    }

    await page.context().setOffline(true);
    await search(page, "aber");
    await brotherButton(page, "David Abernethy").click();
    await search(page, "blackw");
    await brotherButton(page, "Edward Blackwood").click();
    await page.getByLabel("Name", { exact: true }).fill("Jean Dupré");
    await page.getByLabel("His lodge").fill("Lodge of Friendship");
    await page.getByLabel("Its number").fill("206");
    await page.getByLabel("Vouched for by").selectOption({ label: "José Martínez" });
    await page.getByRole("button", { name: "Add the visitor" }).click();
    await expect
      .poll(() => page.locator(".door-waiting").innerText())
      .toBe("3 marks waiting to send");
    expect(await page.locator(".door-counts").innerText()).toBe("4 brothers and 1 visitor present");
    // The marks are kept on the phone, not only in the page.
    const kept = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith("lodge-door:")),
    );
    expect(kept).toHaveLength(1);
    expect((await stored(s)).present).toEqual(["10401", "10402"]);
    if (SHOTS) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(SHOTS, "door-390-offline.png") });
    }

    await page.context().setOffline(false);
    await page.locator(".door-waiting").waitFor({ state: "detached" });
    expect(await stored(s)).toEqual({
      present: ["10401", "10402", "10404", "10405"],
      visitors: ["Jean Dupré, Lodge of Friendship No. 206"],
      // Penhaligon, Martínez, O'Neill (marked and undone), Abernethy, Blackwood, the visitor.
      rows: 6,
    });
    expect(await page.evaluate(() => Object.keys(localStorage).length)).toBe(0);
  });

  it("loses nothing when two phones mark at once, and one phone's undo never takes back a mark it had not seen", async () => {
    const { s, link } = await atTheDoor();
    const [one, two] = [await openDoor(link), await openDoor(link)];
    const present = async () => (await stored(s)).present;
    await brotherButton(one, "Arthur Penhaligon").click();
    await expect.poll(present).toEqual(["10402"]);
    // The second phone, in a corner without signal, marks him too, not having seen the first
    // phone's mark; the first phone then takes back its own.
    await two.context().setOffline(true);
    await brotherButton(two, "Arthur Penhaligon").click();
    await brotherButton(one, "Arthur Penhaligon").click();
    await expect.poll(present).toEqual([]);
    await Promise.all([search(one, "aber"), search(two, "castell")]);
    await brotherButton(two, "Frank Castellano").click();
    // Back online, its marks go as the first phone marks another brother.
    await Promise.all([
      two.context().setOffline(false),
      brotherButton(one, "David Abernethy").click(),
    ]);
    await expect.poll(present).toEqual(["10402", "10404", "10406"]);
    await two.locator(".door-waiting").waitFor({ state: "detached" });
    expect((await stored(s)).rows).toBe(4);
    // Each phone reads the register again every 15 seconds: the other's marks show on it.
    for (const page of [one, two]) {
      await page.clock.fastForward(15_000);
      await expect
        .poll(() => page.locator(".door-counts").innerText())
        .toBe("3 brothers and 0 visitors present");
    }
  });
});
