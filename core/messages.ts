import { ALERT_TIMEOUT_MS } from "./constants.ts";
import type { Alert } from "./schemas/alert.ts";

/** The alerts of SPEC.md section 8, word for word. */
export const ALERTS = {
  sendFailure: {
    className: "error",
    heading: "Error",
    text: "We apologize, something went wrong. Please try again later.",
    timeout: ALERT_TIMEOUT_MS,
  },
  rsvpSuccess: {
    className: "success",
    heading: "Success!",
    text: "Your reservation has been sent. Please check your email shortly for a confirmation message.",
    timeout: ALERT_TIMEOUT_MS,
  },
  contactSuccess: {
    className: "success",
    heading: "Success!",
    text: "Your inquiry has been sent. Please check your email shortly for a confirmation message.",
    timeout: ALERT_TIMEOUT_MS,
  },
} as const satisfies Record<string, Alert>;

/**
 * The heading of the answer to an RSVP held for its visitor to confirm from the mail (past the
 * seats its network address may hold): the sentence under it says why and by when.
 */
export const CONFIRM_BY_MAIL_HEADING = "Check your e-mail";

export const MEAL_PROMPT = "Please choose a meal preference:";
export const MASONIC_TITLE_PLACEHOLDER = "WM, PDDGM, etc";
export const CONTACT_SUBJECT = "A New Message From Contact Us";
export const TYLED_LABEL = { true: "Tyled: Masons Only", false: "Open to All" } as const;

/** What a form sends: a reservation, a place in an event's waiting list, or a message. */
export type PrivacyNoteSubject = "reservation" | "waiting list" | "message";

/** The privacy note under the forms: what is kept, and for how long. */
export function privacyNote(keepDays: number, what: PrivacyNoteSubject): string {
  const kept = `are erased ${keepDays} days after the event; the lodge keeps only the number of attendees and meals.`;
  switch (what) {
    case "reservation":
      return `Your name and e-mail address are used only for this reservation and ${kept}`;
    case "waiting list":
      return `Your name and e-mail address are used only for your place in the waiting list and the reservation it may become, and ${kept}`;
    case "message":
      return `Your name, e-mail address, phone number and message are used only to answer you and are erased ${keepDays} days after you send it.`;
  }
}

/**
 * The secretary's command that lists an event's RSVPs and its waiting list, as the notices name
 * it: `lodge rsvps` with its `--event` option (cli/commands/rsvps.ts).
 */
export function eventRsvpsCommand(eventId: string): string {
  return `lodge rsvps --event ${eventId}`;
}
