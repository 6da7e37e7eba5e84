import { MAX_PER_RSVP } from "../../core/constants.ts";
import { manageLinkExpiry } from "../../core/rules/calendar.ts";
import {
  closesText,
  eventStart,
  formatFullDate,
  formatMediumDate,
  formatShortTime,
  hasStarted,
  isBefore,
  maxPerRsvp,
  mealCountsOf,
  offerOpen,
  reservationsClosedText,
  socialRsvpCutoff,
  upcomingRsvpDeadline,
  type WallTime,
  wallTimeIn,
} from "../../core/rules/index.ts";
import type { ManagedRsvp, ManagedRsvpState, RsvpRules } from "../../core/schemas/api.ts";
import {
  type Event,
  eventRsvpFormSchema,
  type LodgeData,
  type SocialEvent,
  socialRsvpFormSchema,
} from "../../core/schemas/index.ts";
import type { MailContext } from "../mail/messages.ts";
import { offerExpiresText } from "../mail/waitlist.ts";
import type {
  EventRsvpChange,
  EventRsvpRecord,
  RsvpKind,
  RsvpState,
  Store,
} from "../store/store.ts";
import { Refusal, validationError } from "../use-cases/refusal.ts";
import { mealCountLabels } from "./event-rsvp.ts";
import { readRsvpToken } from "./manage-link.ts";

/**
 * What a manage link opens: the RSVP it names (an event's or a social outing's), its event, and
 * whether it may still be changed. The rules are a new RSVP's: before the deadline, an event not
 * cancelled; seats and meals as the event's form takes them. The link itself works until a day
 * after the event ends.
 */

/** The refusal of a link that is not one of ours, or names no RSVP. */
const UNKNOWN_LINK = new Refusal(
  "not-found",
  "This link does not open a reservation: it may have been cut short. Open it again from your confirmation mail, whole, or write to the secretary through the contact form.",
);

/** An RSVP of either kind as the page and the mails see it: a social one has no dinner. */
export type ManagedRecord = Pick<
  EventRsvpRecord,
  "firstName" | "lastName" | "email" | "attendees" | "dinner" | "meals" | "mealCounts"
>;

interface Opened<K extends RsvpKind, I> {
  kind: K;
  id: number;
  item: I;
  record: ManagedRecord;
  /** When the RSVP came in: its calendar entry's SEQUENCE rises from there. */
  receivedAt: Date;
  state: ManagedRsvpState;
  /** Until when an event RSVP awaiting confirmation holds its seats (or held them, lapsed). */
  confirmBy?: Date | undefined;
}
export type OpenedRsvp = Opened<"event", Event> | Opened<"social", SocialEvent>;
/** What an RSVP is for: an event, or a social outing. */
type Target = { kind: "event"; item: Event } | { kind: "social"; item: SocialEvent };

/** When RSVPs for the item close: the event's deadline, or the outing's cutoff. */
function deadlineOf(opened: Target): WallTime {
  return opened.kind === "event"
    ? upcomingRsvpDeadline(opened.item)
    : socialRsvpCutoff(opened.item);
}

/**
 * The moment's state of a current RSVP: awaiting its confirmation until its hold ends (lapsed
 * after, though the scheduler has yet to give its seats back), open to changes until the
 * deadline, closed after.
 */
function stateOf(
  opened: Target & { confirmBy?: Date | undefined },
  stored: RsvpState,
  now: Date,
  timeZone: string,
): ManagedRsvpState {
  if (stored !== "current") return stored;
  if (opened.confirmBy) return offerOpen(opened.confirmBy, now) ? "unconfirmed" : "lapsed";
  const { item } = opened;
  const cancelled = opened.kind === "event" && opened.item.cancelled;
  return isBefore(wallTimeIn(now, timeZone), deadlineOf(opened)) &&
    !cancelled &&
    !hasStarted(item.date, now, timeZone)
    ? "open"
    : "closed";
}

const NO_DINNER = { dinner: false, meals: 0, mealCounts: [] };

