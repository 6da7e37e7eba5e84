import type { HeldAnswer } from "./answer-view.ts";

/**
 * The roll as the store keeps it, and what the summons, the answers and the caterer's numbers
 * ask of the store. A member is personal data: it lives in the server's database only, and a
 * removed member's row keeps no name, address, number or key, only what the lodge counts.
 */

import type { Member } from "../../core/schemas/member.ts";

/** A member of the roll: his fields, the row's id, and the key his answer links name him by. */
export interface RollMember extends Member {
  id: number;
  key: string;
}

/** A member's answer to an event, with who gave it, as the secretary's listing shows it. */
export interface AnsweredMember {
  member: RollMember;
  answer: HeldAnswer;
  answeredAt: Date;
}

/** The mails the lodge sends its members about an event, each once per member. */
export type SummonsMailKind = "summons" | "chaser";

/** The caterer's mails about an event, each once. */
export type CatererMailKind = "sheet" | "revised";

/** What the caterer was sent: when, the numbers (no names) and their fingerprint. */
export interface CatererSend {
  sentAt: Date;
  dinners: number;
  meals: { choice: string; count: number }[];
  fingerprint: string;
}
