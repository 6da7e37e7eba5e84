import { lazy, type ReactNode, Suspense } from "react";
import { outingRsvpPath } from "../../../core/api/plain-forms.ts";
import type { Picture as PictureData } from "../../../core/rules/pictures.ts";
import { eventStart, formatOutingTime } from "../../../core/rules/time.ts";
import type { SocialEvent } from "../../../core/schemas/social-event.ts";
import { useModalFor } from "../lib/use-modal-for.ts";
import { Picture } from "./Picture.tsx";
import { RsvpButton } from "./RsvpButton.tsx";

/** Half the container beside the text from 1024px (SPEC 2), the container's width below. */
const OUTING_SIZES = "(min-width: 1024px) 600px, calc(100vw - 2rem)";
/**
 * On the outing's own page the picture stands above the text, as wide as the page's main column:
 * two thirds of the container beside the side panel from 1024px, the container's width below.
 */
const OWN_PAGE_SIZES =
  "(min-width: 1232px) 779px, (min-width: 1024px) calc((100vw - 4rem) * 2 / 3), calc(100vw - 2rem)";

/**
 * A social outing as the Social Events page and the outing's own page show it (SPEC 2): its
 * picture (half the width from 1024px), date and time, description, the place as a map link,
 * and the RSVP note and button while RSVP is open.
 */
export function OutingCard({
  outing,
  picture,
  rsvpOpen,
  onRsvp,
  headingId,
  heading,
}: {
  outing: SocialEvent;
  picture: PictureData | undefined;
  rsvpOpen: boolean;
  onRsvp(): void;
  /** The id of the card's heading. */
  headingId?: string;
  /** The card's heading; none on the outing's own page, whose title names it. */
  heading?: ReactNode;
}) {
  // On its own page the page's title names the outing: the card is no article of its own there.
  const Box = heading ? "article" : "div";
  return (
    <div className={`outing${picture && heading ? " has-image" : ""}`}>
      <Box className="outing-box" aria-labelledby={heading ? headingId : undefined}>
        {picture ? (
          <Picture
            className="outing-image"
            picture={picture}
            alt=""
            sizes={heading ? OUTING_SIZES : OWN_PAGE_SIZES}
          />
        ) : null}
        <div className="outing-body">
          {heading}
          <p className="outing-when">{formatOutingTime(eventStart(outing.date))}</p>
          {outing.description ? <p>{outing.description}</p> : null}
          {outing.location || outing.locationAddress ? (
            <p className="outing-place">
              {outing.locationUrl ? (
                <a href={outing.locationUrl} target="_blank" rel="noopener noreferrer">
                  {[outing.location, outing.locationAddress].filter(Boolean).join(", ")}
                  <span className="visually-hidden"> (map, opens in a new window)</span>
                </a>
              ) : (
                [outing.location, outing.locationAddress].filter(Boolean).join(", ")
              )}
            </p>
          ) : null}
          {rsvpOpen ? (
            <>
              {outing.rsvpDesc ? <p className="rsvp-note">{outing.rsvpDesc}</p> : null}
              <RsvpButton
                href={outingRsvpPath(outing.id)}
                className="button"
                onClick={onRsvp}
                onPointerEnter={() => void import("./SocialRsvpModal.tsx")}
              >
                RSVP<span className="visually-hidden"> for {outing.name}</span>
              </RsvpButton>
            </>
          ) : null}
        </div>
      </Box>
    </div>
  );
}

const SocialRsvpModal = lazy(() => import("./SocialRsvpModal.tsx"));

/** Opens the social RSVP modal for an outing; the modal is loaded on first use. */
export function useOutingRsvp() {
  const { target, open, openFor, close } = useModalFor<SocialEvent>();
  const modal = target ? (
    <Suspense fallback={null}>
      <SocialRsvpModal key={target.id} outing={target} open={open} onClose={close} />
    </Suspense>
  ) : null;
  return { openFor, modal };
}
