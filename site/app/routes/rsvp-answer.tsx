import { lazy, Suspense, useEffect, useState } from "react";
import { eventPath } from "../../../core/api/page-paths.ts";
import type { ApiResponse } from "../../../core/api/routes.ts";
import {
  answerKey,
  answerText,
  type GivenAnswer,
  readAnswerFragment,
} from "../../../core/rules/answer-links.ts";
import { lodge } from "../../generated/lodge.ts";
import { PageHeading } from "../components/PageHeading.tsx";
import { LinkNotShown, StateMessage, useLinkedView } from "../components/RsvpLinkPage.tsx";
import { hydrates } from "../lib/hydration.ts";
import { pageMeta } from "../lib/meta.ts";
import "./rsvp-answer.css";

type View = ApiResponse<"memberAnswer">;

/** The answer form, loaded while the page reads the summons, which it needs anyway. */
const loadAnswerForm = () => import("../components/AnswerForm.tsx");
const AnswerForm = lazy(loadAnswerForm);
const Recorded = lazy(() => loadAnswerForm().then((m) => ({ default: m.Recorded })));

/** The answer comes from the API once the page runs: it needs React. */
export const handle = hydrates;

// A personal page: the layout tells search engines to leave it out (the site map's isListedPage).
export const meta = () =>
  pageMeta(
    "Your Answer to the Summons",
    `Answer the summons to a meeting of ${lodge.name}: attending, dining or apologies.`,
  );

/** The token of an answer link: after '#', beside the answer the link chose. */
const tokenOf = (hash: string) => readAnswerFragment(hash).token;

/** What the member has answered, in a sentence. */
function CurrentAnswer({ view }: { view: View }) {
  if (!view.answer) return <p className="answer-current">You have not answered yet.</p>;
  return (
    <p className="answer-current">
      Your answer: <strong>{answerText(view.answer)}</strong>
      {view.answer.waiting ? (
        <>
          <br />
          Every seat is taken for now, so you are on the waiting list: if a seat frees up, you will
          be offered it by e-mail.
        </>
      ) : null}
    </p>
  );
}

/**
 * A member's answer to his summons, opened from one of its links: the meeting, his answer if he
 * has given one, and until answers close the answers he may give, the one his link chose
 * selected and one button to send it; after the deadline, his answer and whom to write to. The
 * page is the same for everyone; the rest comes from the API by the link's token.
 */
export default function RsvpAnswer() {
  const { token, loaded } = useLinkedView(
    "memberAnswer",
    "Open this page from a link in your summons.",
    tokenOf,
  );
  const [answered, setAnswered] = useState<View | undefined>();
  const [chosen, setChosen] = useState<GivenAnswer | undefined>();
  useEffect(() => {
    setChosen(readAnswerFragment(window.location.hash).chosen);
    void loadAnswerForm();
  }, []);
  const view = answered ?? (loaded.kind === "shown" ? loaded.view : undefined);
  return (
    <>
      <PageHeading title="Your Answer to the Summons" />
      <div className="container section manage-layout">
        <LinkNotShown loaded={loaded} reading="Reading your summons..." />
        {view ? (
          <>
            <section className="panel manage-summary" aria-labelledby="answer-event">
              <h2 id="answer-event">
                <a href={eventPath(view.event.id)}>{view.event.name}</a>
              </h2>
              <p className="rsvp-when">{view.event.when}</p>
              {view.event.location ? <p>{view.event.location}</p> : null}
              {view.degree ? <p>Opened on the {view.degree} degree.</p> : null}
              <p>
                Brother {view.firstName} {view.lastName}
              </p>
              <CurrentAnswer view={view} />
              <p className={`manage-state manage-${view.window}`}>
                <StateMessage view={view} />
              </p>
            </section>
            <Suspense fallback={null}>
              {answered ? <Recorded key={answerKey(answered.answer)} view={answered} /> : null}
              {view.window !== "closed" ? (
                <AnswerForm
                  key={answerKey(view.answer)}
                  token={token}
                  view={view}
                  chosen={answered ? undefined : chosen}
                  onAnswered={setAnswered}
                />
              ) : null}
            </Suspense>
          </>
        ) : null}
      </div>
    </>
  );
}
