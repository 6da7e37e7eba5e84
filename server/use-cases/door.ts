import { doorOpen, doorWindow } from "../../core/rules/door.ts";
import { findsBrother } from "../../core/rules/door-search.ts";
import { eventStart, formatDayAndTime, formatMediumDate } from "../../core/rules/time.ts";
import type { DoorChange, DoorRegister } from "../../core/schemas/door.ts";
import type { Event } from "../../core/schemas/index.ts";
import { inGoodStanding } from "../../core/schemas/member.ts";
import { readDoorToken } from "../members/door-link.ts";
import type { UseCaseContext } from "./context.ts";
import { Refusal } from "./refusal.ts";

/**
 * The Tyler's register at the door: the link opened, the register read, the marks and visitors
 * the phone sends kept (each once, by its mark id). The door route calls these; a refusal says
 * what the Tyler can do.
 */

/** What the door's use cases read: the store, the lodge's data, the links' secret, the clock. */
export type DoorContext = Pick<UseCaseContext, "store" | "data" | "secret" | "now">;

/** How the register names a brother: his name, nothing else of the roll. */
const nameOf = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`;

/** The meeting a door link names, while its window is open; or the refusal the Tyler can act on. */
export function openDoor(ctx: DoorContext, token: string): Event {
  const eventId = readDoorToken(ctx.secret, token);
  if (!eventId) {
    throw new Refusal(
      "not-found",
      "This link does not open a register: it may have been cut short. Ask the secretary for the door link again (lodge door), or scan its code.",
    );
  }
  const { events, lodge } = ctx.data();
  const event = events.find((candidate) => candidate.id === eventId);
  if (!event) {
    throw new Refusal(
      "gone",
      "The meeting this link was for is no longer in the lodge's calendar. Keep the register on paper and give it to the secretary.",
    );
  }
  const state = doorOpen(event, lodge.timeZone, ctx.now());
  if (state !== "open") {
    const { from, until } = doorWindow(event, lodge.timeZone);
    const day = formatMediumDate(eventStart(event.date));
    throw new Refusal(
      state === "early" ? "conflict" : "gone",
      state === "early"
        ? `The register of ${event.name} on ${day} opens the day before it (${from.toISOString().slice(0, 10)}). Open this link again then.`
        : `The register of ${event.name} on ${day} closed at the end of the day after it (${until.toISOString().slice(0, 10)}). Give the secretary any marks made on paper.`,
    );
  }
  return event;
}

/** The register as the door page shows it: answered brothers first, then the rest of the roll. */
export async function doorRegister(
  ctx: DoorContext,
  event: Event,
  refused: DoorRegister["refused"] = [],
): Promise<DoorRegister> {
  const [members, answers, register] = await Promise.all([
    ctx.store.listMembers(),
    ctx.store.listMemberAnswers(event.id),
    ctx.store.register(event.id),
  ]);
  const attending = new Set(
    answers.filter((a) => a.answer.answer !== "apologies").map((a) => a.member.id),
  );
  const marks = new Map(register.members.map((m) => [m.memberId, m.markIds]));
  const shown = members.filter(
    (m) => attending.has(m.id) || marks.has(m.id) || inGoodStanding(m.status),
  );
  const byName = (a: (typeof shown)[number], b: (typeof shown)[number]) =>
    a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName);
  const ordered = [
    ...shown.filter((m) => attending.has(m.id)).sort(byName),
    ...shown.filter((m) => !attending.has(m.id)).sort(byName),
  ];
  return {
    event: { id: event.id, name: event.name, when: formatDayAndTime(eventStart(event.date)) },
    brothers: ordered.map((m) => ({
      id: m.id,
      name: nameOf(m),
      number: m.number,
      answered: attending.has(m.id),
      markIds: marks.get(m.id) ?? [],
    })),
    visitors: register.visitors.map(({ vouchedBy: _, ...visitor }) => visitor),
    refused,
  };
}

/** Keeps the changes made at the door, in order; the register after them, with any refused. */
export async function keepDoorChanges(
  ctx: DoorContext,
  event: Event,
  changes: readonly DoorChange[],
): Promise<DoorRegister> {
  const now = ctx.now();
  const onRoll = new Set((await ctx.store.listMembers()).map((m) => m.id));
  const refused: DoorRegister["refused"] = [];
  const sent = { eventId: event.id, now };
  for (const change of changes) {
    const { markId } = change;
    let outcome: string | undefined;
    if (change.kind === "mark" || change.kind === "undo") {
      if (!onRoll.has(change.memberId)) {
        refused.push({ markId, message: "That brother is no longer on the roll." });
        continue;
      }
      outcome =
        change.kind === "mark"
          ? await ctx.store.markPresent({ ...sent, markId, memberId: change.memberId })
          : await ctx.store.undoMark({ ...sent, markId, marked: { memberId: change.memberId } });
    } else if (change.kind === "undo-visitor") {
      outcome = await ctx.store.undoMark({
        ...sent,
        markId,
        marked: { visitorId: change.visitorId },
      });
    } else {
      const { vouchedBy, ...visitor } = change.visitor;
      const vouched = vouchedBy !== undefined && onRoll.has(vouchedBy) ? vouchedBy : undefined;
      const id = await ctx.store.addVisitor({
        ...sent,
        markId,
        visitor: { ...visitor, lodgeNumber: visitor.lodgeNumber, vouchedBy: vouched },
      });
      outcome = id === undefined ? "conflict" : "kept";
    }
    if (outcome === "conflict") {
      refused.push({
        markId,
        message: "This mark's id was used for another brother or meeting; it was not kept.",
      });
    }
  }
  return doorRegister(ctx, event, refused);
}

/** Visitors who came before whose names `typed` finds, the most recent first (at most 10). */
export async function findVisitors(ctx: DoorContext, typed: string) {
  if (typed.trim().length < 2) return { visitors: [] };
  const all = await ctx.store.listVisitors();
  const found = all.filter((v) => findsBrother(typed, { name: v.name })).slice(0, 10);
  return { visitors: found.map(({ vouchedBy: _, ...v }) => ({ ...v, markIds: [] })) };
}