/** The RSVP a manage link's token names, or the refusal a person can act on. */
export async function openManagedRsvp(
  store: Store,
  data: LodgeData,
  secret: string,
  token: string,
  now: Date,
): Promise<OpenedRsvp> {
  const read = readRsvpToken(secret, "manage", token);
  if (!read) throw UNKNOWN_LINK;
  const { timeZone } = data.lodge;
  let opened: Target & {
    id: number;
    record: ManagedRecord;
    receivedAt: Date;
    stored: RsvpState;
    confirmBy?: Date | undefined;
  };
  if (read.kind === "event") {
    const found = await store.findEventRsvpByToken(read.hash);
    if (!found) throw UNKNOWN_LINK;
    const item = data.events.find((candidate) => candidate.id === found.rsvp.record.eventId);
    opened = {
      kind: "event",
      id: found.rsvp.id,
      item,
      record: found.rsvp.record,
      receivedAt: found.rsvp.receivedAt,
      stored: found.state,
      confirmBy: found.rsvp.confirmBy,
    } as typeof opened;
  } else {
    const found = await store.findSocialRsvpByToken(read.hash);
    if (!found) throw UNKNOWN_LINK;
    const item = data.socialEvents.find((candidate) => candidate.id === found.rsvp.record.outingId);
    opened = {
      kind: "social",
      id: found.rsvp.id,
      item,
      record: { ...found.rsvp.record, ...NO_DINNER },
      receivedAt: found.rsvp.receivedAt,
      stored: found.state,
    } as typeof opened;
  }
  const { item } = opened;
  if (!item || now.getTime() >= manageLinkExpiry(item, timeZone).getTime()) {
    const name = item ? `${item.name} on ${formatMediumDate(eventStart(item.date))}` : "its event";
    throw new Refusal(
      "gone",
      `This link has expired: it worked until a day after ${name}. To ask about the reservation, write to the secretary through the contact form.`,
    );
  }
  const { stored, ...rest } = opened;
  return { ...rest, state: stateOf(opened, stored, now, timeZone) } as OpenedRsvp;
}

/** The sentence above the manage page's form. */
function stateMessage(opened: OpenedRsvp, ctx: StateContext): string {
  const { secretary } = ctx;
  const deadline = deadlineOf(opened);
  const holdEnds = offerExpiresText(ctx, opened.confirmBy ?? new Date(0));
  switch (opened.state) {
    case "open":
      return `You can change or cancel this reservation until ${formatMediumDate(deadline)} at ${formatShortTime(deadline)}.`;
    case "unconfirmed":
      return `Your seats are held for you until ${holdEnds}: confirm them to keep your reservation. Unconfirmed, they go to others then.`;
    case "lapsed":
      return `This reservation was not confirmed by ${holdEnds}, so its seats went to others. To come after all, reserve again from the Upcoming Events page while reservations are open.`;
    case "cancelled":
      return `This reservation is cancelled. To come after all, reserve again from the ${opened.kind === "event" ? "Upcoming Events" : "Social Events"} page while reservations are open.`;
    case "replaced":
      return "A newer reservation with the same e-mail address took this one's place: use the link in the mail that confirmed it.";
    case "closed":
      return opened.kind === "event" && opened.item.cancelled
        ? `${opened.item.name} has been cancelled.`
        : `${reservationsClosedText(deadline)}, so this one can no longer be changed here. To change or cancel it, write to the secretary at ${secretary}.`;
  }
}

/** An event as the manage and claim pages show it. */
export function pageEventOf(event: Event): ManagedRsvp["event"] {
  const start = eventStart(event.date);
  return {
    id: event.id,
    name: event.name,
    when: `${formatFullDate(start)} at ${formatShortTime(start)}`,
    location: event.location,
    closes: closesText(event),
    maxPerRsvp: maxPerRsvp(event),
    dinner: event.earlyBirdOptions.cost.kind !== "none",
    choices: event.earlyBirdOptions.choices,
  };
}

/** An event's fields its RSVP's change form is checked by (the API's `rules`). */
function rsvpRulesOf(event: Event): RsvpRules {
  const { date, rsvpExpirationDays, rsvpExpirationTime, mealCutoffDays, rsvpLimit } = event;
  const { time, cost, choices, choiceLabel } = event.earlyBirdOptions;
  return {
    date,
    rsvpExpirationDays,
    rsvpExpirationTime,
    mealCutoffDays,
    rsvpLimit,
    earlyBirdOptions: { time, cost, choices, choiceLabel },
  };
}

