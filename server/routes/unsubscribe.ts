import type { FastifyInstance, FastifyRequest } from "fastify";
import { escapeHtml } from "../../core/rules/html.ts";
import { answer, page } from "../forms/own-page.ts";
import { readUnsubscribeToken } from "../mail/announcement.ts";
import type { RouteContext } from "./context.ts";

/**
 * /unsubscribe?t=TOKEN, the address every announcement's List-Unsubscribe and footer give.
 * POST with the body RFC 8058 gives (`List-Unsubscribe=One-Click`, urlencoded or multipart) takes
 * the address off the announcements at once, idempotently: that is what a mail program's
 * unsubscribe button sends, and the page's one button too. GET only shows that page: a mail
 * scanner that fetches every link in a mail removes nobody. Neither needs a script nor a cookie:
 * the signed token is the whole authority, so the XSRF check and the forms' answer pages leave
 * these routes alone (`config.ownForm`).
 */

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route answers a form with its own page and takes no XSRF token. */
    ownForm?: boolean;
  }
}

/** Marks a route that answers a form with its own page and takes no XSRF token. */
export const OWN_FORM = { ownForm: true } as const;

/** Whether a request is for a route marked OWN_FORM. */
export function isOwnForm(request: FastifyRequest): boolean {
  return request.routeOptions.config?.ownForm === true;
}

/** The unsubscribe page: the server's own page, not the API's (no JSON; not in the contract). */
export const UNSUBSCRIBE_PATH = "/unsubscribe";
const PATH = UNSUBSCRIBE_PATH;
const FIELD = "List-Unsubscribe";
const ONE_CLICK = "One-Click";

const NOT_OURS =
  "<p>This unsubscribe link is not one of ours, or it was cut short. Open the whole link from the mail, or reply to the mail and the secretary will take you off the list.</p>";

/** The fields of an RFC 8058 POST: urlencoded (parsed already) or multipart/form-data. */
function oneClick(request: FastifyRequest): boolean {
  const body = request.body;
  if (body !== null && typeof body === "object") {
    return (body as Record<string, unknown>)[FIELD] === ONE_CLICK;
  }
  if (typeof body !== "string") return false;
  // multipart/form-data: one part named List-Unsubscribe whose value is One-Click.
  return new RegExp(`name="${FIELD}"\\r?\\n\\r?\\n${ONE_CLICK}\\r?\\n`).test(body);
}

export async function unsubscribeRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const { useCases } = ctx;
  // RFC 8058 allows either encoding; this scope alone reads multipart, as text.
  app.addContentTypeParser("multipart/form-data", { parseAs: "string" }, (_r, body, done) =>
    done(null, body),
  );
  const lodgeName = () => useCases.data().lodge.name;
  const tokenOf = (request: FastifyRequest) => (request.query as { t?: unknown }).t;
  // Said alike to the button's POST and to a link opened again: the same address, no longer on.
  const unsubscribed = () =>
    page(
      lodgeName(),
      "You are unsubscribed",
      "<p>This address gets no more of the lodge's announcements.</p>",
    );

  app.get(PATH, { config: OWN_FORM }, async (request, reply) => {
    const token = tokenOf(request);
    const named = readUnsubscribeToken(useCases.secret, token);
    if (!named) return answer(reply, 400, page(lodgeName(), "Not an unsubscribe link", NOT_OURS));
    const found = await useCases.store.subscriberByKey(named);
    if (!found || found.unsubscribed) {
      return answer(reply, 200, unsubscribed());
    }
    const action = `${PATH}?t=${encodeURIComponent(String(token))}`;
    const what =
      named.list === "member"
        ? "The summons and your RSVPs' mail still come."
        : "The lodge forgets the address.";
    return answer(
      reply,
      200,
      page(
        lodgeName(),
        "Unsubscribe from the announcements?",
        `<p>No more of ${escapeHtml(lodgeName())}'s announcements will go to <strong>${escapeHtml(found.email)}</strong>. ${what}</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="${FIELD}" value="${ONE_CLICK}">
<button type="submit">Unsubscribe</button>
</form>`,
      ),
    );
  });

  app.post(PATH, { config: OWN_FORM }, async (request, reply) => {
    const named = readUnsubscribeToken(useCases.secret, tokenOf(request));
    if (!named) return answer(reply, 400, page(lodgeName(), "Not an unsubscribe link", NOT_OURS));
    if (!oneClick(request)) {
      return answer(
        reply,
        400,
        page(
          lodgeName(),
          "Nothing was changed",
          `<p>An unsubscribe request carries ${FIELD}=${ONE_CLICK}; this one did not. Open the link from the mail and press its button.</p>`,
        ),
      );
    }
    await useCases.store.unsubscribe({ ...named, now: useCases.now() });
    return answer(reply, 200, unsubscribed());
  });
}
