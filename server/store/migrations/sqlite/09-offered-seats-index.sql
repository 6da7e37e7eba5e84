-- seats held by offers summed from an index

-- Every RSVP counts the seats its event's open offers hold (state = 'offered'). SQLite
-- uses a partial index only when the query's terms name its condition, and
-- state IN ('waiting', 'offered') is not state = 'offered': the sum read the whole list,
-- every party that ever waited for any event. This one answers it from the index alone.
CREATE INDEX waitlist_offered ON waitlist (event_id, attendees) WHERE state = 'offered';
