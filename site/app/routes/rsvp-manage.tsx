import { useCallback, useId } from "react";
import type { ApiResponse } from "../../../core/api/routes.ts";
import { ALERTS } from "../../../core/messages.ts";
import { type EventRsvpValues, eventRsvpProblems } from "../../../core/rules/form-checks.ts";
import { mealsOpen } from "../../../core/rules/meal-window.ts";
import { mealCountField } from "../../../core/rules/meals.ts";
import type { Alert } from "../../../core/schemas/alert.ts";
import type { Event } from "../../../core/schemas/event.ts";
import { events } from "../../generated/events.ts";
import { lodge } from "../../generated/lodge.ts";
import { useAlerts } from "../components/Alerts.tsx";
import { DinnerFields } from "../components/EventRsvpModal.tsx";
import { NumberSelect, SubmitButton, useSentForm } from "../components/Form.tsx";
import { PageHeading } from "../components/PageHeading.tsx";
import {
  ConfirmStep,
  LinkNotShown,
  ReservedSummary,
  useLinkedView,
} from "../components/RsvpLinkPage.tsx";
import { failureAlert, postApi } from "../lib/api.ts";
import { hydrates } from "../lib/hydration.ts";
import { pageMeta } from "../lib/meta.ts";
import { useNow } from "../lib/now.tsx";

type Managed = ApiResponse<"manageRsvp">;

/** The alert of a change the server took (here, not in the catalogue every page loads). */
const CHANGED: Alert = {
  ...ALERTS.rsvpSuccess,
  heading: "Saved",
  text: "Your reservation is changed. A confirmation is on its way to your e-mail address.",
};

/** The reservation comes from the API once the page runs: it needs React. */
export const handle = hydrates;

// A personal page: the layout tells search engines to leave it out (the site map's isListedPage).
export const meta = () =>
  pageMeta(
    "Your Reservation",
    `See, change or cancel your reservation for an event of ${lodge.name}.`,
  );

/** The form's values from the RSVP as it stands (an outing's: its attendees only). */
function valuesOf(view: Managed, event: Event | undefined): EventRsvpValues {
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

const NO_PROBLEMS: ReadonlySet<string> = new Set();

/**
 * The change form: the RSVP's head count, dinner and meals, by the event's own rules; for a
 * social outing (no `event`), its head count.
 */
function ChangeForm({
  token,
  view,
  event,
  reload,
}: {
  token: string;
  view: Managed;
  event: Event | undefined;
  reload(): Promise<void>;
}) {
  const initial = useCallback(() => valuesOf(view, event), [view, event]);
  const problemsOf = useCallback(
    (values: EventRsvpValues) => (event ? eventRsvpProblems(event, values) : NO_PROBLEMS),
    [event],
  );
  const form = useSentForm(initial, problemsOf);
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
    if (sent) await reload();
  }

  async function cancel() {
    const result = await postApi("cancelRsvp", { token });
    if (!result.ok) {
      showAlert(failureAlert(result));
      return;
    }
    showAlert({ ...CHANGED, heading: "Cancelled", text: result.body.message });
    await reload();
  }

  return (
    <form id={formId} className="rsvp-form manage-form panel" noValidate onSubmit={submit}>
      <h2>Change your reservation</h2>
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
        <NumberSelect
          label="Number of attendees (including yourself)"
          name="numberOfAttendees"
          value={form.values.numberOfAttendees}
          max={view.event.maxPerRsvp}
          invalid={false}
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

/**
 * A visitor's own reservation, opened from the personal link in its confirmation mail: what it
 * is for, and, until reservations close, a form to change its head count and dinner or cancel it.
 * The page is the same for everyone; the reservation comes from the API by the link's token.
 */
export default function RsvpManage() {
  const { token, loaded, reload } = useLinkedView(
    "manageRsvp",
    "Open this page from the link in the mail that confirmed your reservation.",
  );
  const view = loaded.kind === "shown" ? loaded.view : undefined;
  const event =
    view?.kind === "event" ? events.find((candidate) => candidate.id === view.event.id) : undefined;
  // An event the built site no longer has cannot show its form: the secretary can help.
  const changeable = view?.state === "open" && (view.kind === "social" || event !== undefined);
  return (
    <>
      <PageHeading title="Your Reservation" />
      <div className="container section manage-layout">
        <LinkNotShown loaded={loaded} />
        {view ? (
          <>
            <ReservedSummary view={view} />
            {changeable ? (
              <ChangeForm
                key={JSON.stringify(view)}
                token={token}
                view={view}
                event={event}
                reload={reload}
              />
            ) : null}
          </>
        ) : null}
      </div>
    </>
  );
}
