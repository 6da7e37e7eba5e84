import { type ReactNode, useCallback, useEffect, useState } from "react";
import type { ApiResponse } from "../../../core/api/routes.ts";
import { ALERTS } from "../../../core/messages.ts";
import { mealCountsText } from "../../../core/rules/meals.ts";
import type { Alert } from "../../../core/schemas/alert.ts";
import { failureAlert, postApi } from "../lib/api.ts";
import { PAGES } from "../site-map.ts";
import "./RsvpLinkPage.css";

/**
 * The pieces of the pages a visitor opens from a personal link in a mail (core's
 * RSVP_LINK_PAGES): the reservation's own page, the waiting list's claim page and a member's
 * answer to his summons. Each is the same prerendered shell for everyone; what it shows comes
 * from the API by the link's token.
 */

/** The steps a linked page takes by its token alone, each answered with a sentence. */
type TokenStep = "confirmRsvp" | "cancelRsvp" | "claimOffer" | "leaveWaitlist";

/** Takes a linked page's step and says what it came to: `heading` and the server's sentence. */
export async function takeStep(route: TokenStep, token: string, heading: string): Promise<Alert> {
  const result = await postApi(route, { token });
  return result.ok
    ? { ...ALERTS.rsvpSuccess, heading, text: result.body.message }
    : failureAlert(result);
}

/** The routes that read what a personal link opens, by its token. */
type LinkRoute = "manageRsvp" | "waitlistEntry" | "memberAnswer";

/** What a linked page shows: reading it, why it cannot, or what the link opens. */
export type Loaded<K extends LinkRoute> =
  | { kind: "reading" }
  | { kind: "refused"; message: string }
  | { kind: "shown"; view: ApiResponse<K> };

/** The token after '#' in the address: the browser never sends it to a server. */
function tokenOfAddress(hash: string): string {
  return decodeURIComponent(hash.slice(1));
}

/**
 * What the page's link opens, read from `route` once the page runs, and `reload` after a change.
 * `noToken` says what to do when the address has no token (opened without its mail's link).
 */
