import { lazy, Suspense } from "react";
import type { Event } from "../../../core/schemas/event.ts";
import { useModalFor } from "../lib/use-modal-for.ts";
import type { EventRsvpModalProps } from "./EventRsvpModal.tsx";

const loadModal = () => import("./EventRsvpModal.tsx");
const EventRsvpModal = lazy(loadModal);

/**
 * Opens the event RSVP modal for an event. The modal and its form are loaded on first use (a
 * pointer or focus on an RSVP button starts the download), so a visit without a reservation
 * never pays for them.
 */
export function useEventRsvp(onSent?: EventRsvpModalProps["onSent"]) {
  const { target, open, openFor, close } = useModalFor<Event>();
  const modal = target ? (
    <Suspense fallback={null}>
      <EventRsvpModal
        key={target.id}
        event={target}
        open={open}
        onClose={close}
        {...(onSent ? { onSent } : {})}
      />
    </Suspense>
  ) : null;
  return { openFor, modal, preload: loadModal };
}
