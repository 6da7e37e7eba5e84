-- mail composed when it is sent, seats summed from an index

-- A mail queued by what it is about, composed by the mail worker from its submission when
-- it is sent; raw stays empty until then. NULL: raw holds the message.
ALTER TABLE outbox ADD COLUMN mail_order jsonb;

-- The seats an event's RSVPs take, summed from the index (no row read per RSVP once the
-- table is vacuumed): every RSVP sums them, and an event's RSVPs run to thousands.
CREATE INDEX event_rsvps_seats ON event_rsvps (event_id) INCLUDE (attendees)
  WHERE state = 'current';
