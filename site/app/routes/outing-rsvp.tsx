import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { outingPath } from "../../../core/api/page-paths.ts";
import { outingRsvpPath } from "../../../core/api/plain-forms.ts";
import { MAX_PER_RSVP } from "../../../core/constants.ts";
import { lodge } from "../../generated/lodge.ts";
import { socialEvents } from "../../generated/social-events.ts";
import { AttendeesSelect } from "../components/Form.tsx";
import { PageHeading } from "../components/PageHeading.tsx";
import { PlainForm, PlainPersonFields } from "../components/PlainForms.tsx";
import { eventWhen } from "../lib/dates.ts";
import { pageMeta } from "../lib/meta.ts";

/** Runs at build time, for every outing whose reservations are open then. */
export function loader({ params }: LoaderFunctionArgs) {
  const outing = socialEvents.find((o) => o.id === params.id);
  if (!outing) throw new Response("No such outing", { status: 404 });
  return { outing };
}

export const meta = ({ data }: { data: ReturnType<typeof loader> | undefined }) =>
  data
    ? pageMeta(
        `RSVP for ${data.outing.name}`,
        `Tell us you are coming to ${data.outing.name} on ${eventWhen(data.outing.date)}.`,
      )
    : [];

/**
 * An outing's RSVP form as a page of its own, for a browser without JavaScript (SPEC 2's social
 * RSVP modal: 'RSVP to' the series, the outing, names, e-mail and how many come).
 */
export default function OutingRsvpPage() {
  const { outing } = useLoaderData<typeof loader>();
  const back = outingPath(outing.id);
  return (
    <>
      <PageHeading title={`RSVP to ${lodge.socialSeries.title}`} subheading={lodge.name} />
      <div className="container section plain-form-page">
        <div className="rsvp-event">
          <h2>RSVP for {outing.name}</h2>
          {outing.description ? <p>{outing.description}</p> : null}
          <p className="rsvp-when">{eventWhen(outing.date)}</p>
        </div>
        <PlainForm
          route="socialRsvp"
          page={outingRsvpPath(outing.id)}
          eventId={outing.id}
          done={{ href: back, label: `Back to ${outing.name}` }}
          label={`RSVP for ${outing.name}`}
          className="rsvp-form"
        >
          <PlainPersonFields />
          <AttendeesSelect defaultValue={1} max={MAX_PER_RSVP} />
        </PlainForm>
      </div>
    </>
  );
}
