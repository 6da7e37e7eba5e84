import { eventNotices } from "../../../core/rules/events.ts";
import type { Event } from "../../../core/schemas/event.ts";

/** 'Cancelled', 'Full', 'Postponed from ...': what changed about an event, as badges. */
export function EventNotices({ event }: { event: Event }) {
  const notices = eventNotices(event);
  if (notices.length === 0) return null;
  return (
    <p className="event-notices">
      {notices.map((notice) => (
        <strong key={notice.kind} className={`notice notice-${notice.kind}`}>
          {notice.text}
        </strong>
      ))}
    </p>
  );
}
