import { CONTACT_SUBJECT } from "../../core/messages.ts";
import {
  CALENDAR_DURATION_MINUTES,
  eventCalendarFile,
  reservationCalendarFile,
  reservationSequence,
} from "../../core/rules/calendar.ts";
import {
  buildEventRsvpPayload,
  eventStart,
  formatDayAndTime,
  formatDinnerTime,
  formatEventDateTime,
  formatFullDate,
  formatShortTime,
  mealCountsOf,
  mealCountsText,
  priceText,
  wallTimeIn,
} from "../../core/rules/index.ts";
import type { WaitlistCounts } from "../../core/rules/seats.ts";
import type {
  ContactForm,
  Event,
  Lodge,
  SocialEvent,
  SocialRsvpForm,
} from "../../core/schemas/index.ts";
import { eventRsvpForm } from "../rsvp/event-rsvp.ts";
import {
  type ComposedMail,
  type EventRsvpFound,
  type EventRsvpRecord,
  FAILURE_SUMMARY_KIND,
  type MailEntry,
  type Stored,
} from "../store/store.ts";
import { composeMail } from "./compose.ts";
import type { MailTemplates } from "./templates.ts";

/** What every mail needs to know: who the lodge is, who sends, who receives the notices. */
export interface MailContext {
  lodge: Lodge;
  from: string;
  secretary: string;
  templates: MailTemplates;
}

export { CALENDAR_DURATION_MINUTES };

/**
 * The secretary's command that lists an event's RSVPs and its waiting list, as the notices name
 * it: `lodge rsvps` with its `--event` option (cli/commands/rsvps.ts).
 */
export function eventRsvpsCommand(eventId: string): string {
  return `lodge rsvps --event ${eventId}`;
}

export function receivedText(lodge: Lodge, at: Date): string {
  return `${formatDayAndTime(wallTimeIn(at, lodge.timeZone))} (${lodge.timeZone})`;
}

function calendarAttachment(ctx: MailContext, item: Event | SocialEvent, stamp: Date) {
  return {
    filename: "event.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: eventCalendarFile(ctx.lodge, item, stamp),
  };
}

/** What a mail to an attendee says of when an event or outing is: its day and time, three ways. */
function whenView(item: { name: string; date: string }) {
  const start = eventStart(item.date);
  return {
    eventName: item.name,
    date: formatDayAndTime(start),
    longDate: formatFullDate(start),
    time: formatShortTime(start),
  };
}

/**
 * The event as a mail to an attendee names it: what, when, where, the map and the notes; the
 * view of the templates' partial event-place (the confirmation's and the reminder's).
 */
export function eventPlaceView(event: Event, fallbackMap = "") {
  return {
    ...whenView(event),
    location: event.location,
    address: event.address,
    mapLink: event.addressLink || fallbackMap,
    extraInfo: event.extraInfo,
  };
}

/** The outing as a mail to an attendee names it, as eventPlaceView does an event. */
export function outingPlaceView(outing: SocialEvent) {
  return {
    ...whenView(outing),
    location: outing.location,
    address: outing.locationAddress,
    mapLink: outing.locationUrl,
    extraInfo: "",
  };
}

/**
 * What the secretary should know about an RSVP beyond its fields. What the RSVP's write counts
 * (EventRsvpFound: the seats its address holds) the store writes into the order; a claimed
 * offer's order has none.
 */
export interface RsvpCircumstances extends Partial<EventRsvpFound> {
  guestLimit: number;
  /** The visitor's personal link to change or cancel the RSVP (server/rsvp/manage-link.ts). */
  manageUrl?: string | undefined;
  /** How the RSVP came from the event's waiting list, if it did. */
  waitlist?: FromWaitlist | undefined;
  /**
   * The seats one network address may hold, when the RSVP passed them and its visitor confirmed
   * it from the mail (a hall on one connection, or one person with invented addresses).
   */
  confirmedPast?: number | undefined;
}

/**
 * An RSVP that took its party off the waiting list: an offer claimed, or the form sent by a party
 * on the list (it takes the place of their entry, and of the seats their offer held). Counts
 * only: the order it travels in holds no names.
 */
export interface FromWaitlist {
  via: "claim" | "form";
  /** Seats the party's offer held, when it had one. */
  offered?: number | undefined;
  /** The list once the party left it (after a claim: a claim offers nothing). */
  after?: WaitlistCounts | undefined;
}

