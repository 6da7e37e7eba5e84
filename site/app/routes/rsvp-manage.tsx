import { lazy, Suspense, useEffect, useState } from "react";
import type { Alert } from "../../../core/schemas/alert.ts";
import { lodge } from "../../generated/lodge.ts";
import { ConfirmSeats } from "../components/ConfirmSeats.tsx";
import { FormOutcome } from "../components/FormOutcome.tsx";
import { PageHeading } from "../components/PageHeading.tsx";
import { LinkNotShown, ReservedSummary, useLinkedView } from "../components/RsvpLinkPage.tsx";
import { hydrates } from "../lib/hydration.ts";
import { pageMeta } from "../lib/meta.ts";

/** The change form, with the dinner's fields and the date rules it follows. */
const loadChangeForm = () => import("../components/RsvpChangeForm.tsx");
const ChangeForm = lazy(loadChangeForm);

/** The reservation comes from the API once the page runs: it needs React. */
export const handle = hydrates;

// A personal page: the layout tells search engines to leave it out (the site map's isListedPage).
export const meta = () =>
  pageMeta(
    "Your Reservation",
    `See, change or cancel your reservation for an event of ${lodge.name}.`,
  );

/**
 * A visitor's own reservation, opened from the personal link in its confirmation mail: what it
 * is for, and, until reservations close, a form to change its head count and dinner or cancel it;
 * one held for its visitor to confirm (the link of the mail that asked), 'Confirm my seats'.
 * The page is the same for everyone; the reservation comes from the API by the link's token.
 */
export default function RsvpManage() {
  const { token, loaded, reload } = useLinkedView(
    "manageRsvp",
    "Open this page from the link in the mail that confirmed your reservation.",
  );
  // The form loads while the API reads the reservation, which it needs anyway.
  useEffect(() => void loadChangeForm(), []);
  const view = loaded.kind === "shown" ? loaded.view : undefined;
  // What the visitor's last change or cancel came to, said in the form's place.
  const [outcome, setOutcome] = useState<Alert>();
  // The event's rules come with the answer, as the server has them now: an event the built site
  // has since lost, or changed, is changed by the rules the server will check.
  const changeable = view?.state === "open" && (view.kind === "social" || view.rules !== undefined);
  return (
    <>
      <PageHeading title="Your Reservation" />
      <div className="container section manage-layout">
        <LinkNotShown loaded={loaded} />
        {view ? (
          <>
            <ReservedSummary view={view} />
            {outcome ? (
              // Saved or Cancelled where the form was, in view and focused, the form's way back
              // offered while the reservation can still change.
              <FormOutcome outcome={outcome}>
                {changeable ? (
                  <div className="button-row">
                    <button
                      type="button"
                      className="button button-secondary"
                      onClick={() => setOutcome(undefined)}
                    >
                      Change it again
                    </button>
                  </div>
                ) : null}
              </FormOutcome>
            ) : view.state === "unconfirmed" ? (
              <ConfirmSeats token={token} view={view} reload={reload} onDone={setOutcome} />
            ) : changeable ? (
              <Suspense fallback={null}>
                <ChangeForm
                  key={JSON.stringify(view)}
                  token={token}
                  view={view}
                  reload={reload}
                  onDone={setOutcome}
                />
              </Suspense>
            ) : null}
          </>
        ) : null}
      </div>
    </>
  );
}
