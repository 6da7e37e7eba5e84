/** The fields of the forms that work without JavaScript: see plain-forms.ts. */

/** What a form posted without a script is sent as. */
export const PLAIN_FORM_TYPE = "application/x-www-form-urlencoded";

/** The hidden fields of a plain form, beside its visible ones. */
export const PLAIN_FIELDS = {
  /** The XSRF token that a script would send in its header. */
  xsrf: "xsrfToken",
  /** The address of the page the form is on: the answer is that page again, filled in. */
  page: "formPage",
  /** The event or outing the RSVP is for, by id. */
  event: "event",
} as const;

/** What the built pages hold until the server fills them in. */
export const PLACEHOLDERS = {
  xsrf: "lodge-xsrf-token-placeholder",
  formToken: "lodge-form-token-placeholder",
} as const;