export function useLinkedView<K extends LinkRoute>(
  route: K,
  noToken: string,
  /** The token in the address's fragment: all of it, unless the page's links hold more. */
  tokenOf: (hash: string) => string = tokenOfAddress,
) {
  const [token, setToken] = useState("");
  const [loaded, setLoaded] = useState<Loaded<K>>({ kind: "reading" });
  const reload = useCallback(async () => {
    const own = tokenOf(window.location.hash);
    setToken(own);
    if (!own) {
      setLoaded({ kind: "refused", message: noToken });
      return;
    }
    const result = await postApi<LinkRoute>(route, { token: own });
    setLoaded(
      result.ok
        ? { kind: "shown", view: result.body as ApiResponse<K> }
        : { kind: "refused", message: failureAlert(result).text },
    );
  }, [route, noToken, tokenOf]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { token, loaded, reload };
}

/** While the page reads, or why it cannot show anything, with the ways on from there. */
export function LinkNotShown({
  loaded,
  reading = "Reading your reservation...",
}: {
  loaded: Loaded<LinkRoute>;
  reading?: string;
}) {
  if (loaded.kind === "reading") {
    return (
      <p className="panel" aria-busy="true">
        {reading}
      </p>
    );
  }
  if (loaded.kind === "refused") {
    return (
      <div className="panel manage-refused" role="status">
        <p>{loaded.message}</p>
        <p>
          <a href={`/${PAGES.upcomingEvents.path}`}>Upcoming events</a> ·{" "}
          <a href={`/${PAGES.contactUs.path}`}>Write to the secretary</a>
        </p>
      </div>
    );
  }
  return null;
}

/** What both pages show of a reservation or a waiting-list entry. */
type Reserved = Pick<
  ApiResponse<"manageRsvp" | "waitlistEntry">,
  | "event"
  | "firstName"
  | "lastName"
  | "email"
  | "attendees"
  | "dinner"
  | "meals"
  | "mealCounts"
  | "message"
  | "secretary"
  | "state"
>;

/** '3 meals: 1 Chicken Piccata, 2 Beef Tenderloin', or 'not reserved'. */
function DinnerSummary({ view }: { view: Reserved }) {
  if (!view.dinner) return "not reserved";
  const chosen = mealCountsText(view.mealCounts);
  const meals = `${view.meals} ${view.meals === 1 ? "meal" : "meals"}`;
  return chosen ? `${meals}: ${chosen}` : meals;
}

/** The server's sentence, the secretary's address in it a link to write to. */
export function StateMessage({ view }: { view: Pick<Reserved, "message" | "secretary"> }) {
  const [before, ...after] = view.message.split(view.secretary);
  if (after.length === 0) return view.message;
  return (
    <>
      {before}
      <a href={`mailto:${view.secretary}`}>{view.secretary}</a>
      {after.join(view.secretary)}
    </>
  );
}

/**
 * The event and what the link holds for it: the name, e-mail address, attendees and dinner
 * (`facts` adds the page's own, e.g. the place in line), then the server's sentence on where it
 * stands.
 */
export function ReservedSummary({
  view,
  label,
  facts,
}: {
  view: Reserved;
  /** What the attendees are: 'Attendees', or 'Seats asked for'. */
  label?: string;
  facts?: ReactNode;
}) {
  return (
    <section className="panel manage-summary" aria-labelledby="manage-event">
      <h2 id="manage-event">{view.event.name}</h2>
      <p className="rsvp-when">{view.event.when}</p>
      {view.event.location ? <p>{view.event.location}</p> : null}
      <dl className="manage-facts">
        <dt>Name</dt>
        <dd>
          {view.firstName} {view.lastName}
        </dd>
        <dt>E-mail</dt>
        <dd>{view.email}</dd>
        <dt>{label ?? "Attendees"}</dt>
        <dd>{view.attendees}</dd>
        {view.event.dinner ? (
          <>
            <dt>Early bird dinner</dt>
            <dd>
              <DinnerSummary view={view} />
            </dd>
          </>
        ) : null}
        {facts}
      </dl>
      <p className={`manage-state manage-${view.state}`} role="status">
        <StateMessage view={view} />
      </p>
    </section>
  );
}

/** A button that takes a step the server answers ('Claim my seats'), saying so while it does. */
export function StepButton({
  label,
  busy,
  onStep,
}: {
  label: string;
  /** Its words while the server takes the step: 'Claiming...'. */
  busy: string;
  onStep(): Promise<void>;
}) {
  const [taking, setTaking] = useState(false);
  return (
    <button
      type="button"
      className="button"
      disabled={taking}
      aria-busy={taking}
      onClick={async () => {
        setTaking(true);
        await onStep();
        setTaking(false);
      }}
    >
      {taking ? busy : label}
    </button>
  );
}

/**
 * A step that gives something up (cancelling a reservation, leaving the waiting list): a button,
 * then the question with the step and the way back, so one slip of the finger takes nothing away.
 */
export function ConfirmStep({
  label,
  question,
  confirm,
  busy,
  keep,
  onConfirm,
}: {
  label: string;
  question: string;
  /** The button that takes the step, and its words while it is being taken. */
  confirm: string;
  busy: string;
  keep: string;
  /** Takes the step; resolves once the server has answered. */
  onConfirm(): Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [taking, setTaking] = useState(false);
  if (!confirming) {
    return (
      <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
        {label}
      </button>
    );
  }
  return (
    <>
      <p>{question}</p>
      <div className="button-row">
        <button
          type="button"
          className="button button-danger"
          disabled={taking}
          onClick={async () => {
            setTaking(true);
            await onConfirm();
            setTaking(false);
            setConfirming(false);
          }}
        >
          {taking ? busy : confirm}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={taking}
          onClick={() => setConfirming(false)}
        >
          {keep}
        </button>
      </div>
    </>
  );
}
