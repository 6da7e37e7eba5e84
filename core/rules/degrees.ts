/**
 * The three degrees of Craft Masonry, in the order a Mason takes them, and which meetings admit
 * whom. A lodge is opened on a degree, and only brethren of that degree or higher may sit in it:
 * an Entered Apprentice may attend a meeting opened on the first degree, not one opened on the
 * third. An event that is not tyled is open to all, Masons or not.
 */

export const DEGREES = ["entered-apprentice", "fellowcraft", "master-mason"] as const;
export type Degree = (typeof DEGREES)[number];

/** A degree's name as a lodge says it: 'Entered Apprentice'. */
export const DEGREE_NAMES: Readonly<Record<Degree, string>> = {
  "entered-apprentice": "Entered Apprentice",
  fellowcraft: "Fellowcraft",
  "master-mason": "Master Mason",
};

/** What the rules need to know of an event. */
export interface DegreeEvent {
  tyled: boolean;
  degree?: Degree | undefined;
}

/**
 * The degree a meeting is opened on: its own, or the third for a tyled meeting that names none
 * (a stated meeting is a Master Masons' meeting); none for an event open to all.
 */
export function meetingDegree(event: DegreeEvent): Degree | undefined {
  if (!event.tyled) return undefined;
  return event.degree ?? "master-mason";
}

const rank = (degree: Degree) => DEGREES.indexOf(degree);

/** Whether a brother of `degree` may attend the event: any degree at or above the meeting's. */
export function admits(event: DegreeEvent, degree: Degree): boolean {
  const needed = meetingDegree(event);
  return needed === undefined || rank(degree) >= rank(needed);
}

/**
 * Who may attend, as the event's page says it: 'Entered Apprentices, Fellowcrafts and Master
 * Masons', or undefined for an event open to all.
 */
export function admittedText(event: DegreeEvent): string | undefined {
  const needed = meetingDegree(event);
  if (needed === undefined) return undefined;
  // The brethren of a degree, as a sentence counts them: 'Entered Apprentices'; listed as the
  // site writes lists, without a comma before 'and' (British English's).
  const who = DEGREES.slice(rank(needed)).map((degree) => `${DEGREE_NAMES[degree]}s`);
  return new Intl.ListFormat("en-GB").format(who);
}

/** The short label beside the tyled tag: 'Master Mason degree'; none for an event open to all. */
export function degreeLabel(event: DegreeEvent): string | undefined {
  const needed = meetingDegree(event);
  return needed === undefined ? undefined : `${DEGREE_NAMES[needed]} degree`;
}

/**
 * A degree as rolls and spreadsheets write it: 'EA', 'E.A.', 'FC', 'MM', '1st', '3', 'Entered
 * Apprentice', 'Fellow Craft', 'Master Mason', 'Past Master' (a Past Master is a Master Mason),
 * any case. Undefined when it is none of those.
 */
export function readDegree(text: string): Degree | undefined {
  const key = text
    .toLowerCase()
    .replace(/degree|°/g, "")
    .replace(/[^a-z0-9]/g, "");
  spellings ??= degreeSpellings();
  return spellings.get(key);
}

// Made at the first reading, so a page that shows degrees and reads none carries none of them.
let spellings: Map<string, Degree> | undefined;
const degreeSpellings = () =>
  new Map<string, Degree>([
    ...["ea", "enteredapprentice", "apprentice", "1", "1st", "first"].map(
      (key) => [key, "entered-apprentice"] as const,
    ),
    ...["fc", "fellowcraft", "fellow", "2", "2nd", "second"].map(
      (key) => [key, "fellowcraft"] as const,
    ),
    ...["mm", "mastermason", "master", "3", "3rd", "third", "pm", "pastmaster"].map(
      (key) => [key, "master-mason"] as const,
    ),
  ]);
