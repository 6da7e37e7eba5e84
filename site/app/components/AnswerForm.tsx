import { useEffect, useId, useRef, useState } from "react";
import type { ApiResponse } from "../../../core/api/routes.ts";
import {
  ANSWER_LABELS,
  answerKey,
  answerText,
  type GivenAnswer,
} from "../../../core/rules/answer-links.ts";
import { failureAlert, postApi } from "../lib/api.ts";

type View = ApiResponse<"memberAnswer">;

/** An option of the form: an answer, with its meal for a dinner with choices. */
type Option = GivenAnswer & { key: string; label: string };

/** The answers the page offers now: one per meal for a dinner with choices, as the mail's links. */
function optionsOf(view: View): Option[] {
  return view.offered.flatMap((answer): Option[] => {
    if (answer !== "dining" || view.event.choices.length === 0) {
      return [{ answer, key: answer, label: ANSWER_LABELS[answer] }];
    }
    // After dinner orders close, a dinner is kept only as it was ordered.
    const meals =
      view.window === "open" ? view.event.choices : view.answer?.meal ? [view.answer.meal] : [];
    return meals.map((meal) => ({
      answer,
      meal,
      key: answerKey({ answer, meal }),
      label: answerText({ answer, meal }),
    }));
  });
}

/**
 * The answer form of the answer page (routes/rsvp-answer.tsx), loaded while the page reads the
 * summons: the answers he may give now, the one his link chose (or his current one) selected, and one
 * button that sends it: the link's click opens the page, this click records the answer. Opening
 * the page records nothing, so a mail scanner that follows the link changes nothing.
 */
export default function AnswerForm({
  token,
  view,
  chosen,
  onAnswered,
}: {
  token: string;
  view: View;
  chosen: GivenAnswer | undefined;
  onAnswered(view: View): void;
}) {
  const options = optionsOf(view);
  const initial = [answerKey(chosen), answerKey(view.answer)].find((key) =>
    options.some((option) => option.key === key),
  );
  const [selected, setSelected] = useState(initial ?? "");
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState("");
  const id = useId();
  const option = options.find((o) => o.key === selected);

  async function send(e: React.FormEvent) {
    e.preventDefault();
    if (!option) {
      setProblem("Choose your answer first.");
      return;
    }
    setSending(true);
    setProblem("");
    const result = await postApi("answerSummons", {
      token,
      answer: option.answer,
      ...(option.meal ? { meal: option.meal } : {}),
    });
    setSending(false);
    if (result.ok) onAnswered(result.body);
    else setProblem(failureAlert(result).text);
  }

  return (
    <form className="panel answer-form" noValidate onSubmit={send} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{view.answer ? "Change your answer" : "Your answer"}</h2>
      <fieldset className="answer-options">
        <legend className="visually-hidden">Your answer</legend>
        {options.map((o) => (
          <div className="choice" key={o.key}>
            <input
              type="radio"
              id={`${id}-${o.key}`}
              name="answer"
              value={o.key}
              checked={selected === o.key}
              onChange={() => setSelected(o.key)}
            />
            <label htmlFor={`${id}-${o.key}`}>{o.label}</label>
          </div>
        ))}
      </fieldset>
      {view.mealsClose ? <p className="form-note">{view.mealsClose}.</p> : null}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="button-row">
        <button type="submit" className="button" disabled={sending} aria-busy={sending}>
          {sending ? "Sending..." : "Send my answer"}
        </button>
      </div>
    </form>
  );
}

/** 'Thank you: ...' in the form's place once an answer is recorded, focused so it is read. */
export function Recorded({ view }: { view: View }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="panel answer-recorded" role="status" tabIndex={-1} ref={ref}>
      <h2>Thank you</h2>
      <p>
        The secretary has your answer
        {view.answer ? (
          <>
            : <strong>{answerText(view.answer)}</strong>
          </>
        ) : null}
        . A confirmation is on its way to your e-mail address.
      </p>
    </div>
  );
}