/** '2 parties waiting (5 attendees), 1 offer open (2 attendees)', or that the list is empty. */
export function waitlistCountsText(counts: WaitlistCounts): string {
  const parts = [
    counts.waiting > 0 &&
      `${counts.waiting} ${counts.waiting === 1 ? "party" : "parties"} waiting (${people(counts.waitingSeats)})`,
    counts.offers > 0 &&
      `${counts.offers} ${counts.offers === 1 ? "offer" : "offers"} open (${people(counts.offeredSeats)})`,
  ].filter(Boolean);
  return parts.length > 0
    ? `the waiting list now has ${parts.join(" and ")}.`
    : "the waiting list is empty now.";
}

function fromWaitlistNote({ via, offered }: FromWaitlist): string {
  if (via === "claim")
    return "this RSVP comes from the waiting list: they claimed the seats offered to them.";
  return offered !== undefined
    ? `this RSVP was sent with the form by a party on the waiting list who held an offer of ${people(offered)}: it takes the offer's place, and seats it leaves go to the next in line.`
    : "this RSVP was sent with the form by a party on the waiting list, while seats were free: it takes their place in line.";
}

const people = (n: number) => `${n} ${n === 1 ? "attendee" : "attendees"}`;

/**
 * The notes at the top of the secretary's notice: an RSVP confirmed from the mail, and an RSVP
 * that takes more than a quarter of the event's seats, alone or with the others from the same
 * address (a hoarder with invented names, or a lodge hall's shared connection: the secretary can
 * tell).
 */
export function rsvpNotes(
  event: Event,
  attendees: number,
  circumstances: RsvpCircumstances,
): { text: string }[] {
  const { confirmedPast, clientSeats, guestLimit } = circumstances;
  const notes: { text: string }[] = [];
  if (circumstances.waitlist) {
    notes.push({ text: fromWaitlistNote(circumstances.waitlist) });
    const { after } = circumstances.waitlist;
    if (after) notes.push({ text: waitlistCountsText(after) });
  }
  if (confirmedPast !== undefined) {
    notes.push({
      text: `this RSVP came from a network address whose RSVPs held ${confirmedPast} or more of the event's seats (the most one address may hold without more ado), so its visitor confirmed it from the mail.`,
    });
  }
  const quarter = guestLimit / 4;
  const cancel = `${eventRsvpsCommand(event.id)} lists them with their ids, and lodge rsvps cancel ID cancels one.`;
  if (attendees > quarter) {
    notes.push({
      text: `this RSVP takes ${attendees} of the event's ${guestLimit} seats, more than a quarter. If it looks wrong, ${cancel}`,
    });
  } else if (clientSeats !== undefined && clientSeats > quarter) {
    notes.push({
      text: `with this RSVP, ${clientSeats} of the event's ${guestLimit} seats were reserved from the same network address, more than a quarter. If that looks wrong, ${cancel}`,
    });
  }
  return notes;
}

/** The two mails of an event RSVP: the secretary's notice and the visitor's confirmation. */
export type EventRsvpMailKind = "rsvp-notice" | "rsvp-confirmation";
export const EVENT_RSVP_MAIL_KINDS: readonly EventRsvpMailKind[] = [
  "rsvp-notice",
  "rsvp-confirmation",
];

/**
 * The secretary's notice or the visitor's confirmation of an event RSVP, from the stored RSVP
 * and the server's data; `messageId` is the one given when it was queued.
 */
export async function eventRsvpMail(
  ctx: MailContext,
  kind: EventRsvpMailKind,
  event: Event,
  rsvp: Pick<Stored<EventRsvpRecord>, "record" | "receivedAt">,
  circumstances: RsvpCircumstances = { guestLimit: ctx.lodge.guestLimit },
  messageId?: string,
): Promise<ComposedMail> {
  const { receivedAt } = rsvp;
  const form = eventRsvpForm(rsvp.record);
  const payload = buildEventRsvpPayload(event, form);
  const dinner = form.earlyBirdDinner;
  if (kind === "rsvp-notice") {
    const mealCounts = mealCountsOf(event, form);
    const notice = ctx.templates("rsvp-notice", {
      eventName: event.name,
      date: payload.date,
      firstName: form.firstName,
      lastName: form.lastName,
      receivedAt: receivedText(ctx.lodge, receivedAt),
      notes: rsvpNotes(event, form.numberOfAttendees, circumstances),
      fields: [
        { label: "First name", value: form.firstName },
        { label: "Last name", value: form.lastName },
        { label: "Masonic title", value: form.masonicTitle || "-" },
        { label: "E-mail", value: form.email },
        { label: "Attendees", value: form.numberOfAttendees },
        { label: "Early bird dinner", value: payload.earlyBirdDinner },
        ...(dinner
          ? [
              { label: "Dinner time", value: formatDinnerTime(event.earlyBirdOptions.time) || "-" },
              { label: "Meals", value: payload.numberOfMeals },
              { label: "Cost per meal", value: payload.costPerMeal },
              { label: "Meal selection", value: payload.mealSelection },
            ]
          : []),
      ],
      hasMealCounts: mealCounts.length > 0,
      mealCounts,
    });
    return composeMail({
      kind,
      from: ctx.from,
      to: ctx.secretary,
      replyTo: form.email,
      messageId,
      ...notice,
    });
  }
  const confirmation = ctx.templates("rsvp-confirmation", {
    ...reservationView(ctx, event, rsvp.record),
    manageUrl: circumstances.manageUrl ?? "",
  });
  return composeMail({
    kind,
    from: ctx.from,
    to: form.email,
    replyTo: ctx.secretary,
    messageId,
    ...confirmation,
    attachments: [calendarAttachment(ctx, event, receivedAt)],
  });
}

