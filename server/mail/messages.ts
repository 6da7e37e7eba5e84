import { CONTACT_SUBJECT } from "../../core/messages.ts";
import { CALENDAR_DURATION_MINUTES, eventCalendarFile } from "../../core/rules/calendar.ts";
import {
  buildEventRsvpPayload,
  eventStart,
  formatCostPerMeal,
  formatDinnerTime,
  formatEventDateTime,
  formatFullDate,
  formatShortTime,
  wallTimeIn,
} from "../../core/rules/index.ts";
import type {
  ContactForm,
  Event,
  EventRsvpForm,
  Lodge,
  SocialEvent,
  SocialRsvpForm,
} from "../../core/schemas/index.ts";
import { mealCountsOf } from "../rsvp/event-rsvp.ts";
import type { ComposedMail } from "../store/store.ts";
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

function receivedText(lodge: Lodge, at: Date): string {
  return `${formatEventDateTime(wallTimeIn(at, lodge.timeZone))} (${lodge.timeZone})`;
}

function calendarAttachment(
  ctx: MailContext,
  event: { id: string; name: string; date: string; description: string },
  location: string,
  stamp: Date,
) {
  return {
    filename: "event.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: eventCalendarFile(ctx.lodge, event, location, stamp),
  };
}

/** The secretary's notice and the visitor's confirmation of an event RSVP, from the server's data. */
export async function eventRsvpMails(
  ctx: MailContext,
  event: Event,
  form: EventRsvpForm,
  receivedAt: Date,
): Promise<ComposedMail[]> {
  const payload = buildEventRsvpPayload(event, form);
  const start = eventStart(event.date);
  const dinner = form.earlyBirdDinner;
  const mealCounts = mealCountsOf(event, form);
  const { cost } = event.earlyBirdOptions;
  const notice = ctx.templates("rsvp-notice", {
    eventName: event.name,
    date: payload.date,
    firstName: form.firstName,
    lastName: form.lastName,
    receivedAt: receivedText(ctx.lodge, receivedAt),
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
  const location = [event.location, event.address].filter(Boolean).join(", ");
  const confirmation = ctx.templates("rsvp-confirmation", {
    lodgeName: ctx.lodge.name,
    firstName: form.firstName,
    lastName: form.lastName,
    eventName: event.name,
    date: payload.date,
    longDate: formatFullDate(start),
    time: formatShortTime(start),
    location: event.location,
    address: event.address,
    mapLink: event.addressLink,
    extraInfo: event.extraInfo,
    attendees: form.numberOfAttendees,
    dinner: dinner && {
      time: formatDinnerTime(event.earlyBirdOptions.time),
      meals: `${form.numberOfMeals} ${form.numberOfMeals === 1 ? "meal" : "meals"}`,
      selection: event.earlyBirdOptions.choices.length > 0 ? payload.mealSelection : "",
      cost: cost.kind === "free" ? "no charge" : formatCostPerMeal(cost),
    },
  });
  return Promise.all([
    composeMail({
      kind: "rsvp-notice",
      from: ctx.from,
      to: ctx.secretary,
      replyTo: form.email,
      ...notice,
    }),
    composeMail({
      kind: "rsvp-confirmation",
      from: ctx.from,
      to: form.email,
      replyTo: ctx.secretary,
      ...confirmation,
      attachments: [calendarAttachment(ctx, event, location, receivedAt)],
    }),
  ]);
}

/** The notice and confirmation of an RSVP for a social outing. */
export async function socialRsvpMails(
  ctx: MailContext,
  outing: SocialEvent,
  form: SocialRsvpForm,
  receivedAt: Date,
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
    longDate: formatFullDate(start),
    time: formatShortTime(start),
    location: outing.location,
    address: outing.locationAddress,
    mapLink: outing.locationUrl,
    attendees: form.numberOfAttendees,
  });
  const location = [outing.location, outing.locationAddress].filter(Boolean).join(", ");
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
      attachments: [calendarAttachment(ctx, outing, location, receivedAt)],
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
    }),
  ]);
}
