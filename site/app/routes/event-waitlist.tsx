import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { PlainEventRsvpPage } from "../components/PlainForms.tsx";
import { eventWhen } from "../lib/dates.ts";
import { eventOfPage } from "../lib/event-page.server.ts";
import { pageMeta } from "../lib/meta.ts";

/** Runs at build time, for every event whose reservations are open then. */
export function loader({ params }: LoaderFunctionArgs) {
  return { event: eventOfPage(params.id) };
}

export const meta = ({ data }: { data: ReturnType<typeof loader> | undefined }) =>
  data
    ? pageMeta(
        `Join the waiting list for ${data.event.name}`,
        `Ask to be offered seats for ${data.event.name} on ${eventWhen(data.event.date)} when some free up.`,
      )
    : [];

/**
 * A full event's waiting list without JavaScript: the RSVP's form, sent to the waiting list. The
 * server answers an RSVP refused for want of seats with this page, filled in with what was sent.
 */
export default function EventWaitlistPage() {
  const { event } = useLoaderData<typeof loader>();
  return <PlainEventRsvpPage event={event} waitlist />;
}
