import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { eventPath } from "../../../core/api/page-paths.ts";
import { eventRsvpPath } from "../../../core/api/plain-forms.ts";
import { events } from "../../generated/events.ts";
import { lodge } from "../../generated/lodge.ts";
import { PageHeading } from "../components/PageHeading.tsx";
import { PlainEventRsvpFields, PlainForm } from "../components/PlainForms.tsx";
import { RsvpEvent } from "../components/RsvpEvent.tsx";
import { eventWhen } from "../lib/dates.ts";
import { pageMeta } from "../lib/meta.ts";

/** Runs at build time, for every event whose reservations are open then. */
export function loader({ params }: LoaderFunctionArgs) {
  const event = events.find((e) => e.id === params.id);
  if (!event) throw new Response("No such event", { status: 404 });
  return { event };
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
  const back = eventPath(event.id);
  return (
    <>
      <PageHeading title={`RSVP for ${event.name}`} subheading={lodge.name} />
      <div className="container section plain-form-page">
        <RsvpEvent event={event} />
        <PlainForm
          route="eventRsvp"
          page={eventRsvpPath(event.id)}
          eventId={event.id}
          done={{ href: back, label: `Back to ${event.name}` }}
          label={`RSVP for ${event.name}`}
          className="rsvp-form"
        >
          <PlainEventRsvpFields event={event} />
        </PlainForm>
      </div>
    </>
  );
}
