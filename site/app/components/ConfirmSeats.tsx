import type { ApiResponse } from "../../../core/api/routes.ts";
import type { Alert } from "../../../core/schemas/alert.ts";
import { useAlerts } from "./Alerts.tsx";
import { ConfirmStep, StepButton, takeStep } from "./RsvpLinkPage.tsx";

/**
 * A reservation held for its visitor to confirm (sent from a network address that had reserved
 * its share of seats already, as a lodge room's Wi-Fi has): 'Confirm my seats', and the way to
 * give them up instead. The state's sentence above says until when they are held.
 */
export function ConfirmSeats({
  token,
  view,
  reload,
  onDone,
}: {
  token: string;
  view: ApiResponse<"manageRsvp">;
  reload(): Promise<void>;
  /** Says what the step came to in this panel's place (Confirmed, Cancelled). */
  onDone(outcome: Alert): void;
}) {
  const { showAlert } = useAlerts();
  const done = async (route: "confirmRsvp" | "cancelRsvp", heading: string) => {
    const outcome = await takeStep(route, token, heading);
    if (outcome.className === "error") showAlert(outcome);
    else onDone(outcome);
    await reload();
  };
  const seats = view.attendees === 1 ? "1 seat" : `${view.attendees} seats`;
  return (
    <section className="panel claim-box" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading">Confirm your seats</h2>
      <p>
        Once confirmed, the reservation is yours: a confirmation comes by e-mail, with its link to
        change or cancel it.
      </p>
      <div className="button-row">
        <StepButton
          label="Confirm my seats"
          busy="Confirming..."
          onStep={() => done("confirmRsvp", "Confirmed")}
        />
      </div>
      <div className="cancel-box">
        <ConfirmStep
          label="Not coming"
          question={`Let the ${seats} go to others now?`}
          confirm="Yes, let them go"
          busy="Cancelling..."
          keep="Keep them"
          onConfirm={() => done("cancelRsvp", "Cancelled")}
        />
      </div>
    </section>
  );
}
