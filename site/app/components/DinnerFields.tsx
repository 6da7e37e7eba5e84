import { MEAL_PROMPT } from "../../../core/messages.ts";
import { type EventRsvpValues, maxPerRsvp, mealHint } from "../../../core/rules/form-checks.ts";
import {
  hasEarlyMealDeadline,
  mealsClosedText,
  mealsCloseText,
} from "../../../core/rules/meal-window.ts";
import { mealCountField, offersDinner, priceText } from "../../../core/rules/meals.ts";
import { formatDinnerTime } from "../../../core/rules/time.ts";
import type { RsvpRules } from "../../../core/schemas/api.ts";
import type { Event } from "../../../core/schemas/event.ts";
import { AttendeesSelect, NumberSelect, TextField } from "./Form.tsx";

/** 'Early bird dinner at 6:30PM ($15 per meal)': what an RSVP form's dinner checkbox offers. */
export function dinnerLabel(event: Pick<Event, "earlyBirdOptions">): string {
  const { time, cost } = event.earlyBirdOptions;
  const when = formatDinnerTime(time);
  return `Early bird dinner${when ? ` at ${when}` : ""} (${priceText(cost, "per meal")})`;
}

/**
 * What an event RSVP is for: the attendees, and the early bird dinner with its meals and
 * choices, as the event offers them. The RSVP modal and the manage page of an RSVP both ask it;
 * a file of its own, so the manage page loads none of the modal.
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
  follow,
}: {
  /** The event's own fields the form follows (a whole Event, or the manage page's from the API). */
  event: RsvpRules;
  formId: string;
  values: EventRsvpValues;
  edit<K extends keyof EventRsvpValues & string>(name: K, value: EventRsvpValues[K]): void;
  edited: ReadonlySet<string>;
  problems: ReadonlyMap<string, string>;
  shownInvalid(field: string): boolean;
  /**
   * Sets a field as the form's own doing, not the visitor's (not marked edited): given, the
   * number of meals follows the number of attendees until the visitor picks it himself.
   */
  follow?<K extends keyof EventRsvpValues & string>(name: K, value: EventRsvpValues[K]): void;
  /** The event's meal deadline has passed: seats may still be reserved, dinners no more. */
  mealsClosed: boolean;
}) {
  const max = maxPerRsvp(event);
  const { choices } = event.earlyBirdOptions;
  const dinner = offersDinner(event) && !mealsClosed && values.earlyBirdDinner;
  const countsEdited = choices.some((choice) => edited.has(mealCountField(choice)));
  return (
    <>
      <AttendeesSelect
        value={values.numberOfAttendees}
        max={max}
        invalid={shownInvalid("numberOfAttendees")}
        onChange={(n) => {
          edit("numberOfAttendees", n);
          // Each attendee usually dines: the meals start at the attendees until chosen apart.
          if (follow && !edited.has("numberOfMeals")) follow("numberOfMeals", n);
        }}
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
        <MealChoices
          event={event}
          formId={formId}
          values={values}
          edit={edit}
          invalid={
            (values.numberOfMeals === 1
              ? shownInvalid("mealChoice")
              : problems.has("mealCounts") && countsEdited) || undefined
          }
          shownInvalid={shownInvalid}
          max={max}
        />
      ) : null}
    </>
  );
}

/**
 * The dinner's meal choices: a radio button each for one meal, a count each for more, with the
 * hint of what is still to choose, which screen readers hear as it changes.
 */
function MealChoices({
  event,
  formId,
  values,
  edit,
  invalid,
  shownInvalid,
  max,
}: {
  event: RsvpRules;
  formId: string;
  values: EventRsvpValues;
  edit<K extends keyof EventRsvpValues & string>(name: K, value: EventRsvpValues[K]): void;
  /** The choices as a whole are shown invalid (none picked, or counts that do not add up). */
  invalid: boolean | undefined;
  shownInvalid(field: string): boolean;
  max: number;
}) {
  const { choices, choiceLabel } = event.earlyBirdOptions;
  const hint = mealHint(event, values);
  return (
    <fieldset
      className="meal-choices"
      aria-describedby={`${formId}-meal-hint`}
      aria-invalid={invalid}
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
  );
}