/**
 * A reservation as the mails to its visitor show it: whom it is for, the event's time and place,
 * the attendees and the dinner.
 */
export function reservationView(ctx: MailContext, event: Event, record: EventRsvpRecord) {
  const form = eventRsvpForm(record);
  const payload = buildEventRsvpPayload(event, form);
  const { cost } = event.earlyBirdOptions;
  return {
    lodgeName: ctx.lodge.name,
    firstName: form.firstName,
    lastName: form.lastName,
    ...eventPlaceView(event),
    attendees: form.numberOfAttendees,
    dinner: form.earlyBirdDinner && {
      time: formatDinnerTime(event.earlyBirdOptions.time),
      meals: `${form.numberOfMeals} ${form.numberOfMeals === 1 ? "meal" : "meals"}`,
      selection: event.earlyBirdOptions.choices.length > 0 ? payload.mealSelection : "",
      cost: priceText(cost, "per meal"),
    },
  };
}

/** The notice and confirmation of an RSVP for a social outing. */
export async function socialRsvpMails(
  ctx: MailContext,
  outing: SocialEvent,
  form: SocialRsvpForm,
  receivedAt: Date,
  manageUrl = "",
): Promise<ComposedMail[]> {
  const start = eventStart(outing.date);
  const date = formatEventDateTime(start);
  const common = {
    lodgeName: ctx.lodge.name,
    seriesTitle: ctx.lodge.socialSeries.title,
    eventName: outing.name,
    date,
    firstName: form.firstName,
    lastName: form.lastName,
  };
  const notice = ctx.templates("social-rsvp-notice", {
    ...common,
    receivedAt: receivedText(ctx.lodge, receivedAt),
    fields: [
      { label: "First name", value: form.firstName },
      { label: "Last name", value: form.lastName },
      { label: "E-mail", value: form.email },
      { label: "Attendees", value: form.numberOfAttendees },
    ],
  });
  const confirmation = ctx.templates("social-rsvp-confirmation", {
    ...common,
    ...outingPlaceView(outing),
    attendees: form.numberOfAttendees,
    manageUrl,
  });
  return Promise.all([
    composeMail({
      kind: "social-rsvp-notice",
      from: ctx.from,
      to: ctx.secretary,
      replyTo: form.email,
      ...notice,
    }),
    composeMail({
      kind: "social-rsvp-confirmation",
      from: ctx.from,
      to: form.email,
      replyTo: ctx.secretary,
      ...confirmation,
      attachments: [calendarAttachment(ctx, outing, receivedAt)],
    }),
  ]);
}

/**
 * The lodge's notice of a contact message and the sender's acknowledgement. The acknowledgement
 * does not repeat the message: anyone may type any address into the form, and a copy of their
 * text would turn the lodge's server into a relay for whatever they wrote.
 */
export async function contactMails(
  ctx: MailContext,
  form: ContactForm,
  receivedAt: Date,
): Promise<ComposedMail[]> {
  const notice = ctx.templates("contact-notice", {
    subject: CONTACT_SUBJECT,
    firstName: form.firstName,
    lastName: form.lastName,
    message: form.message,
    receivedAt: receivedText(ctx.lodge, receivedAt),
    fields: [
      { label: "First name", value: form.firstName },
      { label: "Last name", value: form.lastName },
      { label: "E-mail", value: form.email },
      { label: "Phone number", value: form.phoneNumber || "-" },
    ],
  });
  const acknowledgement = ctx.templates("contact-acknowledgement", {
    lodgeName: ctx.lodge.name,
    firstName: form.firstName,
    lastName: form.lastName,
  });
  return Promise.all([
    composeMail({
      kind: "contact-notice",
      from: ctx.from,
      to: ctx.secretary,
      replyTo: form.email,
      ...notice,
    }),
    composeMail({
      kind: "contact-acknowledgement",
      from: ctx.from,
      to: form.email,
      replyTo: ctx.secretary,
      ...acknowledgement,
    }).then((mail) => ({ ...mail, oncePerRecipientWithinMs: ACKNOWLEDGEMENT_INTERVAL_MS })),
  ]);
}

