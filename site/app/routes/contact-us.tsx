import { useCallback, useEffect, useRef } from "react";
import { CONTACT_PAGE, HOME_PAGE } from "../../../core/api/page-paths.ts";
import { HONEYPOT_FIELD } from "../../../core/api/routes.ts";
import { ALERTS } from "../../../core/messages.ts";
import { type ContactValues, contactProblems, trimmed } from "../../../core/rules/form-checks.ts";
import { lodge } from "../../generated/lodge.ts";
import {
  EmailField,
  FormButtons,
  NameFields,
  PrivacyNote,
  RequiredNote,
  TextArea,
  TextField,
  useSentForm,
} from "../components/Form.tsx";
import { PageHeading } from "../components/PageHeading.tsx";
import { PlainFormHidden, plainFormProps } from "../components/PlainFormPost.tsx";
import { getApi } from "../lib/api.ts";
import { hydrates } from "../lib/hydration.ts";
import { pageMeta } from "../lib/meta.ts";
import { scrollToTop } from "../lib/scroll.ts";

/** React in the browser: the contact form. */
export const handle = hydrates;

export const meta = () =>
  pageMeta(
    "Contact Us",
    `Write to the brethren of ${lodge.name}, or visit us in ${lodge.address.city}.`,
  );

const emptyForm = (): ContactValues => ({
  firstName: "",
  lastName: "",
  email: "",
  phoneNumber: "",
  message: "",
});

/**
 * The form token the server hands out (GET /mj/api/form-token) and wants back with the message:
 * it tells the server the form was opened on this site, and when.
 */
function useFormToken() {
  const token = useRef<string | null>(null);
  const fetchToken = useCallback(async () => {
    const result = await getApi("formToken");
    token.current = result.ok && typeof result.body?.token === "string" ? result.body.token : null;
    return token.current;
  }, []);
  useEffect(() => {
    void fetchToken();
  }, [fetchToken]);
  return { token, fetchToken };
}

function ContactForm() {
  const { values, edit, problems, shownInvalid, errorOf, sending, send } = useSentForm(
    emptyForm,
    contactProblems,
  );
  const { token, fetchToken } = useFormToken();

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (problems.size > 0 || sending) return;
    // Submit is disabled while sending: focus left on the clicked button would drop to the start
    // of the page, and a focus change during the smooth scroll can stop it short. The form takes
    // focus first, without scrolling, so Tab goes on in it (a field the visitor pressed Enter in
    // keeps it); the alert's live region is announced on its own.
    const form = e.currentTarget;
    if (form.contains(document.activeElement) && document.activeElement?.tagName === "BUTTON") {
      form.focus({ preventScroll: true });
    }
    scrollToTop();
    const trap = new FormData(e.currentTarget).get(HONEYPOT_FIELD);
    const payload = async () => {
      // Loaded as the message goes: the payload's rules come with the events' date rules, which
      // the page has no other use for.
      const { buildContactPayload } = await import("../../../core/rules/rsvp-payload.ts");
      return {
        ...buildContactPayload(trimmed(values)),
        formToken: token.current ?? (await fetchToken()) ?? "",
        [HONEYPOT_FIELD]: typeof trap === "string" ? trap : "",
      };
    };
    // The answer's alert shows under the header: scrolled there again if the visitor moved away.
    if (await send("contact", payload, ALERTS.contactSuccess, scrollToTop)) {
      void fetchToken();
    }
  }

  return (
    <form
      // Without a script the browser posts the form itself, and the server answers with a page.
      {...plainFormProps("contact", { href: `/${HOME_PAGE}`, label: "Back to the home page" })}
      className="contact-form panel"
      noValidate
      onSubmit={submit}
      aria-label="Contact form"
      tabIndex={-1}
    >
      <PlainFormHidden page={`/${CONTACT_PAGE}`} formToken />
      <RequiredNote />
      <NameFields values={values} errorOf={errorOf} edit={edit} />
      <div className="field-row">
        <EmailField values={values} errorOf={errorOf} edit={edit} />
        <TextField
          label="Phone Number (optional)"
          name="phoneNumber"
          type="tel"
          autoComplete="tel"
          value={values.phoneNumber}
          invalid={shownInvalid("phoneNumber")}
          error={errorOf("phoneNumber")}
          onChange={(e) => edit("phoneNumber", e.target.value)}
        />
      </div>
      <TextArea
        label="Message"
        name="message"
        required
        value={values.message}
        invalid={shownInvalid("message")}
        error={errorOf("message")}
        onChange={(value) => edit("message", value)}
      />
      <div className="honeypot" aria-hidden="true">
        <label>
          Website (leave empty)
          <input
            type="text"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </label>
      </div>
      <PrivacyNote what="message" />
      <FormButtons sending={sending} disabled={problems.size > 0} />
    </form>
  );
}

/** Contact us (SPEC 2, 4, 5): the form to the brethren, and where the lodge meets. */
export default function ContactUs() {
  const { address } = lodge;
  return (
    <>
      <PageHeading title={`Contact the Brethren of ${lodge.name}`} />
      <div className="container section contact-layout">
        <ContactForm />
        <aside className="side-panel" aria-labelledby="where-we-meet">
          <section className="panel">
            <h2 id="where-we-meet">Where we meet</h2>
            <address>
              {address.venue}
              <br />
              {address.street}
              <br />
              {address.city}, {address.state} {address.zip}
            </address>
            <p>
              <a href={address.mapLink} target="_blank" rel="noopener noreferrer">
                Map and directions
                <span className="visually-hidden"> (opens in a new window)</span>
              </a>
            </p>
          </section>
        </aside>
      </div>
    </>
  );
}
