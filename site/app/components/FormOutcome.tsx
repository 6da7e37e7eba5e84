import { type ReactNode, useEffect, useRef } from "react";
import type { Alert } from "../../../core/schemas/alert.ts";

/**
 * What became of a form, said where the visitor is looking (in its place, or above it for a
 * failure), not in the banner over the page's heading: focus moves to it, so a screen reader
 * reads it and the page shows it, and `children` offer what comes next (Close, change again).
 */
export function FormOutcome({ outcome, children }: { outcome: Alert; children?: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Focus, then shown whole: focus alone may leave it under the sticky header.
    box.current?.focus({ preventScroll: true });
    box.current?.scrollIntoView({ block: "nearest" });
  }, []);
  const failed = outcome.className === "error";
  return (
    <div
      ref={box}
      tabIndex={-1}
      role={failed ? "alert" : "status"}
      className={`form-outcome form-outcome-${outcome.className}`}
      data-testid="alert"
    >
      <p>
        <strong>{outcome.heading}</strong> {outcome.text}
      </p>
      {children}
    </div>
  );
}

/** A dialog's form once sent: what became of it in its place, and Close. */
export function SentOutcome({ outcome, onClose }: { outcome: Alert; onClose(): void }) {
  return (
    <FormOutcome outcome={outcome}>
      <div className="button-row">
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </FormOutcome>
  );
}