/**
 * One acknowledgement per address a day: anyone may type anyone's address into the contact
 * form, and the lodge must not be a way to fill a stranger's mailbox.
 */
export const ACKNOWLEDGEMENT_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** What every mail about one RSVP says of whom and which event (or outing). */
export function rsvpMailCommon(
  ctx: MailContext,
  event: Pick<Event, "name" | "date">,
  rsvp: Pick<EventRsvpRecord, "firstName" | "lastName">,
) {
  const start = eventStart(event.date);
  return {
    lodgeName: ctx.lodge.name,
    firstName: rsvp.firstName,
    lastName: rsvp.lastName,
    eventName: event.name,
    date: formatDayAndTime(start),
    longDate: formatFullDate(start),
    time: formatShortTime(start),
  };
}

/**
 * The calendar file a change or cancellation mail carries: the visitor's calendar entry of the
 * event (the confirmation's UID) updated with the reservation as it is now, or cancelled.
 */
function reservationAttachment(
  ctx: MailContext,
  item: Event | SocialEvent,
  received: { receivedAt: Date; at: Date },
  after: ChangedRecord | undefined,
  offersDinner: boolean,
) {
  const reservation = after
    ? `Your reservation: ${people(after.attendees)}${offersDinner ? `; early bird dinner: ${dinnerText(after) || "not reserved"}` : ""}.`
    : "";
  const method = after ? "PUBLISH" : "CANCEL";
  return {
    filename: "event.ics",
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: reservationCalendarFile(ctx.lodge, item, {
      stamp: received.at,
      sequence: reservationSequence(item, received.receivedAt, received.at),
      reservation,
      cancelled: after === undefined,
      organizer: ctx.secretary,
    }),
  };
}

/**
 * The visitor's notice that the secretary cancelled their RSVP, or changed its attendees, with
 * their calendar's entry of the event updated or cancelled.
 */
export async function rsvpChangeMail(
  ctx: MailContext,
  event: Event,
  rsvp: Pick<Stored<EventRsvpRecord>, "record" | "receivedAt">,
  change: { kind: "cancelled" } | { kind: "changed"; attendees: number },
  at: Date,
): Promise<ComposedMail> {
  const { record } = rsvp;
  const common = rsvpMailCommon(ctx, event, record);
  const rendered =
    change.kind === "cancelled"
      ? ctx.templates("rsvp-cancelled", { ...common, attendees: people(record.attendees) })
      : ctx.templates("rsvp-changed", {
          ...common,
          attendees: people(change.attendees),
          before: people(record.attendees),
        });
  const after =
    change.kind === "cancelled" ? undefined : { ...record, attendees: change.attendees };
  const offersDinner = event.earlyBirdOptions.cost.kind !== "none";
  return composeMail({
    kind: change.kind === "cancelled" ? "rsvp-cancelled" : "rsvp-changed",
    from: ctx.from,
    to: record.email,
    replyTo: ctx.secretary,
    ...rendered,
    attachments: [
      reservationAttachment(ctx, event, { receivedAt: rsvp.receivedAt, at }, after, offersDinner),
    ],
  });
}

/**
 * What a visitor's change changed, a line each, with what it was: the attendees, the dinner, or
 * both; never a line that says a count is what it was.
 */
export function changeLines(
  before: ChangedRecord,
  after: ChangedRecord,
  offersDinner: boolean,
): { line: string }[] {
  const lines: { line: string }[] = [];
  if (after.attendees !== before.attendees) {
    lines.push({
      line: `Attendees: ${people(after.attendees)} (it was ${people(before.attendees)})`,
    });
  }
  const dinner = (r: ChangedRecord) => dinnerText(r) || "not reserved";
  if (offersDinner && dinner(after) !== dinner(before)) {
    lines.push({ line: `Early bird dinner: ${dinner(after)} (it was ${dinner(before)})` });
  }
  if (lines.length === 0) {
    lines.push({
      line: `Nothing changed: it is for ${people(after.attendees)}${offersDinner ? `, early bird dinner: ${dinner(after)}` : ""}, as before.`,
    });
  }
  return lines;
}

