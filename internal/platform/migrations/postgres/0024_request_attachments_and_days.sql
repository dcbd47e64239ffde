-- Issue 12's last item and issue 13's day rules.
--
-- An attendance-correction request may carry one document (a PDF or an image), stored as the
-- leave applications' are, in leave_attachments; the request keeps a reference to it.
ALTER TABLE attendance_requests ADD COLUMN attachment_id BIGINT REFERENCES leave_attachments (id);

-- Late after the cut-off (issue 13): a group's setting whether a first punch after cut-off-in
-- makes the day absent (false, the rule until now) or present and late (true).
ALTER TABLE groups ADD COLUMN late_after_cutoff BOOLEAN NOT NULL DEFAULT FALSE;
