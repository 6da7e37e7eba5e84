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
        `RSVP for ${data.event.name}`,
        `Reserve your seat for ${data.event.name} on ${eventWhen(data.event.date)}.`,
      )
    : [];

/**
 * An event's RSVP form as a page of its own, for a browser without JavaScript: the RSVP button
 * leads here when no script opens the modal (SPEC 2's RSVP modal, the same fields and rules).
 */
export default function EventRsvpPage() {
  const { event } = useLoaderData<typeof loader>();
  return <PlainEventRsvpPage event={event} waitlist={false} />;
}
