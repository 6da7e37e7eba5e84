-- seats held by offers summed from an index

-- Every RSVP counts the seats its event's open offers hold (state = 'offered'); no index
-- was of those alone, so the sum read every entry the event's list ever had, or the whole
-- list of every event. This one answers it from the index alone once the table is vacuumed.
CREATE INDEX waitlist_offered ON waitlist (event_id) INCLUDE (attendees)
  WHERE state = 'offered';
