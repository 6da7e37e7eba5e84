-- each event's seats counted as its RSVPs change

-- The seats an event's current RSVPs take, kept by the trigger below in the very
-- transaction that changes an RSVP, whatever changes it (an RSVP, a change, a cancel, a
-- claimed offer, a copy): a seat check reads one row instead of summing thousands. Every
-- writer that changes an event's seats holds that event's advisory lock already, so the
-- counter's row lock never makes anyone wait longer.
CREATE TABLE event_seats (
  event_id text PRIMARY KEY,
  seats integer NOT NULL CHECK (seats >= 0)
);
INSERT INTO event_seats (event_id, seats)
  SELECT event_id, SUM(attendees) FROM event_rsvps WHERE state = 'current' GROUP BY event_id;

CREATE FUNCTION event_seats_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.state = 'current' THEN
    UPDATE event_seats SET seats = seats - OLD.attendees WHERE event_id = OLD.event_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.state = 'current' THEN
    INSERT INTO event_seats (event_id, seats) VALUES (NEW.event_id, NEW.attendees)
      ON CONFLICT (event_id) DO UPDATE SET seats = event_seats.seats + EXCLUDED.seats;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER event_seats_insert AFTER INSERT ON event_rsvps
  FOR EACH ROW WHEN (NEW.state = 'current') EXECUTE FUNCTION event_seats_follow();
CREATE TRIGGER event_seats_update AFTER UPDATE OF event_id, attendees, state ON event_rsvps
  FOR EACH ROW WHEN (OLD.state = 'current' OR NEW.state = 'current')
  EXECUTE FUNCTION event_seats_follow();
CREATE TRIGGER event_seats_delete AFTER DELETE ON event_rsvps
  FOR EACH ROW WHEN (OLD.state = 'current') EXECUTE FUNCTION event_seats_follow();

-- The counter replaces the sum this index served; one index fewer to write per RSVP.
DROP INDEX event_rsvps_seats;
