import { eventPath } from "../../../core/api/page-paths.ts";
import { eventRsvpPath, eventWaitlistPath } from "../../../core/api/plain-forms.ts";
import type { ApiRoutesOf } from "../../../core/api/routes.ts";
import { MASONIC_TITLE_PLACEHOLDER, MEAL_PROMPT } from "../../../core/messages.ts";
import { maxPerRsvp } from "../../../core/rules/form-checks.ts";
import { mealCountField, offersDinner } from "../../../core/rules/meals.ts";
import type { Event } from "../../../core/schemas/event.ts";
import { lodge } from "../../generated/lodge.ts";
import { dinnerLabel } from "./DinnerFields.tsx";
import {
  AttendeesSelect,
  EmailField,
  NameFields,
  NumberSelect,
  PrivacyNote,
  RequiredNote,
  SubmitButton,
  TextField,
} from "./Form.tsx";
import { PageHeading } from "./PageHeading.tsx";
import { PlainFormHidden, plainFormProps } from "./PlainFormPost.tsx";
import { RsvpEvent, WaitlistNote } from "./RsvpEvent.tsx";

/**
 * A form that works without JavaScript: it posts itself to the API's route as any browser does,
 * with the hidden fields the server needs (the XSRF token it fills in as it serves the page, the
 * page to answer with, and the event). The server answers with this page again: the form
 * replaced by what happened, or filled in again with each field's problem marked. `done` is the
 * link the answer offers back.
 */
export function PlainForm({
  route,
  page,
  eventId,
  done,
  label,
  className = "",
  submitLabel,
  children,
}: {
  route: ApiRoutesOf<"POST">;
  page: string;
  eventId?: string;
  done: { href: string; label: string };
  label: string;
  className?: string;
  /** The Submit button's words, when they are more than 'Submit'. */
  submitLabel?: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <form
      {...plainFormProps(route, done)}
      className={`plain-form panel ${className}`}
      aria-label={label}
      noValidate
    >
      <PlainFormHidden page={page} eventId={eventId} />
      <RequiredNote />
      {children}
      <PrivacyNote
        what={
          route === "contact"
            ? "message"
            : route === "joinWaitlist"
              ? "waiting list"
              : "reservation"
        }
      />
      <div className="button-row">
        <SubmitButton
          sending={false}
          disabled={false}
          {...(submitLabel ? { label: submitLabel } : {})}
        />
        <a className="button button-secondary" href={done.href}>
          Cancel
        </a>
      </div>
    </form>
  );
}

/** First name, last name (and the masonic title) and e-mail, empty, for a plain form. */
export function PlainPersonFields({ title = false }: { title?: boolean }) {
  return (
    <>
      <NameFields />
      <div className="field-row">
        {title ? (
          <TextField
            label="Masonic Title"
            name="masonicTitle"
            placeholder={MASONIC_TITLE_PLACEHOLDER}
            defaultValue=""
            invalid={false}
          />
        ) : null}
        <EmailField />
      </div>
    </>
  );
}

/**
 * The event RSVP form's fields (SPEC 2, 3) for a page without a script: the dinner's fields show
 * once its box is ticked, the meal radios with one meal and the per-choice counts with more, all
 * by CSS (:has); a browser without it shows them all, and the server reads what applies.
 */
export function PlainEventRsvpFields({ event }: { event: Event }) {
  const max = maxPerRsvp(event);
  const { choices, choiceLabel } = event.earlyBirdOptions;
  return (
    <>
      <PlainPersonFields title />
      <AttendeesSelect defaultValue={1} max={max} />
      {offersDinner(event) ? (
        <>
          <div className="field checkbox-field">
            <input id="rsvp-dinner" type="checkbox" name="earlyBirdDinner" value="Yes" />
            <label htmlFor="rsvp-dinner">{dinnerLabel(event)}</label>
          </div>
          <div className="dinner-fields">
            <NumberSelect
              label="Number of meals"
              name="numberOfMeals"
              defaultValue={1}
              max={max}
              invalid={false}
            />
            {choices.length > 0 ? (
              <fieldset className="meal-choices">
                <legend>{choiceLabel || MEAL_PROMPT}</legend>
                <div className="meal-radios">
                  <p className="meal-hint">For one meal, choose it:</p>
                  {choices.map((choice) => (
                    <div className="choice" key={choice}>
                      <input
                        id={`rsvp-${mealCountField(choice)}`}
                        type="radio"
                        name="mealChoice"
                        value={choice}
                      />
                      <label htmlFor={`rsvp-${mealCountField(choice)}`}>{choice}</label>
                    </div>
                  ))}
                </div>
                <div className="meal-counts">
                  <p className="meal-hint">
                    For more than one meal, say how many of each: they add up to the number of
                    meals.
                  </p>
                  {choices.map((choice) => (
                    <TextField
                      key={choice}
                      className="count-field"
                      label={choice}
                      name={mealCountField(choice)}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={max}
                      step={1}
                      defaultValue={0}
                      invalid={false}
                    />
                  ))}
                </div>
              </fieldset>
            ) : null}
          </div>
        </>
      ) : null}
    </>
  );
}

/**
 * An event's RSVP form as a page of its own, for a browser without JavaScript (SPEC 2's RSVP
 * modal, the same fields and rules), or the same form for the event's waiting list: the server
 * answers an RSVP refused for want of seats with the waiting list's page, filled in.
 */
export function PlainEventRsvpPage({ event, waitlist }: { event: Event; waitlist: boolean }) {
  const title = waitlist ? `Join the waiting list for ${event.name}` : `RSVP for ${event.name}`;
  return (
    <>
      <PageHeading title={title} subheading={lodge.name} />
      <div className="container section plain-form-page">
        <RsvpEvent event={event} />
        {waitlist ? <WaitlistNote /> : null}
        <PlainForm
          route={waitlist ? "joinWaitlist" : "eventRsvp"}
          page={waitlist ? eventWaitlistPath(event.id) : eventRsvpPath(event.id)}
          eventId={event.id}
          done={{ href: eventPath(event.id), label: `Back to ${event.name}` }}
          label={title}
          className="rsvp-form"
          submitLabel={waitlist ? "Join the waiting list" : undefined}
        >
          <PlainEventRsvpFields event={event} />
        </PlainForm>
      </div>
    </>
  );
}
