import { upcomingEvents } from "../../core/rules/index.ts";
import type { EventRsvpPayload } from "../../core/schemas/index.ts";
import { requestHash } from "../http/idempotency.ts";
import { findEvent, readEventRsvp } from "../rsvp/event-rsvp.ts";
import type { UseCaseContext } from "./context.ts";
import { Refusal } from "./refusal.ts";

/**
 * The seats taken of the upcoming events that take RSVPs (SPEC 7's GET /sheets/api/read): the
 * named event's, or the next one's, and each one's by id.
 */
export async function attendeeCounts(ctx: UseCaseContext, eventId: string | undefined) {
  const now = ctx.now();
  const data = ctx.data();
  const { timeZone, guestLimit } = data.lodge;
  const taken = await ctx.store.attendeeCounts();
  const open = upcomingEvents(
    data.events.filter((event) => event.rsvpOptions && !event.cancelled),
    now,
    timeZone,
  );
  const counts = Object.fromEntries(open.map((event) => [event.id, taken.get(event.id) ?? 0]));
  let count = 0;
  if (eventId !== undefined) {
    count = taken.get(findEvent(data, eventId).id) ?? 0;
  } else if (open[0]) {
    count = counts[open[0].id] ?? 0;
  }
  return { data: count, counts, guestLimit };
}

/** The hash of the stored event RSVP a spreadsheet row repeats (see noteSheetRow). */
export function eventRsvpHash(ctx: UseCaseContext, payload: EventRsvpPayload): string {
  const { event, form } = readEventRsvp(ctx.data(), payload);
  return requestHash("rsvp", { eventId: event.id, form });
}

/**
 * A spreadsheet write of SPEC 7, sent by the site after the RSVP it repeats was stored: the row
 * is that stored RSVP, found by its hash, so this only notes that the write arrived. Sent twice,
 * it notes it once; without a stored RSVP it is refused.
 */
export async function noteSheetRow(
  ctx: UseCaseContext,
  kind: "event" | "social",
  requestHash: string,
): Promise<true> {
  if (!(await ctx.store.recordSheetRow({ kind, requestHash, now: ctx.now() }))) {
    throw new Refusal("not-found", "No stored RSVP matches this row; send the RSVP itself first.");
  }
  return true;
}
