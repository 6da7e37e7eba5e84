import { useCallback } from "react";
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
import { postApi } from "../lib/api.ts";
import { eventWhen } from "../lib/dates.ts";
import {
  AttendeesSelect,
  EmailField,
  FormButtons,
  NameFields,
  PrivacyNote,
  RequiredNote,
  useSentForm,
} from "./Form.tsx";
import { FormOutcome, SentOutcome } from "./FormOutcome.tsx";
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
  const {
    values,
    edit,
    problems,
    shownInvalid,
    errorOf,
    sending,
    send,
    reset,
    outcome,
    clearOutcome,
  } = useSentForm(initial, socialRsvpProblems, { inPlace: true });
  // Closed, the dialog opens next time on the form again, not on what became of the last one.
  const close = useCallback(() => {
    clearOutcome();
    onClose();
  }, [clearOutcome, onClose]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const payload = buildSocialRsvpPayload(outing, trimmed(values));
    const sent = await send("socialRsvp", () => payload, ALERTS.rsvpSuccess);
    if (sent) void postApi("socialSheetRow", toSheetPayload(payload, outing)).catch(() => {});
  }

  return (
    <Modal
      open={open}
      title={`RSVP to ${lodge.socialSeries.title}`}
      onClose={close}
      className="form-modal"
    >
      {outcome?.className === "success" ? (
        <SentOutcome outcome={outcome} onClose={close} />
      ) : (
        <form className="rsvp-form" noValidate onSubmit={submit}>
          {outcome ? <FormOutcome outcome={outcome} /> : null}
          <div className="rsvp-event">
            <h3>RSVP for {outing.name}</h3>
            {outing.description ? <p>{outing.description}</p> : null}
            <p className="rsvp-when">{eventWhen(outing.date)}</p>
          </div>
          <RequiredNote />
          <NameFields values={values} errorOf={errorOf} edit={edit} />
          <EmailField values={values} errorOf={errorOf} edit={edit} />
          <AttendeesSelect
            value={values.numberOfAttendees}
            max={MAX_PER_RSVP}
            invalid={shownInvalid("numberOfAttendees")}
            onChange={(n) => edit("numberOfAttendees", n)}
          />
          <PrivacyNote what="reservation" />
          <FormButtons
            sending={sending}
            disabled={problems.size > 0}
            onCancel={() => {
              reset();
              close();
            }}
          />
        </form>
      )}
    </Modal>
  );
}
