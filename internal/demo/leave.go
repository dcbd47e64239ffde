package demo

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"hadir/internal/app"
	"hadir/internal/leave"
	"hadir/internal/people"
	"hadir/internal/platform/database"
	"hadir/internal/platform/validate"
)

// seedLeave adds leave and away types, this year's entitlements for everyone, and
// applications in every state around today.
func seedLeave(ctx context.Context, a *app.App, orgID int64, personKind string, everyone []people.Person, admin leave.Actor, r *rand.Rand) error {
	type spec struct {
		kind, name, desc string
		days             leave.Amount
		negative, attach bool
		carry            leave.Amount
	}
	specs := []spec{
		{leave.KindLeave, "Annual leave", "Cuti tahunan", 1400, false, false, 500},
		{leave.KindLeave, "Sick leave", "Cuti sakit, with a medical certificate", 1400, false, true, 0},
		{leave.KindLeave, "Emergency leave", "Cuti kecemasan", 300, false, false, 0},
		{leave.KindLeave, "Unpaid leave", "Cuti tanpa gaji", 0, true, false, 0},
		{leave.KindAway, "Official duty", "Tugas rasmi outside the office", 0, true, false, 0},
	}
	// A new organisation starts with the starter types (issue 13); the demo gives those of
	// the same name its own descriptions and numbers instead of adding a second of each.
	ids := map[string]int64{}
	for _, kind := range []string{leave.KindLeave, leave.KindAway} {
		ts, _, err := a.Leave.Types(ctx, orgID, kind, "", database.Page{})
		if err != nil {
			return err
		}
		for _, t := range ts {
			ids[t.Name] = t.ID
		}
	}
	for _, s := range specs {
		t, err := a.Leave.SaveType(ctx, leave.Type{ID: ids[s.name], OrgID: orgID, Kind: s.kind, Name: s.name, Description: s.desc, Unit: "day", DefaultAmount: s.days,
			Paid: s.name != "Unpaid leave", AllowNegative: s.negative, AttachmentRequired: s.attach, MaxCarry: s.carry})
		if err != nil {
			return err
		}
		ids[s.name] = t.ID
	}
	loc, _ := time.LoadLocation("Asia/Kuala_Lumpur")
	today := time.Now().In(loc)
	year := today.Format("2006")
	for _, name := range []string{"Annual leave", "Sick leave", "Emergency leave"} {
		var pids []int64
		for _, p := range everyone {
			pids = append(pids, p.ID)
		}
		var days leave.Amount
		for _, s := range specs {
			if s.name == name {
				days = s.days
			}
		}
		if _, err := a.Leave.BulkEntitle(ctx, orgID, personKind, leave.KindLeave, pids, leave.Entitlement{TypeID: ids[name], Entitled: days,
			PeriodStart: year + "-01-01", ValidUntil: year + "-12-31"}); err != nil {
			return err
		}
	}
	try := func(err error) error {
		var ve validate.Errors
		if err == nil || errors.As(err, &ve) || errors.Is(err, leave.ErrOverlap) || errors.Is(err, leave.ErrNoWorkingDays) ||
			errors.Is(err, leave.ErrInsufficient) || errors.Is(err, leave.ErrNoEntitlement) || errors.Is(err, leave.ErrTransition) {
			return nil // a date that does not suit this person: skip it
		}
		return err
	}
	date := func(offset int) string { return today.AddDate(0, 0, offset).Format(time.DateOnly) }
	// applied moves an application's "applied on" (and its decision) back to offset days from
	// today, so the lists show requests made over the past months rather than all today.
	applied := func(app leave.Application, offset, decidedAfter int) error {
		at := today.AddDate(0, 0, offset).Add(-time.Duration(r.IntN(8*60)) * time.Minute).UTC().Truncate(time.Second)
		decided := at.Add(time.Duration(decidedAfter)*24*time.Hour + time.Duration(r.IntN(6*60))*time.Minute)
		q := a.DB.Q(ctx)
		if _, err := q.ExecContext(ctx, `UPDATE leave_applications SET created_at = $1, updated_at = $2 WHERE org_id = $3 AND id = $4`, at, decided, orgID, app.ID); err != nil {
			return err
		}
		_, err := q.ExecContext(ctx, `UPDATE leave_applications SET decided_at = $1 WHERE org_id = $2 AND id = $3 AND decided_at IS NOT NULL`, decided, orgID, app.ID)
		return err
	}
	for i, p := range everyone {
		if i%2 == 1 {
			continue
		}
		kind := leave.KindLeave
		past := -10 - r.IntN(50)
		// An approved past leave (an assignment, as the office enters it), applied for one
		// to three weeks before it began.
		app, err := a.Leave.Apply(ctx, orgID, personKind, kind, leave.Request{PersonID: p.ID, TypeID: ids["Annual leave"], From: date(past), To: date(past + r.IntN(3)),
			Reason: "Family matters"}, admin, true)
		if err == nil {
			err = applied(app, past-7-r.IntN(14), 0)
		}
		if err := try(err); err != nil {
			return err
		}
		switch i % 8 {
		case 0: // pending, in the coming weeks, applied in the last fortnight
			app, err = a.Leave.Apply(ctx, orgID, personKind, kind, leave.Request{PersonID: p.ID, TypeID: ids["Annual leave"], From: date(7 + i%14), To: date(9 + i%14),
				Reason: "Balik kampung"}, leave.Actor{}, false)
			if err == nil {
				err = applied(app, -r.IntN(14), 0)
			}
		case 2: // rejected a day or two after it was asked for
			app, err = a.Leave.Apply(ctx, orgID, personKind, kind, leave.Request{PersonID: p.ID, TypeID: ids["Emergency leave"], From: date(3 + i%5), Reason: "Car trouble"}, leave.Actor{}, false)
			if err == nil {
				_, err = a.Leave.Decide(ctx, orgID, personKind, kind, app.ID, leave.Rejected, admin, 0, "Please use annual leave for this")
			}
			if err == nil {
				err = applied(app, -3-r.IntN(20), 1+r.IntN(2))
			}
		case 4: // cancelled by the applicant
			app, err = a.Leave.Apply(ctx, orgID, personKind, kind, leave.Request{PersonID: p.ID, TypeID: ids["Annual leave"], From: date(20 + i%5), Session: "am", Reason: "Appointment"}, leave.Actor{}, false)
			if err == nil {
				_, err = a.Leave.Decide(ctx, orgID, personKind, kind, app.ID, leave.Cancelled, leave.Actor{}, p.ID, "")
			}
			if err == nil {
				err = applied(app, -5-r.IntN(30), 2)
			}
		case 6: // official duty away, approved, entered a month or so before
			// Two weekdays just before today (from -3 and -2 days, moved back past a weekend, so that
			// a seed on a Monday or Tuesday still has working days in the range).
			from := -3
			for today.AddDate(0, 0, from).Weekday() == time.Saturday || today.AddDate(0, 0, from).Weekday() == time.Sunday ||
				today.AddDate(0, 0, from+1).Weekday() == time.Saturday || today.AddDate(0, 0, from+1).Weekday() == time.Sunday {
				from--
			}
			app, err = a.Leave.Apply(ctx, orgID, personKind, leave.KindAway, leave.Request{PersonID: p.ID, TypeID: ids["Official duty"], From: date(from), To: date(from + 1),
				Reason: "Course at the district office"}, admin, true)
			if err == nil {
				err = applied(app, -20-r.IntN(25), 0)
			}
		}
		if err := try(err); err != nil {
			return err
		}
	}
	return nil
}
