/**
 * What makes a form post itself without a script, on its own: the contact page needs these and
 * none of the plain RSVP forms of PlainForms.tsx, which it would otherwise load at start.
 */
import { PLACEHOLDERS, PLAIN_FIELDS } from "../../../core/api/plain-form-fields.ts";
import { API_ROUTES, type ApiRoutesOf } from "../../../core/api/routes.ts";
import { apiUrl } from "../lib/api.ts";

/** What makes a form post itself without a script, and the link its answer offers back. */
export function plainFormProps(route: ApiRoutesOf<"POST">, done: { href: string; label: string }) {
  return {
    method: "post",
    action: apiUrl(API_ROUTES[route].path),
    "data-done-href": done.href,
    "data-done-label": done.label,
  } as const;
}

/**
 * The hidden fields of a form that posts without a script: the XSRF token (and the contact
 * form's token) the server fills in as it serves the page, the page the answer is made of, and
 * the event an RSVP is for.
 */
export function PlainFormHidden({
  page,
  eventId,
  formToken = false,
}: {
  page: string;
  eventId?: string | undefined;
  formToken?: boolean;
}) {
  return (
    <>
      <input type="hidden" name={PLAIN_FIELDS.xsrf} defaultValue={PLACEHOLDERS.xsrf} />
      <input type="hidden" name={PLAIN_FIELDS.page} defaultValue={page} />
      {eventId ? <input type="hidden" name={PLAIN_FIELDS.event} defaultValue={eventId} /> : null}
      {formToken ? (
        <input type="hidden" name="formToken" defaultValue={PLACEHOLDERS.formToken} />
      ) : null}
    </>
  );
}
