import { useCallback, useRef, useState } from "react";
import type { ApiRequest, ApiResponse, ApiRoutesOf } from "../../../core/api/routes.ts";
import { FIELD_LABELS, problemSentence } from "../../../core/rules/form-checks.ts";
import type { Alert } from "../../../core/schemas/alert.ts";
import { type ApiFailure, failureAlert, newIdempotencyKey, postApi } from "../lib/api.ts";
import { useAlerts } from "./Alerts.tsx";

/**
 * A form's values and which fields the visitor has edited. Fields are marked invalid only once
 * edited (SPEC 5), so a fresh form is not a wall of red.
 */
function useFormState<T extends object>(initial: () => T) {
  const [values, setValues] = useState(initial);
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set());
  const set = useCallback(<K extends keyof T & string>(name: K, value: T[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setEdited((current) => (current.has(name) ? current : new Set(current).add(name)));
  }, []);
  const reset = useCallback(() => {
    setValues(initial());
    setEdited(new Set());
  }, [initial]);
  /** Sets a field as the form's own doing (one field following another), not marked edited. */
  const follow = useCallback(<K extends keyof T & string>(name: K, value: T[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
  }, []);
  return { values, set, follow, edited, reset };
}

/**
 * A form the visitor sends to the API (the RSVP modals, the contact form): its values, the
 * fields to show invalid (breaking a rule of `problemsOf` and edited), and `send`. One send keeps
 * one Idempotency-Key through the visitor's retries of the same values, so the server counts it
 * once; editing any field makes a new submission. `send` resolves true once the server took it:
 * the form is then cleared and `success` shown (made of the server's answer when it has the
 * words); a failure shows the server's reason and keeps what was typed, unless `refused` takes it
 * (a form that changes course, as the RSVP to the waiting list). `answered` runs as soon as the
 * answer is in, before either alert.
 */
export function useSentForm<T extends object, P extends string>(
  initial: () => T,
  problemsOf: (values: T) => ReadonlyMap<P, string>,
  {
    inPlace = false,
  }: {
    /**
     * Says the outcome in the form's place (FormOutcome, `outcome`) instead of the alert banner
     * over the page's heading: a form in a dialog, or in the middle of a page, whose visitor is
     * looking at it.
     */
    inPlace?: boolean;
  } = {},
) {
  const { values, set, follow, edited, reset } = useFormState(initial);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Alert | null>(null);
  const idempotencyKey = useRef<string | null>(null);
  const { showAlert } = useAlerts();
  const problems = problemsOf(values);
  const shownInvalid = (field: P) => problems.has(field) && edited.has(field);
  /** The sentence under a field shown invalid: 'First name may not contain < or >.' */
  const errorOf = (field: P): string | undefined => {
    const problem = problems.get(field);
    return problem !== undefined && edited.has(field)
      ? problemSentence(FIELD_LABELS[field] ?? field, problem)
      : undefined;
  };
  const edit = <K extends keyof T & string>(name: K, value: T[K]) => {
    idempotencyKey.current = null;
    // A failure said in place stands until the visitor corrects the form.
    if (outcome) setOutcome(null);
    set(name, value);
  };
  const tell = inPlace ? setOutcome : showAlert;
  async function send<K extends ApiRoutesOf<"POST">>(
    route: K,
    payload: () => ApiRequest<K> | Promise<ApiRequest<K>>,
    success: Alert | ((answer: ApiResponse<K>) => Alert),
    answered: () => void = () => {},
    /** Takes a refusal the form deals with itself (true): no alert, and `answered` is not run. */
    refused: (failure: ApiFailure) => boolean = () => false,
  ): Promise<boolean> {
    if (problems.size > 0 || sending) return false;
    idempotencyKey.current ??= newIdempotencyKey();
    setSending(true);
    const result = await postApi(route, await payload(), idempotencyKey.current);
    setSending(false);
    if (!result.ok && refused(result)) {
      idempotencyKey.current = null;
      return false;
    }
    answered();
    if (!result.ok) {
      tell(failureAlert(result));
      return false;
    }
    idempotencyKey.current = null;
    reset();
    tell(typeof success === "function" ? success(result.body) : success);
    return true;
  }
  /** Back to the form: the outcome said in place is put away (the dialog closed, say). */
  const clearOutcome = useCallback(() => setOutcome(null), []);
  return {
    values,
    edit,
    follow,
    edited,
    problems,
    shownInvalid,
    errorOf,
    sending,
    send,
    reset,
    outcome,
    clearOutcome,
  };
}
