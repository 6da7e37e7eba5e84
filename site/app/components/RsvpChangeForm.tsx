import { useCallback, useId } from "react";
import type { ApiResponse } from "../../../core/api/routes.ts";
import { ALERTS } from "../../../core/messages.ts";
import { type EventRsvpValues, eventRsvpProblems } from "../../../core/rules/form-checks.ts";
import { mealsOpen } from "../../../core/rules/meal-window.ts";
import { mealCountField } from "../../../core/rules/meals.ts";
import type { Alert } from "../../../core/schemas/alert.ts";
import type { RsvpRules } from "../../../core/schemas/api.ts";
import { lodge } from "../../generated/lodge.ts";
import { failureAlert, postApi } from "../lib/api.ts";
import { useNow } from "../lib/now.tsx";
import { useAlerts } from "./Alerts.tsx";
import { DinnerFields } from "./DinnerFields.tsx";
import { AttendeesSelect, SubmitButton, useSentForm } from "./Form.tsx";
import { FormOutcome } from "./FormOutcome.tsx";
import { ConfirmStep } from "./RsvpLinkPage.tsx";

type Managed = ApiResponse<"manageRsvp">;

/** The alert of a change the server took (here, not in the catalogue every page loads). */
const CHANGED: Alert = {
  ...ALERTS.rsvpSuccess,
  heading: "Saved",
  text: "Your reservation is changed. A confirmation is on its way to your e-mail address.",
};

/** The form's values from the RSVP as it stands (an outing's: its attendees only). */
function valuesOf(view: Managed, event: RsvpRules | undefined): EventRsvpValues {
  const counts = Object.fromEntries(
    (event?.earlyBirdOptions.choices ?? []).map((choice) => [
      mealCountField(choice),
      view.mealCounts.find((meal) => meal.choice === choice)?.count ?? 0,
    ]),
  );
  return {
    firstName: view.firstName,
    lastName: view.lastName,
    masonicTitle: "",
    email: view.email,
    numberOfAttendees: view.attendees,
    earlyBirdDinner: view.dinner,
    numberOfMeals: view.dinner ? view.meals : 1,
    mealChoice:
      view.dinner && view.meals === 1
        ? (view.mealCounts.find((meal) => meal.count > 0)?.choice ?? "")
        : "",
    ...counts,
  };
}

const NO_PROBLEMS: ReadonlyMap<string, string> = new Map();

/**
 * The change form: the RSVP's head count, dinner and meals, by the event's own rules (the API's
 * `rules`); for a social outing (no rules), its head count. Loaded on demand, while the page
 * asks the API for the reservation it needs.
 */
export default function ChangeForm({
  token,
  view,
  reload,
  onDone,
}: {
  token: string;
  view: Managed;
  reload(): Promise<void>;
  /** Says what became of the reservation in the form's place (the page keeps it through reload). */
  onDone(outcome: Alert): void;
}) {
  const event = view.rules;
  const initial = useCallback(() => valuesOf(view, event), [view, event]);
  const problemsOf = useCallback(
    (values: EventRsvpValues) => (event ? eventRsvpProblems(event, values) : NO_PROBLEMS),
    [event],
  );
  const form = useSentForm(initial, problemsOf, { inPlace: true });
  const formId = useId();
  const { showAlert } = useAlerts();
  // After the event's meal deadline the dinner fields give way to a sentence saying so; the
  // dinners already reserved go with the change as they are (core's rule, the server's too).
  const now = useNow();
  const mealsClosed = event !== undefined && !mealsOpen(event, now, lodge.timeZone);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const { values } = form;
    const payload = () =>
      event ? { ...values, token } : { token, numberOfAttendees: values.numberOfAttendees };
    const sent = await form.send("changeRsvp", payload, CHANGED);
    if (!sent) return;
    // Said once the page shows the reservation as it now is, so nothing moves it afterwards.
    await reload();
    onDone(CHANGED);
  }

  async function cancel() {
    const result = await postApi("cancelRsvp", { token });
    if (!result.ok) {
      showAlert(failureAlert(result));
      return;
    }
    await reload();
    onDone({ ...CHANGED, heading: "Cancelled", text: result.body.message });
  }

  return (
    <form id={formId} className="rsvp-form manage-form panel" noValidate onSubmit={submit}>
      <h2>Change your reservation</h2>
      {form.outcome ? <FormOutcome outcome={form.outcome} /> : null}
      {event ? (
        <DinnerFields
          event={event}
          formId={formId}
          values={form.values}
          edit={form.edit}
          edited={form.edited}
          problems={form.problems}
          shownInvalid={form.shownInvalid}
          mealsClosed={mealsClosed}
        />
      ) : (
        <AttendeesSelect
          value={form.values.numberOfAttendees}
          max={view.event.maxPerRsvp}
          onChange={(n) => form.edit("numberOfAttendees", n)}
        />
      )}
      <div className="button-row">
        <SubmitButton sending={form.sending} disabled={form.problems.size > 0} />
      </div>
      <section className="cancel-box" aria-labelledby={`${formId}-cancel`}>
        <h2 id={`${formId}-cancel`}>Can't come after all?</h2>
        <ConfirmStep
          label="Cancel my reservation"
          question={`Cancel your reservation for ${
            view.attendees === 1 ? "1 attendee" : `${view.attendees} attendees`
          }? Its seats go to others at once.`}
          confirm="Yes, cancel it"
          busy="Cancelling..."
          keep="Keep it"
          onConfirm={cancel}
        />
      </section>
    </form>
  );
}
