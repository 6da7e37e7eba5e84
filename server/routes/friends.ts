import type { FastifyInstance, FastifyRequest } from "fastify";
import { FRIENDS_PATH } from "../../core/api/page-paths.ts";
import { HONEYPOT_FIELD } from "../../core/api/routes.ts";
import { escapeHtml } from "../../core/rules/html.ts";
import { answer, page } from "../forms/own-page.ts";
import { readConfirmToken, readSubscription, subscribeFriend } from "../use-cases/friends.ts";
import { Refusal } from "../use-cases/refusal.ts";
import { originOf, type RouteContext } from "./context.ts";
import { OWN_FORM } from "./unsubscribe.ts";

/**
 * /friends: the lodge's friends subscribe to its announcements with a plain form (no script;
 * the site's footer and contact page link it), spam-guarded by a trap field, the rate limits and
 * one confirmation mail an hour to an address. Posted, it answers with a redirect to the page
 * that says to confirm by mail (the same whoever the address is). /friends/confirm?t=TOKEN, the
 * link in that mail, shows one button; a mail scanner fetching it confirms nothing.
 */

const CONFIRM_PATH = "/friends/confirm";
/** The server's own pages here: not the API's (no JSON; not in the contract). */
export const FRIEND_PAGES = [FRIENDS_PATH, CONFIRM_PATH];

function form(email = "", name = "", problem = ""): string {
  const error = problem ? `<p role="alert"><strong>${escapeHtml(problem)}</strong></p>` : "";
  return `<p>The lodge's bulletin, its open events and its news, by mail, a few times a month. Nothing is sent until you confirm your address from the mail we send you; every mail has a link to stop them.</p>
${error}<form method="post" action="${FRIENDS_PATH}">
<label for="friend-email">E-mail</label>
<input id="friend-email" type="email" name="email" autocomplete="email" required value="${escapeHtml(email)}">
<label for="friend-name">Name <span class="note">(optional)</span></label>
<input id="friend-name" type="text" name="name" autocomplete="name" value="${escapeHtml(name)}">
<div class="trap" aria-hidden="true"><label for="friend-website">Website</label><input id="friend-website" type="text" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></div>
<p><button type="submit">Subscribe</button></p>
</form>`;
}

const field = (body: unknown, name: string) => {
  const value = (body as Record<string, unknown> | null)?.[name];
  return typeof value === "string" ? value : "";
};

export async function friendsRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const { useCases } = ctx;
  const lodgeName = () => useCases.data().lodge.name;
  const heading = "The lodge's announcements by mail";

  app.get(FRIENDS_PATH, { config: OWN_FORM }, async (request, reply) => {
    if ((request.query as { asked?: unknown }).asked === undefined) {
      return answer(reply, 200, page(lodgeName(), heading, form()));
    }
    return answer(
      reply,
      200,
      page(
        lodgeName(),
        "Check your mail",
        "<p>We have sent a link to the address you gave. It counts once you follow that link; until then nothing else is sent to it. No mail within the hour? Look in the spam folder, or send the form again.</p>",
      ),
    );
  });

  app.post(FRIENDS_PATH, { config: OWN_FORM }, async (request, reply) => {
    try {
      const fields = readSubscription(request.body);
      await subscribeFriend(useCases, fields, originOf(request));
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      const again = form(field(request.body, "email"), field(request.body, "name"), error.message);
      return answer(reply, 400, page(lodgeName(), heading, again));
    }
    return reply.redirect(`${FRIENDS_PATH}?asked`, 303);
  });

  const keyOf = (request: FastifyRequest) =>
    readConfirmToken(useCases.secret, (request.query as { t?: unknown }).t);
  const notOurs = (reply: Parameters<typeof answer>[0]) =>
    answer(
      reply,
      400,
      page(
        lodgeName(),
        "Not a confirmation link",
        "<p>This link is not one of ours, or it was cut short. Open the whole link from the mail.</p>",
      ),
    );

  app.get(CONFIRM_PATH, { config: OWN_FORM }, async (request, reply) => {
    if (!keyOf(request)) return notOurs(reply);
    const action = `${CONFIRM_PATH}?t=${encodeURIComponent(String((request.query as { t?: unknown }).t))}`;
    return answer(
      reply,
      200,
      page(
        lodgeName(),
        "Confirm your address",
        `<p>One click, and the lodge's announcements come to the address this link was sent to.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Confirm</button></form>`,
      ),
    );
  });

  app.post(CONFIRM_PATH, { config: OWN_FORM }, async (request, reply) => {
    const key = keyOf(request);
    if (!key) return notOurs(reply);
    const confirmed = await useCases.store.confirmFriend({ key, now: useCases.now() });
    if (!confirmed) {
      return answer(
        reply,
        410,
        page(
          lodgeName(),
          "This link no longer works",
          `<p>A newer link was sent to this address, or it was forgotten after a week unconfirmed. <a href="${FRIENDS_PATH}">Subscribe again</a>.</p>`,
        ),
      );
    }
    return answer(
      reply,
      200,
      page(
        lodgeName(),
        "You are subscribed",
        "<p>The lodge's announcements will come to this address. Each has a link to stop them.</p>",
      ),
    );
  });
}
