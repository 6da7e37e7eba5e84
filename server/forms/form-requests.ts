import { PLAIN_FIELDS } from "../../core/api/plain-form-fields.ts";
import { HONEYPOT_FIELD } from "../../core/api/routes.ts";
import { mealCountField } from "../../core/rules/meals.ts";
import {
  buildContactPayload,
  buildEventRsvpPayload,
  buildSocialRsvpPayload,
} from "../../core/rules/rsvp-payload.ts";
import {
  contactFormSchema,
  eventRsvpFormSchema,
  type LodgeData,
  socialRsvpFormSchema,
} from "../../core/schemas/index.ts";
import { findByRef } from "../rsvp/event-ref.ts";
import { checkOpen, findEvent, mealCountLabels } from "../rsvp/event-rsvp.ts";
import { formProblems } from "../use-cases/refusal.ts";
import { checkOutingOpen } from "../use-cases/social-rsvp.ts";

/**
 * The API requests that forms posted without a script stand for. Each reads the visitor's fields
 * with the same form schema the site's script checks before it sends, reports every problem at
 * once (FormProblems), and builds the request the script would have sent, which then takes the
 * route's own way: the same checks, limits, store and mails.
 */

type Fields = Record<string, string>;

const text = (fields: Fields, name: string) => fields[name] ?? "";
/** The address lowercased, as the site's script lowercases it while it is typed. */
const email = (fields: Fields) => text(fields, "email").toLowerCase();

/**
 * The event RSVP (SPEC 3): the dinner's fields count only with its box ticked, the meal radio
 * only with one meal, and the per-choice counts (empty reads as none) only with more.
 */
export function eventRsvpFromForm(data: LodgeData, now: Date, fields: Fields) {
  const event = findEvent(data, text(fields, PLAIN_FIELDS.event));
  checkOpen(event, now, data.lodge.timeZone);
  const dinner = fields.earlyBirdDinner !== undefined;
  const values: Record<string, unknown> = {
    firstName: text(fields, "firstName"),
    lastName: text(fields, "lastName"),
    masonicTitle: text(fields, "masonicTitle"),
    email: email(fields),
    numberOfAttendees: text(fields, "numberOfAttendees"),
    earlyBirdDinner: dinner,
  };
  if (dinner) {
    const meals = text(fields, "numberOfMeals");
    values.numberOfMeals = meals;
    if (meals.trim() === "1") values.mealChoice = text(fields, "mealChoice");
    else {
      for (const choice of event.earlyBirdOptions.choices) {
        const count = text(fields, mealCountField(choice)).trim();
        values[mealCountField(choice)] = count === "" ? 0 : count;
      }
    }
  }
  const form = eventRsvpFormSchema(event).safeParse(values);
  if (!form.success) throw formProblems(form.error, mealCountLabels(event));
  return buildEventRsvpPayload(event, form.data);
}

/** The social RSVP (SPEC 3). */
export function socialRsvpFromForm(data: LodgeData, now: Date, fields: Fields) {
  const outing = findByRef(data.socialEvents, { id: text(fields, PLAIN_FIELDS.event) }, "outing");
  checkOutingOpen(outing, now, data.lodge.timeZone);
  const form = socialRsvpFormSchema.safeParse({
    firstName: text(fields, "firstName"),
    lastName: text(fields, "lastName"),
    email: email(fields),
    numberOfAttendees: text(fields, "numberOfAttendees"),
  });
  if (!form.success) throw formProblems(form.error);
  return buildSocialRsvpPayload(outing, form.data);
}

/** The contact message, with the form's token and spam trap as the script sends them. */
export function contactFromForm(fields: Fields) {
  const form = contactFormSchema.safeParse({
    firstName: text(fields, "firstName"),
    lastName: text(fields, "lastName"),
    email: email(fields),
    phoneNumber: text(fields, "phoneNumber"),
    message: text(fields, "message"),
  });
  if (!form.success) throw formProblems(form.error);
  return {
    ...buildContactPayload(form.data),
    formToken: text(fields, "formToken"),
    [HONEYPOT_FIELD]: text(fields, HONEYPOT_FIELD),
  };
}
