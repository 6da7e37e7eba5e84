import { CONTACT_SUBJECT } from "../../core/messages.ts";
import { CALENDAR_DURATION_MINUTES, eventCalendarFile } from "../../core/rules/calendar.ts";
import {
  buildEventRsvpPayload,
  eventStart,
  formatDayAndTime,
  formatDinnerTime,
  formatEventDateTime,
  formatFullDate,
  formatShortTime,
  mealCountsOf,
  priceText,
  wallTimeIn,
} from "../../core/rules/index.ts";
import type {
  ContactForm,
  Event,
  Lodge,
  SocialEvent,
  SocialRsvpForm,
} from "../../core/schemas/index.ts";
import { eventRsvpForm } from "../rsvp/event-rsvp.ts";
import type { ComposedMail, EventRsvpRecord, Stored } from "../store/store.ts";
import { composeMail } from "./compose.ts";
import { type RsvpCircumstances, rsvpNotes } from "./rsvp-notes.ts";
import type { MailTemplates } from "./templates.ts";

/** What every mail needs to know: who the lodge is, who sends, who receives the notices. */
export interface MailContext {
  lodge: Lodge;
  from: string;
  secretary: string;
  templates: MailTemplates;
}

export { CALENDAR_DURATION_MINUTES };

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
