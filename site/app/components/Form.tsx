import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { type PrivacyNoteSubject, privacyNote } from "../../../core/messages.ts";
import { lodge } from "../../generated/lodge.ts";
import { useHydrated } from "../lib/hydrated.tsx";

// The pages import the form's hook with its fields from here: a module of its own that they
// imported directly became a script file of its own, one more request and its bytes on each.
export { useSentForm } from "./SentForm.ts";

/** Send, and for a form in a dialog, Cancel: which clears the form and closes. */
export function FormButtons({
  sending,
  disabled,
  onCancel,
  label,
}: {
  sending: boolean;
  disabled: boolean;
  onCancel?: () => void;
  /** The Submit button's words, when they are more than 'Submit'. */
  label?: string | undefined;
}) {
  return (
    <div className={`button-row${onCancel ? " form-buttons" : ""}`}>
      <SubmitButton sending={sending} disabled={disabled} {...(label ? { label } : {})} />
      {onCancel ? (
        <button
          type="button"
          className="button button-secondary"
          disabled={sending}
          onClick={onCancel}
        >
          Cancel
        </button>
      ) : null}
    </div>
  );
}

type FieldProps = {
  label: ReactNode;
  /** Shown invalid (red, aria-invalid): the field breaks a rule and the visitor has edited it. */
  invalid: boolean;
  /**
   * What is wrong, in words, under the field (WCAG 2.2, 3.3.1 and 3.3.3): given for a field
   * that can say it, shown while the field is invalid.
   */
  error?: string | undefined;
  required?: boolean;
  className?: string;
};

/**
 * The sentence under a field that says what is wrong with it. Always there (empty while there is
 * nothing to say), so screen readers hear it as it comes; the field names it with
 * aria-describedby while it says something.
 */
function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return (
    <p id={id} className="field-error" aria-live="polite">
      {error}
    </p>
  );
}

/** A labelled text input. Required fields say so in their label and to screen readers. */
export function TextField({
  label,
  invalid,
  error,
  required = false,
  className,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "required">) {
  const id = useId();
  const errorId = `${id}-error`;
  const says = error !== undefined && invalid;
  return (
    <div className={`field${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={says ? errorId : undefined}
        {...input}
      />
      <FieldError id={errorId} error={says ? error : undefined} />
    </div>
  );
}

/**
 * What the visitor's own fields need of their form: the values, which show invalid, and a
 * setter; none for a form that posts itself without a script (its fields start empty).
 */
type PersonFieldsProps<K extends string> =
  | {
      values: Record<K, string>;
      /** The sentence of a field shown invalid, undefined for one that is not. */
      errorOf: (name: K) => string | undefined;
      edit: (name: K, value: string) => void;
    }
  | { values?: undefined };

/** A field's value, invalid state and change handler in its form, or its empty start. */
function bound<K extends string>(
  props: PersonFieldsProps<K>,
  name: K,
  typed: (value: string) => string = (value) => value,
) {
  if (!("edit" in props)) return { defaultValue: "", invalid: false };
  const error = props.errorOf(name);
  return {
    value: props.values[name],
    invalid: error !== undefined,
    error,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => props.edit(name, typed(e.target.value)),
  };
}

/** First and last name side by side, as every form asks for them. */
export function NameFields(props: PersonFieldsProps<"firstName" | "lastName">) {
  return (
    <div className="field-row">
      <TextField
        label="First Name"
        name="firstName"
        autoComplete="given-name"
        required
        {...bound(props, "firstName")}
      />
      <TextField
        label="Last Name"
        name="lastName"
        autoComplete="family-name"
        required
        {...bound(props, "lastName")}
      />
    </div>
  );
}

/**
 * The visitor's email address, lowercased as it is typed: the address the server keeps (SPEC 5
 * refused capitals; we lower them instead).
 */
export function EmailField(props: PersonFieldsProps<"email">) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...bound(props, "email", (value) => value.toLowerCase())}
    />
  );
}

/** A multi-line text field. */
export function TextArea({
  label,
  invalid,
  error,
  required = false,
  value,
  onChange,
  name,
  rows = 6,
}: FieldProps & {
  value: string;
  name: string;
  rows?: number;
  onChange(value: string): void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const says = error !== undefined && invalid;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={says ? errorId : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={errorId} error={says ? error : undefined} />
    </div>
  );
}

/**
 * A select of whole numbers from `min` to `max` (attendees, meals): controlled by `value` and
 * `onChange`, or, in a form that posts without a script, starting at `defaultValue`.
 */
export function NumberSelect({
  label,
  name,
  min = 1,
  max,
  invalid,
  ...state
}: {
  label: ReactNode;
  name: string;
  min?: number;
  max: number;
  invalid: boolean;
} & ({ value: number; onChange(value: number): void } | { defaultValue: number })) {
  const id = useId();
  const options = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        aria-invalid={invalid || undefined}
        {...("onChange" in state
          ? {
              value: state.value,
              onChange: (event: React.ChangeEvent<HTMLSelectElement>) =>
                state.onChange(Number(event.target.value)),
            }
          : { defaultValue: state.defaultValue })}
      >
        {options.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * How many come with an RSVP, yourself included (SPEC 2), from 1 to the event's or outing's
 * most: the one select of every RSVP form, with or without a script, and of the manage page.
 */
export function AttendeesSelect(
  props: { max: number; invalid?: boolean } & (
    | { value: number; onChange(value: number): void }
    | { defaultValue: number }
  ),
) {
  return (
    <NumberSelect
      label="Number of attendees (including yourself)"
      name="numberOfAttendees"
      invalid={false}
      {...props}
    />
  );
}

/**
 * The Submit button: a spinner and 'Sending...' while the form is on its way (SPEC 2, 4). It is
 * disabled only once the page's script checks the fields: without one, the form posts itself
 * and the server checks them.
 */
export function SubmitButton({
  sending,
  disabled,
  label = "Submit",
}: {
  sending: boolean;
  disabled: boolean;
  /** What sending does, when it is more than submitting the form ('Join the waiting list'). */
  label?: string;
}) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      className="button"
      disabled={hydrated && (disabled || sending)}
      aria-busy={sending}
    >
      {sending ? (
        <>
          <span className="spinner" aria-hidden="true" />
          Sending...
        </>
      ) : (
        label
      )}
    </button>
  );
}

/** What the lodge does with what the form sends, and when it is erased (lodge.yaml's days). */
export function PrivacyNote({ what }: { what: PrivacyNoteSubject }) {
  return <p className="form-note privacy-note">{privacyNote(lodge.keepPersonalDataDays, what)}</p>;
}

export function RequiredNote() {
  return (
    <p className="form-note">
      Fields marked <span aria-hidden="true">*</span>
      <span className="visually-hidden">with an asterisk</span> are required.
    </p>
  );
}
