import type { Degree } from "../../core/rules/degrees.ts";
import { read, type Tx, write } from "../db/database.ts";
import { list, set, sql, values } from "../db/sql.ts";
import { type ComposedMail, queueMails } from "./outbox.ts";
import { moment } from "./rows.ts";

/**
 * The Tyler's register: who was present at each meeting, members and visitors. The lodge's
 * records, kept apart from the RSVPs (never erased with their personal data): a removed
 * member's marks stay, naming a row that keeps nothing personal, so they count on.
 *
 * Each mark is named by the phone at the door (`markId`, random): sent twice, it is kept once.
 * A second tap undoes that mark only, so two phones marking the same brother never undo each
 * other: he is present while any mark of his stands. An undo that arrives before its mark
 * (the phone sends in order, but two phones do not) is kept, and the mark arrives undone.
 */

/** A visitor as the Tyler took him: his lodge, his degree, and the member who vouched for him. */
export interface VisitorFields {
  name: string;
  lodgeName: string;
  lodgeNumber: string;
  degree: Degree;
  /** The member (by id) who vouched for him, if one did. */
  vouchedBy?: number | undefined;
}

export interface Visitor extends VisitorFields {
  id: number;
}

/** A mark sent from the door: its id, the event, when it arrived. */
export interface MarkSent {
  markId: string;
  eventId: string;
  now: Date;
}

/** Whom a mark names: a member or a visitor, by id. */
export type Marked = { memberId: number } | { visitorId: number };

/**
 * What became of a mark or an undo: `kept` (new), `again` (that mark id was kept before, as
 * sent), or `conflict` (that mark id names another event or person: nothing was changed).
 */
export type MarkOutcome = "kept" | "again" | "conflict";

/** The register of an event as the door shows it: the marks that stand, by whom. */
export interface Register {
  members: { memberId: number; markIds: string[] }[];
  visitors: (Visitor & { markIds: string[] })[];
}

/** A mark in the register, for the secretary's reports. */
export interface AttendanceMark {
  eventId: string;
  memberId?: number | undefined;
  visitorId?: number | undefined;
  markedAt: Date;
}

function whom(marked: Marked) {
  return "memberId" in marked
    ? { member_id: marked.memberId, visitor_id: null }
    : { member_id: null, visitor_id: marked.visitorId };
}

/** Keeps a mark (undone already when `undone`) unless its id is kept; what became of it. */
async function keepMark(
  tx: Tx,
  mark: MarkSent & { marked: Marked; undone: boolean },
): Promise<MarkOutcome> {
  const row = {
    mark_id: mark.markId,
    event_id: mark.eventId,
    ...whom(mark.marked),
    marked_at: mark.now,
    undone_at: mark.undone ? mark.now : null,
  };
  const added = await tx.run(
    sql`INSERT INTO attendance ${values(row)} ON CONFLICT (mark_id) DO NOTHING`,
  );
  const kept = await tx.one<Record<string, unknown>>(
    sql`SELECT * FROM attendance WHERE mark_id = ${mark.markId}`,
  );
  const same =
    kept?.event_id === row.event_id &&
    Number(kept.member_id ?? 0) === Number(row.member_id ?? 0) &&
    Number(kept.visitor_id ?? 0) === Number(row.visitor_id ?? 0);
  if (!same) return "conflict";
  if (added > 0) return "kept";
  if (mark.undone && (kept.undone_at === null || kept.undone_at === undefined)) {
    await tx.run(sql`UPDATE attendance SET undone_at = ${mark.now} WHERE mark_id = ${mark.markId}`);
    return "kept";
  }
  return "again";
}

function visitorColumns(visitor: VisitorFields) {
  return {
    name: visitor.name,
    lodge_name: visitor.lodgeName,
    lodge_number: visitor.lodgeNumber,
    degree: visitor.degree,
    vouched_by: visitor.vouchedBy ?? null,
  };
}

function visitorOf(row: Record<string, unknown>): Visitor {
  const vouchedBy = row.vouched_by;
  return {
    id: Number(row.id),
    name: String(row.name),
    lodgeName: String(row.lodge_name),
    lodgeNumber: String(row.lodge_number),
    degree: String(row.degree) as Degree,
    ...(vouchedBy === null || vouchedBy === undefined ? {} : { vouchedBy: Number(vouchedBy) }),
  };
}

/** The marks of `rows` that stand, gathered by whom they name. */
function standing(rows: Record<string, unknown>[], column: "member_id" | "visitor_id") {
  const marks = new Map<number, string[]>();
  for (const row of rows) {
    if (row[column] === null || row[column] === undefined) continue;
    const id = Number(row[column]);
    marks.set(id, [...(marks.get(id) ?? []), String(row.mark_id)]);
  }
  return marks;
}

