import type { ApiResponse } from "../../../core/api/routes.ts";
import type { DoorChange, DoorVisitor } from "../../../core/schemas/door.ts";

/**
 * The door page's marks while they wait to be sent: kept on the phone (localStorage) so that a
 * room without signal loses none, laid over the register the server last gave, and sent each
 * once (the server keeps a mark by its id, however often it comes).
 */

export type Register = ApiResponse<"doorRegister">;
export type Brother = Register["brothers"][number];

/** A visitor as the page shows him: from the server (`id`), or added here and not yet sent. */
export interface ShownVisitor extends DoorVisitor {
  markId: string;
  sent: boolean;
}

/** A new mark's id: random, so two phones never name two marks alike. */
export function newMarkId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Where the phone keeps the marks of one door link. */
const keyOf = (token: string) => `lodge-door:${token.slice(0, token.lastIndexOf(".") + 1)}`;

export function loadWaiting(token: string): DoorChange[] {
  try {
    const kept = JSON.parse(localStorage.getItem(keyOf(token)) ?? "[]");
    return Array.isArray(kept) ? (kept as DoorChange[]) : [];
  } catch {
    return [];
  }
}

export function saveWaiting(token: string, waiting: readonly DoorChange[]): void {
  try {
    if (waiting.length === 0) localStorage.removeItem(keyOf(token));
    else localStorage.setItem(keyOf(token), JSON.stringify(waiting));
  } catch {
    // A phone that keeps nothing (private mode, full): the marks live as long as the page.
  }
}

/** The marks that hold each brother present: the server's, with the waiting changes laid over. */
export function marksOf(register: Register | undefined, waiting: readonly DoorChange[]) {
  const marks = new Map<number, Set<string>>();
  for (const brother of register?.brothers ?? []) marks.set(brother.id, new Set(brother.markIds));
  for (const change of waiting) {
    if (change.kind !== "mark" && change.kind !== "undo") continue;
    const his = marks.get(change.memberId) ?? new Set<string>();
    if (change.kind === "mark") his.add(change.markId);
    else his.delete(change.markId);
    marks.set(change.memberId, his);
  }
  return marks;
}

/** The visitors present: the server's, less those undone, with those added here and not sent. */
export function visitorsOf(register: Register | undefined, waiting: readonly DoorChange[]) {
  const undone = new Set(waiting.flatMap((c) => (c.kind === "undo-visitor" ? [c.markId] : [])));
  const shown: ShownVisitor[] = [];
  for (const visitor of register?.visitors ?? []) {
    const markId = visitor.markIds.find((id) => !undone.has(id));
    if (markId) shown.push({ ...visitor, markId, sent: true });
  }
  for (const change of waiting) {
    if (change.kind === "visitor" && !shown.some((v) => v.markId === change.markId)) {
      shown.push({ ...change.visitor, markId: change.markId, sent: false });
    }
  }
  return shown;
}

/** The waiting changes left once `sent` has been kept: those made since it was sent. */
export function afterSending(waiting: readonly DoorChange[], sent: readonly DoorChange[]) {
  const gone = new Set(sent.map((c) => `${c.kind}:${c.markId}`));
  return waiting.filter((c) => !gone.has(`${c.kind}:${c.markId}`));
}
