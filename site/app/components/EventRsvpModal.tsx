import { useCallback, useId } from "react";
import { ALERTS, MASONIC_TITLE_PLACEHOLDER, MEAL_PROMPT } from "../../../core/messages.ts";
import {
  type EventRsvpValues,
  eventRsvpProblems,
  maxPerRsvp,
  mealHint,
  offersDinner,
  trimmed,
} from "../../../core/rules/form-checks.ts";
import {
  hasEarlyMealDeadline,
  mealsClosedText,
  mealsCloseText,
  mealsOpen,
} from "../../../core/rules/meal-window.ts";
import { mealCountField } from "../../../core/rules/meals.ts";
import { buildEventRsvpPayload, toSheetPayload } from "../../../core/rules/rsvp-payload.ts";
import type { Event } from "../../../core/schemas/event.ts";
import { lodge } from "../../generated/lodge.ts";
import { postApi } from "../lib/api.ts";
import { useNow } from "../lib/now.tsx";
import {
  EmailField,
  FormButtons,
  NameFields,
  NumberSelect,
  PrivacyNote,
  RequiredNote,
  TextField,
  useSentForm,
} from "./Form.tsx";
import { Modal } from "./Modal.tsx";
import { dinnerLabel, RsvpEvent } from "./RsvpEvent.tsx";

export type EventRsvpModalProps = {
  event: Event;
  open: boolean;
  onClose(): void;
  /** Called after the server took the RSVP, with the attendees it counts. */
  onSent?(eventId: string, attendees: number): void;
};

function emptyForm(event: Event): EventRsvpValues {
  const counts = Object.fromEntries(
    event.earlyBirdOptions.choices.map((c) => [mealCountField(c), 0]),
  );
  return {
    firstName: "",
    lastName: "",
    masonicTitle: "",
    email: "",
    numberOfAttendees: 1,
    earlyBirdDinner: false,
    numberOfMeals: 1,
    mealChoice: "",
    ...counts,
  };
}

/**
 * What an event RSVP is for: the attendees, and the early bird dinner with its meals and
 * choices, as the event offers them. The RSVP modal and the manage page of an RSVP both ask it
 * (it lives here, so the page that opens the modal lazily loads no chunk more).
 */
export function DinnerFields({
  event,
  formId,
  values,
  edit,
  edited,
  problems,
  shownInvalid,
  mealsClosed,
}: {
  event: Event;
  formId: string;
  values: EventRsvpValues;
  edit<K extends keyof EventRsvpValues & string>(name: K, value: EventRsvpValues[K]): void;
  edited: ReadonlySet<string>;
  problems: ReadonlySet<string>;
  shownInvalid(field: string): boolean;
  /** The event's meal deadline has passed: seats may still be reserved, dinners no more. */
  mealsClosed: boolean;
}) {
  const max = maxPerRsvp(event);
  const { choices, choiceLabel } = event.earlyBirdOptions;
  const dinner = offersDinner(event) && !mealsClosed && values.earlyBirdDinner;
  const countsEdited = choices.some((choice) => edited.has(mealCountField(choice)));
  const hint = mealHint(event, values);
  return (
    <>
      <NumberSelect
        label="Number of attendees (including yourself)"
        name="numberOfAttendees"
        value={values.numberOfAttendees}
        max={max}
        invalid={shownInvalid("numberOfAttendees")}
        onChange={(n) => edit("numberOfAttendees", n)}
      />
      {mealsClosed ? <p className="meals-closed">{mealsClosedText(event)}</p> : null}
      {offersDinner(event) && !mealsClosed ? (
        <div className="field checkbox-field">
          <input
            id={`${formId}-dinner`}
            type="checkbox"
            name="earlyBirdDinner"
            checked={values.earlyBirdDinner}
            onChange={(e) => edit("earlyBirdDinner", e.target.checked)}
          />
          <label htmlFor={`${formId}-dinner`}>{dinnerLabel(event)}</label>
          {hasEarlyMealDeadline(event) ? (
            <p className="meals-close">{mealsCloseText(event)}.</p>
          ) : null}
        </div>
      ) : null}
      {dinner ? (
        <NumberSelect
          label="Number of meals"
          name="numberOfMeals"
          value={values.numberOfMeals}
          max={max}
          invalid={shownInvalid("numberOfMeals")}
          onChange={(n) => edit("numberOfMeals", n)}
        />
      ) : null}
      {dinner && choices.length > 0 ? (
        <fieldset
          className="meal-choices"
          aria-describedby={`${formId}-meal-hint`}
          aria-invalid={
            (values.numberOfMeals === 1
              ? shownInvalid("mealChoice")
              : problems.has("mealCounts") && countsEdited) || undefined
          }
        >
          <legend>{choiceLabel || MEAL_PROMPT}</legend>
          {values.numberOfMeals === 1
            ? choices.map((choice) => (
                <div className="choice" key={choice}>
                  <input
                    id={`${formId}-${mealCountField(choice)}`}
                    type="radio"
                    name="mealChoice"
                    value={choice}
                    checked={values.mealChoice === choice}
                    onChange={() => edit("mealChoice", choice)}
                  />
                  <label htmlFor={`${formId}-${mealCountField(choice)}`}>{choice}</label>
                </div>
              ))
            : choices.map((choice) => {
                const field = mealCountField(choice);
                return (
                  <TextField
                    key={choice}
                    className="count-field"
                    label={choice}
                    name={field}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={max}
                    step={1}
                    value={Number.isNaN(values[field]) ? "" : (values[field] ?? 0)}
                    invalid={shownInvalid(field)}
                    onChange={(e) =>
                      edit(field, e.target.value === "" ? Number.NaN : Number(e.target.value))
                    }
                  />
                );
              })}
          {/* Always there, so screen readers hear each change of what is still missing. */}
          <p id={`${formId}-meal-hint`} className="meal-hint" aria-live="polite">
            {hint}
          </p>
        </fieldset>
      ) : null}
    </>
  );
}

