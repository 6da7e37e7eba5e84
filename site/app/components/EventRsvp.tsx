import { lazy, Suspense, useCallback } from "react";
import type { Event } from "../../../core/schemas/event.ts";
import { useModalFor } from "../lib/use-modal-for.ts";
import type { EventRsvpModalProps } from "./EventRsvpModal.tsx";

const loadModal = () => import("./EventRsvpModal.tsx");
const EventRsvpModal = lazy(loadModal);

/** What the modal is open for: an event, to reserve seats or to join its waiting list. */
interface RsvpTarget {
  event: Event;
  waitlist: boolean;
}

/**
 * Opens the event RSVP modal for an event, to reserve or, once it is full, to join its waiting
 * list. The modal and its form are loaded on first use (a pointer or focus on an RSVP button
 * starts the download), so a visit without a reservation never pays for them.
 */
export function useEventRsvp(onSent?: EventRsvpModalProps["onSent"]) {
  const { target, open, openFor: openTarget, close } = useModalFor<RsvpTarget>();
  const openFor = useCallback(
    (event: Event, waitlist = false) => openTarget({ event, waitlist }),
    [openTarget],
  );
  const modal = target ? (
    <Suspense fallback={null}>
      {/* Keyed by the event only: turning to the waiting list keeps what the visitor typed. */}
      <EventRsvpModal
        key={target.event.id}
        event={target.event}
        waitlist={target.waitlist}
        open={open}
        onClose={close}
        onWaitlist={(waitlist) => openFor(target.event, waitlist)}
        {...(onSent ? { onSent } : {})}
      />
    </Suspense>
  ) : null;
  return { openFor, modal, preload: loadModal };
}
