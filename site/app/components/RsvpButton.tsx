import type { ButtonHTMLAttributes } from "react";
import { useHydrated } from "../lib/hydrated.tsx";

/**
 * An RSVP button: in the built page, a link to the event's plain RSVP page, which a browser
 * without JavaScript follows; once the page's script runs, the button that opens the modal, as
 * it always was.
 */
export function RsvpButton({
  href,
  ...button
}: { href: string } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type">) {
  const hydrated = useHydrated();
  if (hydrated) return <button type="button" {...button} />;
  const { className, children, "aria-describedby": describedBy } = button;
  return (
    <a href={href} className={className} aria-describedby={describedBy}>
      {children}
    </a>
  );
}
