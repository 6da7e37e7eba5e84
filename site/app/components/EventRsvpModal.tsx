import { useCallback, useId, useState } from "react";
import {
  ALERTS,
  CONFIRM_BY_MAIL_HEADING,
  MASONIC_TITLE_PLACEHOLDER,
} from "../../../core/messages.ts";
import {
  type EventRsvpValues,
  eventRsvpProblems,
  trimmed,
} from "../../../core/rules/form-checks.ts";
import { mealsOpen } from "../../../core/rules/meal-window.ts";
import { mealCountField, offersDinner } from "../../../core/rules/meals.ts";
import { buildEventRsvpPayload, toSheetPayload } from "../../../core/rules/rsvp-payload.ts";
import type { Alert } from "../../../core/schemas/alert.ts";
import type { Event } from "../../../core/schemas/event.ts";
import { lodge } from "../../generated/lodge.ts";
import { type ApiFailure, postApi } from "../lib/api.ts";
import { useNow } from "../lib/now.tsx";
import { DinnerFields } from "./DinnerFields.tsx";
import {
  EmailField,
  FormButtons,
  NameFields,
  PrivacyNote,
  RequiredNote,
  TextField,
  useSentForm,
} from "./Form.tsx";
import { FormOutcome, SentOutcome } from "./FormOutcome.tsx";
import { Modal } from "./Modal.tsx";
import { RsvpEvent, WaitlistNote } from "./RsvpEvent.tsx";

export type EventRsvpModalProps = {
  event: Event;
  /** For the event's waiting list: the same form, sent to join the list instead of reserving. */
  waitlist: boolean;
  open: boolean;
  onClose(): void;
  /** Turns the modal to the waiting list (true) or back to reserving, as the server said. */
  onWaitlist(waitlist: boolean): void;
  /** Called after the server took the RSVP, with the attendees it counts. */
  onSent?(eventId: string, attendees: number): void;
};

/** The alert of a place taken on the waiting list: the server says which place. */
const ON_THE_LIST = { ...ALERTS.rsvpSuccess, heading: "On the waiting list" };

/**
 * What the dialog says of a stored RSVP: the catalogue's success, or, for one held for its
 * visitor to confirm from the mail (past the seats of its network address), the server's
 * sentence saying why and by when.
 */
function answerAlert(answer: { message: string; confirm?: true | undefined }): Alert {
  if (!answer.confirm) return ALERTS.rsvpSuccess;
  return { ...ALERTS.rsvpSuccess, heading: `${CONFIRM_BY_MAIL_HEADING}:`, text: answer.message };
}

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
 * The RSVP form's state and its send: to the event, or to its waiting list, turning to the other
 * way when the server says it applies (`turned` is the server's sentence why).
 */
function useEventRsvpForm(
  event: Event,
  { waitlist, onWaitlist, onSent }: Pick<EventRsvpModalProps, "waitlist" | "onWaitlist" | "onSent">,
) {
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
  const form = useSentForm(initial, problemsOf, { inPlace: true });
  const { values, send } = form;
  // Why the modal turned to the other way: the server's sentence, shown above the form.
  const [turned, setTurned] = useState<string>();

  const dinner = offersDinner(event) && !mealsClosed && values.earlyBirdDinner;

  /** A refusal that names the other way: the modal turns to it, the form kept as it is. */
  const turn = (failure: ApiFailure) => {
    const toList = failure.instead === "joinWaitlist";
    if (!toList && failure.instead !== "eventRsvp") return false;
    setTurned(failure.message);
    onWaitlist(toList);
    return true;
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const sent = { ...trimmed(values), earlyBirdDinner: dinner };
    const payload = buildEventRsvpPayload(event, sent);
    if (waitlist) {
      const joined = (answer: { message: string }) => ({ ...ON_THE_LIST, text: answer.message });
      if (await send("joinWaitlist", () => payload, joined, undefined, turn)) setTurned(undefined);
      return;
    }
    if (!(await send("eventRsvp", () => payload, answerAlert, undefined, turn))) return;
    setTurned(undefined);
    onSent?.(event.id, sent.numberOfAttendees);
    // The spreadsheet row follows the mail; its failure is not the visitor's business (SPEC 4).
    void postApi("eventSheetRow", toSheetPayload(payload, event)).catch(() => {});
  }

  return { ...form, mealsClosed, turned, submit };
}

/**
 * The event RSVP modal (SPEC 2, 3, 4, 5), one for the home page and upcoming events, and for an
 * event's waiting list once it is full: the same form, sent to the waiting list, with the title
 * and button saying so. The form's state lives here, outside the dialog's body, so closing the
 * dialog after a failed send keeps what the visitor typed; a successful send clears it. When the
 * server answers that the other way applies (the seats went while the visitor typed, or some
 * came free), the modal turns to it with the form as it was, and says why.
 */
export default function EventRsvpModal({
  event,
  waitlist,
  open,
  onClose,
  onWaitlist,
  onSent,
}: EventRsvpModalProps) {
  const form = useEventRsvpForm(event, { waitlist, onWaitlist, ...(onSent ? { onSent } : {}) });
  const formId = useId();

  // Closed, the dialog opens next time on the form again, not on what became of the last one.
  const close = useCallback(() => {
    form.clearOutcome();
    onClose();
  }, [form.clearOutcome, onClose]);

  return (
    <Modal
      open={open}
      title={waitlist ? `Join the waiting list for ${event.name}` : `RSVP for ${event.name}`}
      onClose={close}
      className="form-modal"
    >
      {form.outcome?.className === "success" ? (
        <SentOutcome outcome={form.outcome} onClose={close} />
      ) : (
        <form id={formId} className="rsvp-form" noValidate onSubmit={form.submit}>
          {form.outcome ? <FormOutcome outcome={form.outcome} /> : null}
          <RsvpEvent event={event} />
          {waitlist ? (
            <WaitlistNote why={form.turned} full />
          ) : form.turned ? (
            <p className="waitlist-note" role="status">
              {form.turned}
            </p>
          ) : null}
          <RequiredNote />
          <NameFields values={form.values} errorOf={form.errorOf} edit={form.edit} />
          <div className="field-row">
            <TextField
              label="Masonic Title"
              name="masonicTitle"
              placeholder={MASONIC_TITLE_PLACEHOLDER}
              value={form.values.masonicTitle}
              invalid={form.shownInvalid("masonicTitle")}
              error={form.errorOf("masonicTitle")}
              onChange={(e) => form.edit("masonicTitle", e.target.value)}
            />
            <EmailField values={form.values} errorOf={form.errorOf} edit={form.edit} />
          </div>
          <DinnerFields
            event={event}
            formId={formId}
            values={form.values}
            edit={form.edit}
            edited={form.edited}
            problems={form.problems}
            shownInvalid={form.shownInvalid}
            mealsClosed={form.mealsClosed}
            follow={form.follow}
          />
          <PrivacyNote what={waitlist ? "waiting list" : "reservation"} />
          <FormButtons
            sending={form.sending}
            disabled={form.problems.size > 0}
            label={waitlist ? "Join the waiting list" : undefined}
            onCancel={() => {
              form.reset();
              close();
            }}
          />
        </form>
      )}
    </Modal>
  );
}
