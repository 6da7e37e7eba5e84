import { useState } from "react";
import { eventPath } from "../../../core/api/page-paths.ts";
import type { ApiResponse } from "../../../core/api/routes.ts";
import type { Alert } from "../../../core/schemas/alert.ts";
import { lodge } from "../../generated/lodge.ts";
import { FormOutcome } from "../components/FormOutcome.tsx";
import { PageHeading } from "../components/PageHeading.tsx";
import {
  ConfirmStep,
  LinkNotShown,
  ReservedSummary,
  StepButton,
  takeStep,
  useLinkedView,
} from "../components/RsvpLinkPage.tsx";
import { hydrates } from "../lib/hydration.ts";
import { pageMeta } from "../lib/meta.ts";
import { PAGES } from "../site-map.ts";

type Entry = ApiResponse<"waitlistEntry">;

/** The entry comes from the API once the page runs: it needs React. */
export const handle = hydrates;

// A personal page: the layout tells search engines to leave it out (the site map's isListedPage).
export const meta = () =>
  pageMeta(
    "Your Place on the Waiting List",
    `See your place on the waiting list for an event of ${lodge.name}, and claim the seats offered to you.`,
  );

/** '1st', '2nd', '3rd', '11th', '22nd': a place in line. */
function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th");
  return `${n}${suffix}`;
}

/**
 * The buttons of an entry still in play: claim or refuse an offer, or leave the line. What the
 * step came to goes to `onDone`, which the page says where the buttons were.
 */
function EntryActions({
  token,
  entry,
  reload,
  onDone,
}: {
  token: string;
  entry: Entry;
  reload(): void;
  onDone(outcome: Alert): void;
}) {
  const done = async (route: "claimOffer" | "leaveWaitlist", heading: string) => {
    onDone(await takeStep(route, token, heading));
    reload();
  };
  const seats = entry.attendees === 1 ? "1 seat" : `${entry.attendees} seats`;
  if (entry.state === "offered") {
    return (
      <section className="panel claim-box" aria-labelledby="claim-heading">
        <h2 id="claim-heading">Seats for you</h2>
        <p>
          Claimed, they are your reservation, confirmed by e-mail with a link to change or cancel
          it.
        </p>
        <div className="button-row">
          <StepButton
            label="Claim my seats"
            busy="Claiming..."
            onStep={() => done("claimOffer", "Claimed")}
          />
        </div>
        <div className="cancel-box">
          <ConfirmStep
            label="No thanks"
            question={`Let the ${seats} go to the next in line? You leave the waiting list.`}
            confirm="Yes, let them go"
            busy="Leaving..."
            keep="Keep the offer"
            onConfirm={() => done("leaveWaitlist", "Left the waiting list")}
          />
        </div>
      </section>
    );
  }
  return (
    <section className="panel claim-box" aria-labelledby="leave-heading">
      <h2 id="leave-heading">Not coming after all?</h2>
      <ConfirmStep
        label="Leave the waiting list"
        question="Leave the waiting list? Your place goes to the others in line."
        confirm="Yes, leave it"
        busy="Leaving..."
        keep="Stay in line"
        onConfirm={() => done("leaveWaitlist", "Left the waiting list")}
      />
    </section>
  );
}

/** What the visitor can do once the entry is settled, after the server's sentence on what happened. */
function NextStep({ entry }: { entry: Entry }) {
  const event = <a href={eventPath(entry.event.id)}>{entry.event.name}</a>;
  switch (entry.state) {
    case "claimed":
      return <p>See you at {event}.</p>;
    case "left":
    case "expired":
      // Left, taken over by a newer request or an RSVP of the same address, or an offer run out:
      // the server's sentence says which, and whether the event still takes reservations.
      return <p>The page of {event} shows whether seats are free.</p>;
    default:
      // Closed: the server's sentence says whom to ask; other events may still take reservations.
      return null;
  }
}

/**
 * A visitor's place on an event's waiting list, opened from the link in the mail that confirmed
 * it or offered seats: the party it asks seats for and where it stands; while waiting, the place
 * in line and leaving; with an offer, what is offered until when, 'Claim my seats' and 'No
 * thanks'; once settled, what to do next. The page is the same for everyone; the entry comes from
 * the API by the link's token.
 */
export default function RsvpClaim() {
  const { token, loaded, reload } = useLinkedView(
    "waitlistEntry",
    "Open this page from the link in the mail about your place on the waiting list.",
  );
  const entry = loaded.kind === "shown" ? loaded.view : undefined;
  // What the visitor's claim or leave came to, said in the buttons' place (a failure above them,
  // while the entry is still in play).
  const [outcome, setOutcome] = useState<Alert>();
  const inPlay = entry?.state === "waiting" || entry?.state === "offered";
  const next = entry ? (
    <div className="claim-next">
      <NextStep entry={entry} />
      <p>
        <a href={`/${PAGES.upcomingEvents.path}`}>All upcoming events</a>
      </p>
    </div>
  ) : null;
  return (
    <>
      <PageHeading title="Your Place on the Waiting List" />
      <div className="container section manage-layout">
        <LinkNotShown loaded={loaded} />
        {entry ? (
          <>
            <ReservedSummary
              view={entry}
              label="Seats asked for"
              facts={
                entry.state === "waiting" && entry.position !== undefined ? (
                  <>
                    <dt>Place in line</dt>
                    <dd>{ordinal(entry.position)}</dd>
                  </>
                ) : null
              }
            />
            {outcome ? (
              // Keyed by what it says: a second step's outcome is focused and read as the first's.
              <FormOutcome key={`${outcome.heading} ${outcome.text}`} outcome={outcome}>
                {inPlay ? null : next}
              </FormOutcome>
            ) : null}
            {inPlay ? (
              <EntryActions
                key={entry.state}
                token={token}
                entry={entry}
                reload={reload}
                onDone={setOutcome}
              />
            ) : outcome ? null : (
              <div className="panel">{next}</div>
            )}
          </>
        ) : null}
      </div>
    </>
  );
}
