import { startTransition, useCallback, useEffect, useState } from "react";
import { lodge } from "../../generated/lodge.ts";

/**
 * The attendee count of each open event, read once when the page opens (SPEC 7,
 * GET /sheets/api/read). A failed read is only logged: the page then shows every RSVP button as
 * open, and the server still refuses a reservation over the limit. The API's client is loaded
 * for the read, after the page has hydrated: the page does not wait for it to start.
 */
export function useAttendeeCounts() {
  const [counts, setCounts] = useState<Readonly<Record<string, number>>>({});
  const [guestLimit, setGuestLimit] = useState(lodge.guestLimit);

  useEffect(() => {
    let current = true;
    void import("./api.ts")
      .then(({ getApi }) => getApi("attendeeCounts"))
      .then((result) => {
        if (!current) return;
        if (!result.ok || typeof result.body !== "object" || result.body === null) {
          console.warn(
            `The attendee counts could not be read (${result.ok ? "no answer" : `status ${result.status}`}).`,
          );
          return;
        }
        const read = result.body;
        // A transition, rendered in slices: every card of the page may change.
        startTransition(() => {
          setCounts(
            Object.fromEntries(
              Object.entries(read.counts ?? {}).filter(
                (entry): entry is [string, number] => typeof entry[1] === "number",
              ),
            ),
          );
          if (typeof read.guestLimit === "number") setGuestLimit(read.guestLimit);
        });
      });
    return () => {
      current = false;
    };
  }, []);

  /** Counts a reservation the server just took, so the page needs no second read. */
  const add = useCallback((eventId: string, attendees: number) => {
    setCounts((current) => ({ ...current, [eventId]: (current[eventId] ?? 0) + attendees }));
  }, []);

  return { counts, guestLimit, add };
}