/** '3 meals (2 Prime Rib, 1 Salmon)', or '' without dinner. */
function dinnerText(rsvp: Pick<ChangedRecord, "dinner" | "meals" | "mealCounts">): string {
  if (!rsvp.dinner) return "";
  const chosen = mealCountsText(rsvp.mealCounts);
  const meals = `${rsvp.meals} ${rsvp.meals === 1 ? "meal" : "meals"}`;
  return chosen ? `${meals} (${chosen})` : meals;
}

/** An RSVP as a visitor's change mails tell it: an outing's has no dinner. */
type ChangedRecord = Pick<
  EventRsvpRecord,
  "firstName" | "lastName" | "email" | "attendees" | "dinner" | "meals" | "mealCounts"
>;

/** A visitor's own change or cancellation, made with their manage link. */
export interface VisitorChange {
  before: ChangedRecord;
  /** The RSVP as changed; undefined when it was cancelled. */
  after?: ChangedRecord | undefined;
  manageUrl: string;
  /** Whether the event offers a dinner (an outing does not): the mails then say what was ordered. */
  offersDinner: boolean;
  kind: "event" | "social";
  /** When the RSVP came in: its calendar entry's SEQUENCE rises from there. */
  receivedAt: Date;
}

/** The visitor's confirmation of their change or cancellation, and the secretary's notice of it. */
export async function visitorChangeMails(
  ctx: MailContext,
  event: Event | SocialEvent,
  change: VisitorChange,
  at: Date,
): Promise<ComposedMail[]> {
  const { before, after } = change;
  const view = {
    ...rsvpMailCommon(ctx, event, before),
    // No command lists an outing's RSVPs: its notice names none.
    listCommand: change.kind === "event" ? eventRsvpsCommand(event.id) : "",
    cancelled: after === undefined,
    before: people(before.attendees),
    changes: after ? changeLines(before, after, change.offersDinner) : [],
    hasMealCounts: (after?.mealCounts.length ?? 0) > 0,
    mealCounts: after?.mealCounts ?? [],
    manageUrl: change.manageUrl,
    receivedAt: receivedText(ctx.lodge, at),
  };
  return Promise.all([
    composeMail({
      kind: "rsvp-visitor-change",
      from: ctx.from,
      to: before.email,
      replyTo: ctx.secretary,
      ...ctx.templates("rsvp-visitor-change", view),
      attachments: [
        reservationAttachment(
          ctx,
          event,
          { receivedAt: change.receivedAt, at },
          after,
          change.offersDinner,
        ),
      ],
    }),
    composeMail({
      kind: "rsvp-visitor-change-notice",
      from: ctx.from,
      to: ctx.secretary,
      replyTo: before.email,
      ...ctx.templates("rsvp-visitor-change-notice", view),
    }),
  ]);
}

/** How the summary names each kind of mail. */
const KIND_NAMES: Record<string, string> = {
  "rsvp-notice": "RSVP notice",
  "rsvp-confirmation": "RSVP confirmation",
  "social-rsvp-notice": "outing RSVP notice",
  "social-rsvp-confirmation": "outing RSVP confirmation",
  "contact-notice": "contact message notice",
  "contact-acknowledgement": "contact acknowledgement",
  "rsvp-cancelled": "cancellation notice",
  "rsvp-changed": "change notice",
  reminder: "reminder",
  "rsvp-visitor-change": "confirmation of a visitor's change",
  "rsvp-visitor-change-notice": "notice of a visitor's change",
  "waitlist-joined": "waiting-list confirmation",
  "waitlist-notice": "waiting-list notice",
  "waitlist-offer": "waiting-list offer of seats",
  "waitlist-offer-notice": "notice of seats offered from a waiting list",
  "waitlist-left": "confirmation of leaving a waiting list",
  "waitlist-left-notice": "notice of a party leaving a waiting list",
  "waitlist-expired": "notice of an offer run out",
  "waitlist-expired-notice": "notice of an offer run out, to the secretary",
};

/** The secretary's daily summary of mail the server refused for good. */
export async function failureSummaryMail(
  ctx: MailContext,
  failures: readonly MailEntry[],
): Promise<ComposedMail> {
  const rendered = ctx.templates("failed-mail-summary", {
    lodgeName: ctx.lodge.name,
    count: failures.length === 1 ? "1 mail" : `${failures.length} mails`,
    failures: failures.map((failure) => ({
      id: failure.id,
      what: KIND_NAMES[failure.kind] ?? failure.kind,
      to: failure.to,
      queued: receivedText(ctx.lodge, failure.createdAt),
      reason: failure.lastError ?? "refused",
    })),
  });
  return composeMail({
    kind: FAILURE_SUMMARY_KIND,
    from: ctx.from,
    to: ctx.secretary,
    ...rendered,
  });
}