export const attendanceOperations = {
  /** Queues the door link's mail (lodge door --to): the lodge's own, naming no one of the roll. */
  queueDoorMail: write((tx, { mail, now }: { mail: ComposedMail; now: Date }) =>
    queueMails(tx, "lodge", null, [mail], now),
  ),
  /** Marks a member present at an event (mark.markId, once however often it is sent). */
  markPresent: write((tx, mark: MarkSent & { memberId: number }) =>
    keepMark(tx, { ...mark, marked: { memberId: mark.memberId }, undone: false }),
  ),
  /** Undoes the mark `markId` of a member or visitor (kept undone if it has not arrived yet). */
  undoMark: write((tx, mark: MarkSent & { marked: Marked }) =>
    keepMark(tx, { ...mark, undone: true }),
  ),
  /**
   * Adds a visitor to an event's register with the mark `markId`: a new visitor, or one who came
   * before (`id`), his lodge and vouching brought up to date. Sent twice, kept once. His id, or
   * undefined when the mark id names something else or `id` no visitor.
   */
  addVisitor: write(
    async (tx, visit: MarkSent & { visitor: VisitorFields & { id?: number | undefined } }) => {
      const before = await tx.one<{ visitor_id: number | null }>(
        sql`SELECT visitor_id FROM attendance WHERE mark_id = ${visit.markId}`,
      );
      if (before) return before.visitor_id === null ? undefined : Number(before.visitor_id);
      const { id, ...fields } = visit.visitor;
      const columns = { ...visitorColumns(fields), updated_at: visit.now };
      let visitorId: number;
      if (id === undefined) {
        visitorId = await tx.insert("visitors", { ...columns, added_at: visit.now });
      } else {
        const changed = await tx.run(sql`UPDATE visitors SET ${set(columns)} WHERE id = ${id}`);
        if (changed === 0) return undefined;
        visitorId = id;
      }
      const outcome = await keepMark(tx, { ...visit, marked: { visitorId }, undone: false });
      return outcome === "conflict" ? undefined : visitorId;
    },
  ),
  /** The runs of absences the Almoner was told of, as `${memberId}:${since}`. */
  almonerToldRuns: read(async (query) => {
    const rows = await query.all(sql`SELECT member_id, since_event FROM almoner_notices`);
    return new Set(rows.map((row) => `${Number(row.member_id)}:${String(row.since_event)}`));
  }),
  /**
   * Records the runs the Almoner is told of and queues his mail, in one transaction; nothing is
   * queued (0) when another instance recorded them first.
   */
  queueAlmonerMail: write(
    async (
      tx,
      told: { runs: { memberId: number; since: string }[]; mail: ComposedMail; now: Date },
    ) => {
      const rows = told.runs.map((run) => ({
        member_id: run.memberId,
        since_event: run.since,
        told_at: told.now,
      }));
      const claimed = await tx.run(sql`INSERT INTO almoner_notices ${values(rows)}
        ON CONFLICT (member_id, since_event) DO NOTHING`);
      if (claimed < rows.length) return 0;
      await queueMails(tx, "lodge", null, [told.mail], told.now);
      return claimed;
    },
  ),
  /** The event's register: the marks that stand, members' and visitors'. */
  register: read(async (query, eventId: string): Promise<Register> => {
    const rows = await query.all(sql`SELECT mark_id, member_id, visitor_id FROM attendance
      WHERE event_id = ${eventId} AND undone_at IS NULL ORDER BY id`);
    const members = standing(rows, "member_id");
    const visitorMarks = standing(rows, "visitor_id");
    const ids = [...visitorMarks.keys()];
    const visitors =
      ids.length === 0
        ? []
        : await query.all(sql`SELECT * FROM visitors WHERE id IN (${list(ids)}) ORDER BY id`);
    return {
      members: [...members].map(([memberId, markIds]) => ({ memberId, markIds })),
      visitors: visitors.map((row) => {
        const visitor = visitorOf(row);
        return { ...visitor, markIds: visitorMarks.get(visitor.id) ?? [] };
      }),
    };
  }),
  /** Every visitor the lodge has had, the most recent first (the door finds one by name). */
  listVisitors: read(async (query) => {
    const rows = await query.all(sql`SELECT * FROM visitors ORDER BY updated_at DESC, id DESC`);
    return rows.map(visitorOf);
  }),
  /** The marks that stand at `eventIds` (members' and visitors'), for the secretary's reports. */
  attendanceAt: read(async (query, eventIds: readonly string[]): Promise<AttendanceMark[]> => {
    if (eventIds.length === 0) return [];
    const rows = await query.all(sql`SELECT event_id, member_id, visitor_id, MIN(marked_at) AS at,
      MIN(id) AS first
      FROM attendance WHERE event_id IN (${list(eventIds)}) AND undone_at IS NULL
      GROUP BY event_id, member_id, visitor_id ORDER BY event_id, first`);
    return rows.map((row) => ({
      eventId: String(row.event_id),
      ...(row.member_id === null ? {} : { memberId: Number(row.member_id) }),
      ...(row.visitor_id === null ? {} : { visitorId: Number(row.visitor_id) }),
      markedAt: moment(row.at),
    }));
  }),
};
