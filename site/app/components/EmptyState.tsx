import type { ReactNode } from "react";

/**
 * What a page says while the lodge has nothing of its kind to show (no events scheduled, no
 * albums yet): one short, kind paragraph, and where to look meanwhile.
 */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="empty-state">{children}</p>;
}
