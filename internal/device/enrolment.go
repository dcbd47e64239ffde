package device

import (
	"context"
	"database/sql"
	"errors"
	"strings"
)

// Cancelled is the status of a command superseded before the device fetched it (a person
// added and removed again before the terminal polled): neither a failure nor still to do.
const Cancelled = "cancelled"

// person reads what a terminal needs of a person, and whether they are archived.
func (s *Service) person(ctx context.Context, orgID, personID int64) (Enrolled, bool, error) {
	var e Enrolled
	var archived int
	err := s.q(ctx).QueryRowContext(ctx, `SELECT p.id, p.kind, p.code, p.first_name || ' ' || p.last_name, CASE WHEN p.archived_at IS NULL THEN 0 ELSE 1 END, i.data
		FROM people p LEFT JOIN images i ON i.id = p.image_id WHERE p.org_id = $1 AND p.id = $2`, orgID, personID).
		Scan(&e.PersonID, &e.Kind, &e.Code, &e.Name, &archived, &e.Image)
	if errors.Is(err, sql.ErrNoRows) {
		return e, false, ErrNotFound
	}
	e.Name = strings.TrimSpace(e.Name)
	return e, archived == 1, err
}

// PersonChanged queues, on every device the person is enrolled on, what makes the terminal
// hold them as they now are: their user record and face photo, or their deletion once they
// are archived; with the deletion of their old PIN when oldCode (the code before the change,
// or "") differs. It runs in ctx's transaction, so the commands exist exactly when the
// change does (DESIGN §7: enrolment is queued at once, not at the next synchronisation).
// The enrolment itself stays: restoring an archived person puts them back.
func (s *Service) PersonChanged(ctx context.Context, orgID, personID int64, oldCode string) error {
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT device_id FROM device_people WHERE org_id = $1 AND person_id = $2 ORDER BY device_id`, orgID, personID)
	if err != nil {
		return err
	}
	var devices []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		devices = append(devices, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(devices) == 0 {
		return err
	}
	p, archived, err := s.person(ctx, orgID, personID)
	if err != nil {
		return err
	}
	for _, dev := range devices {
		if oldCode != "" && oldCode != p.Code {
			if err := s.takePerson(ctx, orgID, dev, oldCode); err != nil {
				return err
			}
		}
		if archived {
			err = s.takePerson(ctx, orgID, dev, p.Code)
		} else {
			err = s.putPerson(ctx, orgID, dev, p)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// putPerson queues a person's user record and photo on a device, cancelling what was still
// waiting for their PIN there.
func (s *Service) putPerson(ctx context.Context, orgID, deviceID int64, p Enrolled) error {
	prof, err := s.profile(ctx, orgID, deviceID)
	if err != nil {
		return err
	}
	// A changed code that the terminal cannot take refuses the change (422 naming the person).
	if err := misfitError("code", []Enrolled{p}, prof); err != nil {
		return err
	}
	if err := s.supersede(ctx, orgID, deviceID, p.Code); err != nil {
		return err
	}
	if err := s.queue(ctx, orgID, deviceID, UserCommand(p.Code, prof.FitName(p.Name)), "user "+p.Code); err != nil {
		return err
	}
	if len(p.Image) > 0 && prof.TakesPhotos {
		return s.queue(ctx, orgID, deviceID, PhotoCommand(p.Code, p.Image), "photo "+p.Code)
	}
	return nil
}

// takePerson queues the deletion of a PIN from a device, cancelling what was still waiting
// for it there: an add followed by a removal before the device polls delivers only the
// removal. The removal itself is always sent, since the terminal may hold the PIN from an
// earlier delivery or from enrolment at the terminal.
func (s *Service) takePerson(ctx context.Context, orgID, deviceID int64, pin string) error {
	if err := s.supersede(ctx, orgID, deviceID, pin); err != nil {
		return err
	}
	return s.queue(ctx, orgID, deviceID, "DATA DELETE USERINFO PIN="+pin, "delete "+pin)
}

// supersede cancels a device's commands for a PIN that it has not fetched yet. One already
// handed out stays as it is: the newer command follows it.
func (s *Service) supersede(ctx context.Context, orgID, deviceID int64, pin string) error {
	_, err := s.q(ctx).ExecContext(ctx, `UPDATE device_commands SET status = 'cancelled', result = 'superseded', done_at = $6
		WHERE org_id = $1 AND device_id = $2 AND status = 'queued' AND label IN ($3, $4, $5)`,
		orgID, deviceID, "user "+pin, "photo "+pin, "delete "+pin, s.Now())
	return err
}

// PersonErased queues the deletion of an erased person's PIN on every device they are
// enrolled on, in ctx's transaction, before the erasure drops the enrolment and overwrites
// the code. Archiving already took them off, but a terminal may hold the PIN again
// (enrolment at the terminal, a person archived before enrolment was queued at once): what
// is erased must not stay able to clock in.
func (s *Service) PersonErased(ctx context.Context, orgID, personID int64) error {
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT x.device_id, p.code FROM device_people x JOIN people p ON p.id = x.person_id AND p.org_id = x.org_id
		WHERE x.org_id = $1 AND x.person_id = $2 ORDER BY x.device_id`, orgID, personID)
	if err != nil {
		return err
	}
	type take struct {
		dev  int64
		code string
	}
	var todo []take
	for rows.Next() {
		var t take
		if err := rows.Scan(&t.dev, &t.code); err != nil {
			rows.Close()
			return err
		}
		todo = append(todo, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, t := range todo {
		if err := s.takePerson(ctx, orgID, t.dev, t.code); err != nil {
			return err
		}
	}
	return nil
}

// profile reads a device's model rules.
func (s *Service) profile(ctx context.Context, orgID, deviceID int64) (Profile, error) {
	var p Profile
	err := s.q(ctx).QueryRowContext(ctx, `SELECT pin_digits_only, pin_max_length, name_max_bytes, takes_photos FROM devices WHERE org_id = $1 AND id = $2`, orgID, deviceID).
		Scan(&p.PINDigitsOnly, &p.PINMaxLength, &p.NameMaxBytes, &p.TakesPhotos)
	if errors.Is(err, sql.ErrNoRows) {
		return p, ErrNotFound
	}
	return p, err
}
