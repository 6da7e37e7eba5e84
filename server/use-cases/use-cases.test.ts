import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ALERTS } from "../../core/messages.ts";
import { buildEventRsvpPayload } from "../../core/rules/index.ts";
import { Clock, TEST_SECRET, testData, testEvent } from "../../test/support/api-harness.ts";
import { statusOf } from "../http/errors.ts";
import { loadTemplates } from "../mail/templates.ts";
import { EventLanes } from "../rsvp/event-lanes.ts";
import { openStore } from "../store/open-store.ts";
import type { Store } from "../store/store.ts";
import { type Caller, mailContextOf, type UseCaseContext } from "./context.ts";
import { placeEventRsvp } from "./place-rsvp.ts";
import { Refusal } from "./refusal.ts";

const MAIL = { secretaryEmail: "secretary@example.org", mailFrom: "lodge@example.org" };

let opened: { store: Store; dir: string } | undefined;
afterEach(async () => {
  await opened?.store.close();
  if (opened) rmSync(opened.dir, { recursive: true, force: true });
  opened = undefined;
});

/** The use cases' context on a SQLite file, without a server: what a command would build. */
function useCases(): UseCaseContext & { kicks: number } {
  const dir = mkdtempSync(join(tmpdir(), "lodge-use-cases-"));
  const clock = new Clock();
  const store = openStore(join(dir, "lodge.db"), clock.now());
  opened = { store, dir };
  const data = testData();
  const mail = mailContextOf(MAIL, data.lodge, loadTemplates());
  const ctx = {
    store,
    data: () => data,
    now: clock.now,
    mail: () => mail,
    secret: TEST_SECRET,
    lanes: new EventLanes(),
    kicks: 0,
    queued: () => {
      ctx.kicks += 1;
    },
  };
  return ctx;
}

const caller = (key?: string): Caller => ({
  origin: "http://127.0.0.1:8080",
  clientKey: "network-1",
  idempotencyKey: key,
});

const rsvp = (eventId: string) =>
  buildEventRsvpPayload(testEvent(eventId), {
    firstName: "Ann",
    lastName: "Example",
    masonicTitle: "",
    email: "ann@example.org",
    numberOfAttendees: 1,
    earlyBirdDinner: false,
    numberOfMeals: 1,
    mealChoice: "",
  });

describe("the use cases, called without HTTP", () => {
  it("place an RSVP once, wake the mail worker for it, and answer a replay as stored", async () => {
    const ctx = useCases();
    const first = await placeEventRsvp(ctx, rsvp("dinner-meeting"), caller("key-1"));
    expect(first).toEqual({ status: 200, body: { message: ALERTS.rsvpSuccess.text } });
    expect(ctx.kicks).toBe(1);
    const again = await placeEventRsvp(ctx, rsvp("dinner-meeting"), caller("key-1"));
    expect(again).toEqual(first);
    // A replay queues nothing new: the worker is not woken for it.
    expect(ctx.kicks).toBe(1);
    expect((await ctx.store.attendeeCounts()).get("dinner-meeting")).toBe(1);
  });

  it("refuse with a reason and a sentence, which the API answers with its status", async () => {
    const ctx = useCases();
    const refused = await placeEventRsvp(ctx, rsvp("last-month"), caller()).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(Refusal);
    expect((refused as Refusal).reason).toBe("conflict");
    expect((refused as Refusal).message).toMatch(/has already taken place\.$/);
    expect(statusOf(refused as Refusal)).toBe(409);
    expect(ctx.kicks).toBe(0);
    expect((await ctx.store.attendeeCounts()).get("last-month")).toBeUndefined();
  });
});
