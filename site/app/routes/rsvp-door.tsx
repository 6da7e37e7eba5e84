import { lazy, Suspense, useEffect, useState } from "react";
import { findsBrother } from "../../../core/rules/door-search.ts";
import { lodge } from "../../generated/lodge.ts";
import { PageHeading } from "../components/PageHeading.tsx";
import type { Brother } from "../lib/door-queue.ts";
import { hydrates } from "../lib/hydration.ts";
import { pageMeta } from "../lib/meta.ts";
import { useDoor } from "../lib/use-door.ts";

/**
 * The visitor's form, loaded while the page reads the register: it brings the degrees' names,
 * which the event pages' scripts carry, and the page shows the brothers without it.
 */
const loadVisitorForm = () => import("../components/DoorVisitorForm.tsx");
const DoorVisitorForm = lazy(() => loadVisitorForm().then((m) => ({ default: m.DoorVisitorForm })));

/** The register comes from the API once the page runs: it needs React. */
export const handle = hydrates;

// A page for the Tyler alone: the layout tells search engines to leave it out (isListedPage).
export const meta = () =>
  pageMeta("The Tyler's Register", `The register at the door of a meeting of ${lodge.name}.`);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A brother's row: one tap marks him present, a second undoes it. */
function BrotherButton(props: { brother: Brother; present: boolean; onTap: () => void }) {
  const { brother, present } = props;
  return (
    <li>
      <button type="button" className="door-brother" aria-pressed={present} onClick={props.onTap}>
        <span className="door-name">{brother.name}</span>
        <span className="door-number">No. {brother.number || "–"}</span>
        <span className="door-tick" aria-hidden="true">
          {present ? "✓" : ""}
        </span>
      </button>
    </li>
  );
}

/**
 * The Tyler's register at the door, opened from the door link on a phone held in one hand: the
 * brothers who said they attend, a search over the roll by name or number, one tap to mark and
 * one to undo, the counts always in view, and the visitors. Marks made without a network wait
 * on the phone and go when it is back, each once.
 */
export default function RsvpDoor() {
  const door = useDoor();
  const [typed, setTyped] = useState("");
  useEffect(() => {
    void loadVisitorForm();
  }, []);
  const { loaded, marks } = door;
  const register = loaded.kind === "shown" ? loaded.register : undefined;
  const isPresent = (id: number) => (marks.get(id)?.size ?? 0) > 0;
  const brothers = register?.brothers ?? [];
  const shown = typed.trim()
    ? brothers.filter((b) => findsBrother(typed, b))
    : brothers.filter((b) => b.answered || isPresent(b.id));
  const present = brothers.filter((b) => isPresent(b.id)).length;
  return (
    <>
      <PageHeading title="The Tyler's Register" />
      <div className="container section door">
        {loaded.kind === "reading" ? (
          <p className="panel" aria-busy="true">
            Reading the register...
          </p>
        ) : null}
        {loaded.kind === "refused" ? (
          <p className="panel manage-refused" role="status">
            {loaded.message}
          </p>
        ) : null}
        {register ? (
          <>
            <div className="door-bar" role="status" aria-live="polite">
              <p className="door-counts">
                <strong>{plural(present, "brother", "brothers")}</strong> and{" "}
                <strong>{plural(door.visitors.length, "visitor", "visitors")}</strong> present
              </p>
              {door.waiting.length > 0 ? (
                <p className="door-waiting">
                  {plural(door.waiting.length, "mark", "marks")} waiting to send
                </p>
              ) : null}
              {door.problem ? <p className="door-problem">{door.problem}</p> : null}
            </div>
            <h2 className="door-event">
              {register.event.name}
              <span>{register.event.when}</span>
            </h2>
            <label htmlFor="door-search">Find a brother by name or number</label>
            <input
              id="door-search"
              type="search"
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
            <p className="door-hint">
              {typed.trim()
                ? `${plural(shown.length, "brother", "brothers")} found.`
                : "Those who said they attend, and those marked. Type to find any other."}
            </p>
            <ul className="door-list" aria-label="Brothers">
              {shown.map((brother) => (
                <BrotherButton
                  key={brother.id}
                  brother={brother}
                  present={isPresent(brother.id)}
                  onTap={() => door.tap(brother.id)}
                />
              ))}
            </ul>
            <h2>Visitors</h2>
            {door.visitors.length === 0 ? <p>No visitor yet.</p> : null}
            <ul className="door-list door-visitors" aria-label="Visitors">
              {door.visitors.map((v) => (
                <li key={v.markId}>
                  <span className="door-name">{v.name}</span>
                  <span className="door-number">
                    {v.lodgeName}
                    {v.lodgeNumber ? ` No. ${v.lodgeNumber}` : ""}
                  </span>
                  <button
                    type="button"
                    className="button-secondary"
                    aria-label={`Remove ${v.name}`}
                    onClick={() => door.removeVisitor(v.markId, v.id)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
            <Suspense fallback={null}>
              <DoorVisitorForm token={door.token} brothers={brothers} onAdd={door.addVisitor} />
            </Suspense>
          </>
        ) : null}
      </div>
    </>
  );
}
