import { createContext, type ReactNode, startTransition, use, useEffect, useState } from "react";

/** How often the page re-evaluates its date rules while it stays open. */
const TICK_MS = 60_000;

const NowContext = createContext<Date | null>(null);

/**
 * The moment every date rule is evaluated for. The prerendered HTML was made at `builtAt`, so the
 * first render (hydration) uses it too; once hydrated, the page moves to the browser's clock, and
 * keeps up with it while it stays open, so a page built on Monday is still right on Friday.
 */
export function NowProvider({ builtAt, children }: { builtAt: number; children: ReactNode }) {
  const [now, setNow] = useState(() => new Date(builtAt));
  useEffect(() => {
    // As a transition: React renders the page anew in slices, between which the browser answers
    // the visitor, rather than in one long task just after hydrating (TBT, issue 18).
    const tick = () => startTransition(() => setNow(new Date()));
    tick();
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return <NowContext value={now}>{children}</NowContext>;
}

export function useNow(): Date {
  const now = use(NowContext);
  if (!now) throw new Error("useNow() needs a <NowProvider> above it");
  return now;
}
