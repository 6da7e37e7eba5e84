import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ALERTS } from "../../core/messages.ts";
import { upcomingEvents } from "../../core/rules/index.ts";
import { HttpError } from "../http/errors.ts";
import { idempotencyFor, requestHash } from "../http/idempotency.ts";
import { eventRsvpMails } from "../mail/messages.ts";
import { checkOpen, eventRecord, findEvent, fullError, readEventRsvp } from "../rsvp/event-rsvp.ts";
import { answer, type RouteContext } from "./context.ts";

const readQuery = z.object({ event: z.string().max(200).optional() });

/** POST /mj/api/rsvp, POST /sheets/api/append-rsvp and GET /sheets/api/read (SPEC 7). */
export function eventRsvpRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { data } = ctx;
  const { timeZone, guestLimit } = data.lodge;

  app.post("/mj/api/rsvp", async (request, reply) => {
    const now = ctx.now();
    const { event, form } = readEventRsvp(data, request.body, (found) =>
      checkOpen(found, now, timeZone),
    );
    const hash = requestHash("rsvp", { eventId: event.id, form });
    const outcome = await ctx.store.addEventRsvp(
      {
        record: eventRecord(event, form),
        receivedAt: now,
        idempotency: idempotencyFor("rsvp", hash, request.headers["idempotency-key"], now),
        mails: await eventRsvpMails(ctx.mail, event, form, now),
        response: { status: 200, body: { message: ALERTS.rsvpSuccess.text } },
      },
      guestLimit,
    );
    return answer(reply, outcome, ctx.worker, (taken, limit) =>
      fullError(form.numberOfAttendees, taken, limit),
    );
  });

  // The site's spreadsheet write, sent after the RSVP succeeded: the row is the stored RSVP,
  // so this only notes that the write arrived. Sent twice, it notes it once.
  app.post("/sheets/api/append-rsvp", async (request, reply) => {
    const { event, form } = readEventRsvp(data, request.body);
    const hash = requestHash("rsvp", { eventId: event.id, form });
    if (!(await ctx.store.recordSheetRow("event", hash, ctx.now()))) {
      throw new HttpError(404, "No stored RSVP matches this row; send the RSVP itself first.");
    }
    return reply.send(true);
  });

  app.get("/sheets/api/read", async (request, reply) => {
    const query = readQuery.safeParse(request.query);
    if (!query.success)
      throw new HttpError(
        400,
        "Give one event id, e.g. ?event=2024-09-04-stated-meeting.",
        "event",
      );
    const now = ctx.now();
    const taken = await ctx.store.attendeeCounts();
    const open = upcomingEvents(
      data.events.filter((event) => event.rsvpOptions && !event.cancelled),
      now,
      timeZone,
    );
    const counts = Object.fromEntries(open.map((event) => [event.id, taken.get(event.id) ?? 0]));
    let count = 0;
    if (query.data.event !== undefined) {
      const event = findEvent(data, query.data.event);
      count = taken.get(event.id) ?? 0;
    } else if (open[0]) {
      count = counts[open[0].id] ?? 0;
    }
    reply.header("cache-control", "no-store");
    return { data: count, counts, guestLimit };
  });
}
