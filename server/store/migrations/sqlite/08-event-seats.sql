-- each event's seats counted as its RSVPs change

-- The seats an event's current RSVPs take, kept by the triggers below in the very
-- transaction that changes an RSVP, whatever changes it (an RSVP, a change, a cancel, a
-- claimed offer, a restore): a seat check reads one row instead of summing thousands.
CREATE TABLE event_seats (
  event_id TEXT PRIMARY KEY,
  seats INTEGER NOT NULL CHECK (seats >= 0)
) WITHOUT ROWID;
INSERT INTO event_seats (event_id, seats)
  SELECT event_id, SUM(attendees) FROM event_rsvps WHERE state = 'current' GROUP BY event_id;

CREATE TRIGGER event_seats_insert AFTER INSERT ON event_rsvps
  WHEN NEW.state = 'current'
BEGIN
  INSERT INTO event_seats (event_id, seats) VALUES (NEW.event_id, NEW.attendees)
    ON CONFLICT (event_id) DO UPDATE SET seats = seats + excluded.seats;
END;
CREATE TRIGGER event_seats_update AFTER UPDATE OF event_id, attendees, state ON event_rsvps
  WHEN OLD.state = 'current' OR NEW.state = 'current'
BEGIN
  UPDATE event_seats SET seats = seats - OLD.attendees
    WHERE OLD.state = 'current' AND event_id = OLD.event_id;
  INSERT INTO event_seats (event_id, seats)
    SELECT NEW.event_id, NEW.attendees WHERE NEW.state = 'current'
    ON CONFLICT (event_id) DO UPDATE SET seats = seats + excluded.seats;
END;
CREATE TRIGGER event_seats_delete AFTER DELETE ON event_rsvps
  WHEN OLD.state = 'current'
BEGIN
  UPDATE event_seats SET seats = seats - OLD.attendees WHERE event_id = OLD.event_id;
END;

-- The counter replaces the sum this index served; one index fewer to write per RSVP.
DROP INDEX event_rsvps_seats;
