import { lazy, Suspense, useEffect } from "react";
import { lodge } from "../../generated/lodge.ts";
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
 * is for, and, until reservations close, a form to change its head count and dinner or cancel it.
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
            {changeable ? (
              <Suspense fallback={null}>
                <ChangeForm key={JSON.stringify(view)} token={token} view={view} reload={reload} />
              </Suspense>
            ) : null}
          </>
        ) : null}
      </div>
    </>
  );
}