/** What the manage page's sentences name: the secretary, and the lodge's time zone. */
export type StateContext = Pick<MailContext, "lodge" | "secretary">;

/** The RSVP as the manage page shows it. */
export function managedView(opened: OpenedRsvp, ctx: StateContext): ManagedRsvp {
  const { secretary } = ctx;
  const { item, record } = opened;
  const start = eventStart(item.date);
  const deadline = deadlineOf(opened);
  return {
    kind: opened.kind,
    state: opened.state,
    message: stateMessage(opened, ctx),
    event:
      opened.kind === "event"
        ? pageEventOf(opened.item)
        : {
            id: item.id,
            name: item.name,
            when: `${formatFullDate(start)} at ${formatShortTime(start)}`,
            location: item.location,
            closes: `Closes ${formatMediumDate(deadline)} at ${formatShortTime(deadline)}`,
            maxPerRsvp: MAX_PER_RSVP,
            dinner: false,
            choices: [],
          },
    rules: opened.kind === "event" ? rsvpRulesOf(opened.item) : undefined,
    ...partyView(record),
    ...(opened.state === "unconfirmed" && opened.confirmBy
      ? { confirmBy: offerExpiresText(ctx, opened.confirmBy) }
      : {}),
    secretary,
  };
}

/** The party of an RSVP (or of a waiting-list entry) as the manage and claim pages show it. */
export function partyView(record: ManagedRecord): ManagedRecord {
  const { firstName, lastName, email, attendees, dinner, meals, mealCounts } = record;
  return { firstName, lastName, email, attendees, dinner, meals, mealCounts };
}

/**
 * Refuses a change or cancellation of an RSVP that is not open to them, saying why: one awaiting
 * confirmation may be cancelled, not changed (confirmed, it may).
 */
export function checkChangeable(
  opened: OpenedRsvp,
  ctx: StateContext,
  step: "change" | "cancel" = "change",
): void {
  if (opened.state === "open" || (step === "cancel" && opened.state === "unconfirmed")) return;
  if (opened.state === "unconfirmed") {
    throw new Refusal(
      "conflict",
      `Confirm your seats first: ${stateMessage(opened, ctx)} Once confirmed, you can change it here.`,
    );
  }
  throw new Refusal(opened.state === "lapsed" ? "gone" : "conflict", stateMessage(opened, ctx));
}

/**
 * Whether an RSVP may be confirmed: awaiting confirmation (true), or confirmed already (false);
 * otherwise the refusal that says why (lapsed: 410).
 */
export function checkConfirmable(opened: OpenedRsvp, ctx: StateContext): boolean {
  if (opened.state === "unconfirmed") return true;
  if (opened.state === "open" && opened.confirmBy === undefined) return false;
  throw new Refusal(opened.state === "lapsed" ? "gone" : "conflict", stateMessage(opened, ctx));
}

/**
 * The visitor's change as the event's own RSVP form takes it: the names and address stay the
 * RSVP's, the counts are checked by the same schema a new RSVP is (an outing's: attendees only).
 */
export function readChange(opened: OpenedRsvp, body: Record<string, unknown>): EventRsvpChange {
  const { record } = opened;
  const { token: _token, ...fields } = body;
  const person = { firstName: record.firstName, lastName: record.lastName, email: record.email };
  if (opened.kind === "social") {
    const parsed = socialRsvpFormSchema.safeParse({ ...fields, ...person });
    if (!parsed.success) throw validationError(parsed.error);
    return { attendees: parsed.data.numberOfAttendees, ...NO_DINNER };
  }
  const event = opened.item;
  const parsed = eventRsvpFormSchema(event).safeParse({ ...fields, ...person, masonicTitle: "" });
  if (!parsed.success) throw validationError(parsed.error, mealCountLabels(event));
  const form = parsed.data;
  if (event.full && form.numberOfAttendees > record.attendees) {
    throw new Refusal(
      "conflict",
      `The secretary has closed ${event.name} to new seats: you can reserve for ${record.attendees} or fewer.`,
      "numberOfAttendees",
    );
  }
  return {
    attendees: form.numberOfAttendees,
    dinner: form.earlyBirdDinner,
    meals: form.earlyBirdDinner ? form.numberOfMeals : 0,
    mealCounts: mealCountsOf(event, form),
  };
}
