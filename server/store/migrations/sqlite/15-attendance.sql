-- the Tyler's register: who was present at each meeting, and the visitors

-- A visitor to the lodge, as the Tyler took him at the door: the lodge's record, kept with the
-- register (never erased with the RSVPs' personal data). The member who vouched for him, if any.
CREATE TABLE visitors (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  lodge_name TEXT NOT NULL,
  lodge_number TEXT NOT NULL,
  degree TEXT NOT NULL CHECK (degree IN ('entered-apprentice', 'fellowcraft', 'master-mason')),
  vouched_by INTEGER,
  added_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- A mark in the register: a member (member_id) or a visitor (visitor_id) present at an event.
-- The phone at the door names each mark (mark_id), so a mark sent twice is kept once; a second
-- tap undoes that mark only (undone_at), so two phones never undo each other's marks. An undo
-- that arrives before its mark is kept, and the mark comes in undone.
CREATE TABLE attendance (
  id INTEGER PRIMARY KEY,
  mark_id TEXT NOT NULL UNIQUE,
  event_id TEXT NOT NULL,
  member_id INTEGER,
  visitor_id INTEGER,
  marked_at TEXT NOT NULL,
  undone_at TEXT,
  CHECK ((member_id IS NULL) != (visitor_id IS NULL))
);
CREATE INDEX attendance_event ON attendance (event_id);
CREATE INDEX attendance_member ON attendance (member_id);

-- Each member the Almoner was told of, once per run of absences: the run is named by the
-- meeting it began at, so a run told of is never told again, and a new run after an attendance
-- or an apology is.
CREATE TABLE almoner_notices (
  id INTEGER PRIMARY KEY,
  member_id INTEGER NOT NULL,
  since_event TEXT NOT NULL,
  told_at TEXT NOT NULL,
  UNIQUE (member_id, since_event)
);
