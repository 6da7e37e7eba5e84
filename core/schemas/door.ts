import { z } from "zod";
import { DEGREES } from "../rules/degrees.ts";

/**
 * What the door page (/rsvp/door#t=...) and the server say to each other: the register of a
 * meeting as the Tyler's phone shows it, and the marks it sends. The page shows nothing of the
 * roll beyond a brother's name and number.
 */

/** The door link's token, sent in the body: never in an address, so in no log. */
const doorToken = z.string().min(1).max(200);

/** The phone's name for a mark: random, so a mark sent again is kept once. */
const markId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "a mark id is 8 to 64 letters, digits, - or _");
const text = (max: number) => z.string().trim().max(max);

/** A visitor as the Tyler takes him; `id` when he came before (found by name). */
export const doorVisitorSchema = z.object({
  id: z.number().int().positive().optional(),
  name: text(100).min(1, "a visitor's name is needed"),
  lodgeName: text(120).min(1, "the visitor's lodge is needed"),
  lodgeNumber: text(20),
  degree: z.enum(DEGREES),
  /** The member (his id in the register) who vouched for him. */
  vouchedBy: z.number().int().positive().optional(),
});
export type DoorVisitor = z.infer<typeof doorVisitorSchema>;

/**
 * A change the phone sends: a brother marked present or his mark undone, a visitor added or his
 * mark undone. Each named by its mark id; an undo names the mark it takes back.
 */
export const doorChangeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("mark"), markId, memberId: z.number().int().positive() }),
  z.object({ kind: z.literal("undo"), markId, memberId: z.number().int().positive() }),
  z.object({ kind: z.literal("visitor"), markId, visitor: doorVisitorSchema }),
  z.object({ kind: z.literal("undo-visitor"), markId, visitorId: z.number().int().positive() }),
]);
export type DoorChange = z.infer<typeof doorChangeSchema>;

/** POST /mj/api/door/view: the door link's token. */
export const doorTokenRequestSchema = z.object({ token: doorToken });

/** POST /mj/api/door/marks: the changes made at the door, in the order they were made. */
export const doorChangesRequestSchema = z.object({
  token: doorToken,
  changes: z.array(doorChangeSchema).min(1).max(500),
});

/** POST /mj/api/door/visitors: a name typed, to find a visitor who came before. */
export const doorVisitorSearchSchema = z.object({ token: doorToken, name: text(100) });

const registeredVisitorSchema = z.object({
  id: z.number(),
  name: z.string(),
  lodgeName: z.string(),
  lodgeNumber: z.string(),
  degree: z.enum(DEGREES),
  /** Marks that hold him present at this meeting (none for a visitor found by name). */
  markIds: z.array(z.string()),
});

/**
 * The register of a meeting as the door page shows it: the brothers who answered that they
 * attend first, then every other member in good standing, each with the marks that hold him
 * present (empty: not marked); the visitors marked; the counts.
 */
export const doorRegisterSchema = z.object({
  event: z.object({ id: z.string(), name: z.string(), when: z.string() }),
  brothers: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      number: z.string(),
      answered: z.boolean(),
      markIds: z.array(z.string()),
    }),
  ),
  visitors: z.array(registeredVisitorSchema),
  /** Changes the server refused (a mark id sent for something else), with why. */
  refused: z.array(z.object({ markId: z.string(), message: z.string() })),
});
export type DoorRegister = z.infer<typeof doorRegisterSchema>;

/** Visitors who came before whose names the search finds, the most recent first. */
export const doorVisitorsSchema = z.object({ visitors: z.array(registeredVisitorSchema) });
