import { useCallback, useRef, useState } from "react";
import { MAX_PER_RSVP } from "../../../core/constants.ts";
import { ALERTS } from "../../../core/messages.ts";
import {
  type SocialRsvpValues,
  socialRsvpProblems,
  trimmed,
} from "../../../core/rules/form-checks.ts";
import { buildSocialRsvpPayload, toSheetPayload } from "../../../core/rules/rsvp-payload.ts";
import type { SocialEvent } from "../../../core/schemas/social-event.ts";
import { lodge } from "../../generated/lodge.ts";
import { failureAlert, newIdempotencyKey, postJson } from "../lib/api.ts";
import { eventWhen } from "../lib/dates.ts";
import { useAlerts } from "./Alerts.tsx";
import {
  EmailField,
  NameFields,
  NumberSelect,
  RequiredNote,
  SubmitButton,
  useFormState,
} from "./Form.tsx";
import { Modal } from "./Modal.tsx";

export type SocialRsvpModalProps = {
  outing: SocialEvent;
  open: boolean;
  onClose(): void;
};

const emptyForm = (): SocialRsvpValues => ({
  firstName: "",
  lastName: "",
  email: "",
  numberOfAttendees: 1,
});

/**
 * The social RSVP modal (SPEC 2, 4): 'RSVP to {series}', the outing, names, e-mail and how many
 * come. Submit sends and closes; Cancel clears the form and closes. A failed send keeps the form.
 */
export default function SocialRsvpModal({ outing, open, onClose }: SocialRsvpModalProps) {
  const initial = useCallback(emptyForm, []);
  const { values, set, edited, reset } = useFormState(initial);
  const [sending, setSending] = useState(false);
  const idempotencyKey = useRef<string | null>(null);
  const { showAlert } = useAlerts();
  const problems = socialRsvpProblems(values);
  const shownInvalid = (field: keyof SocialRsvpValues) => problems.has(field) && edited.has(field);

  const edit = <K extends keyof SocialRsvpValues>(name: K, value: SocialRsvpValues[K]) => {
    idempotencyKey.current = null;
    set(name, value);
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (problems.size > 0 || sending) return;
    idempotencyKey.current ??= newIdempotencyKey();
    const payload = buildSocialRsvpPayload(outing, trimmed(values));
    setSending(true);
    const result = await postJson("/mj/api/social-rsvp", payload, idempotencyKey.current);
    setSending(false);
    onClose();
    if (!result.ok) {
      showAlert(failureAlert(result));
      return;
    }
    idempotencyKey.current = null;
    reset();
    showAlert(ALERTS.rsvpSuccess);
    void postJson("/sheets/api/append-social-rsvp", toSheetPayload(payload, outing)).catch(
      () => {},
    );
  }

  return (
    <Modal
      open={open}
      title={`RSVP to ${lodge.socialSeries.title}`}
      onClose={onClose}
      className="form-modal"
    >
      <form className="rsvp-form" noValidate onSubmit={submit}>
        <div className="rsvp-event">
          <h3>RSVP for {outing.name}</h3>
          {outing.description ? <p>{outing.description}</p> : null}
          <p className="rsvp-when">{eventWhen(outing.date)}</p>
        </div>
        <RequiredNote />
        <NameFields values={values} invalid={shownInvalid} edit={edit} />
        <EmailField values={values} invalid={shownInvalid} edit={edit} />
        <NumberSelect
          label="Number of attendees (including yourself)"
          name="numberOfAttendees"
          value={values.numberOfAttendees}
          max={MAX_PER_RSVP}
          invalid={shownInvalid("numberOfAttendees")}
          onChange={(n) => edit("numberOfAttendees", n)}
        />
        <div className="button-row form-buttons">
          <SubmitButton sending={sending} disabled={problems.size > 0} />
          <button
            type="button"
            className="button button-secondary"
            disabled={sending}
            onClick={() => {
              reset();
              onClose();
            }}
          >
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