/**
 * The event RSVP modal (SPEC 2, 3, 4, 5), one for the home page and upcoming events. The form's
 * state lives here, outside the dialog's body, so closing the dialog after a failed send keeps
 * what the visitor typed; a successful send clears it.
 */
export default function EventRsvpModal({ event, open, onClose, onSent }: EventRsvpModalProps) {
  const initial = useCallback(() => emptyForm(event), [event]);
  // After the event's meal deadline seats may still be reserved, but no dinner (core's rule,
  // which the server applies too).
  const now = useNow();
  const mealsClosed = offersDinner(event) && !mealsOpen(event, now, lodge.timeZone);
  const problemsOf = useCallback(
    (values: EventRsvpValues) =>
      eventRsvpProblems(event, mealsClosed ? { ...values, earlyBirdDinner: false } : values),
    [event, mealsClosed],
  );
  const { values, edit, edited, problems, shownInvalid, sending, send, reset } = useSentForm(
    initial,
    problemsOf,
  );
  const formId = useId();

  const dinner = offersDinner(event) && !mealsClosed && values.earlyBirdDinner;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const form = { ...trimmed(values), earlyBirdDinner: dinner };
    const payload = buildEventRsvpPayload(event, form);
    if (!(await send("eventRsvp", () => payload, ALERTS.rsvpSuccess, onClose))) return;
    onSent?.(event.id, form.numberOfAttendees);
    // The spreadsheet row follows the mail; its failure is not the visitor's business (SPEC 4).
    void postApi("eventSheetRow", toSheetPayload(payload, event)).catch(() => {});
  }

  return (
    <Modal open={open} title={`RSVP for ${event.name}`} onClose={onClose} className="form-modal">
      <form id={formId} className="rsvp-form" noValidate onSubmit={submit}>
        <RsvpEvent event={event} />
        <RequiredNote />
        <NameFields values={values} invalid={shownInvalid} edit={edit} />
        <div className="field-row">
          <TextField
            label="Masonic Title"
            name="masonicTitle"
            placeholder={MASONIC_TITLE_PLACEHOLDER}
            value={values.masonicTitle}
            invalid={shownInvalid("masonicTitle")}
            onChange={(e) => edit("masonicTitle", e.target.value)}
          />
          <EmailField values={values} invalid={shownInvalid} edit={edit} />
        </div>
        <DinnerFields
          event={event}
          formId={formId}
          values={values}
          edit={edit}
          edited={edited}
          problems={problems}
          shownInvalid={shownInvalid}
          mealsClosed={mealsClosed}
        />
        <PrivacyNote what="reservation" />
        <FormButtons
          sending={sending}
          disabled={problems.size > 0}
          onCancel={() => {
            reset();
            onClose();
          }}
        />
      </form>
    </Modal>
  );
}
