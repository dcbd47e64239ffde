package demo

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"hadir/internal/app"
	"hadir/internal/leave"
	"hadir/internal/people"
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
		{leave.KindLeave, "Medical leave", "Cuti sakit, with a medical certificate", 1400, false, true, 0},
		{leave.KindLeave, "Emergency leave", "Cuti kecemasan", 300, false, false, 0},
		{leave.KindLeave, "Unpaid leave", "Cuti tanpa gaji", 0, true, false, 0},
		{leave.KindAway, "Official duty", "Tugas rasmi outside the office", 0, true, false, 0},
	}
	ids := map[string]int64{}
	for _, s := range specs {
		t, err := a.Leave.SaveType(ctx, leave.Type{OrgID: orgID, Kind: s.kind, Name: s.name, Description: s.desc, Unit: "day", DefaultAmount: s.days,
			Paid: s.name != "Unpaid leave", AllowNegative: s.negative, AttachmentRequired: s.attach, MaxCarry: s.carry})
		if err != nil {
			return err
		}
		ids[s.name] = t.ID
	}
	loc, _ := time.LoadLocation("Asia/Kuala_Lumpur")
	today := time.Now().In(loc)
	year := today.Format("2006")
	for _, name := range []string{"Annual leave", "Medical leave", "Emergency leave"} {
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
	for i, p := range everyone {
		if i%2 == 1 {
			continue
		}
		kind := leave.KindLeave
		past := -10 - r.IntN(50)
		// An approved past leave (an assignment, as the office enters it).
		_, err := a.Leave.Apply(ctx, orgID, personKind, kind, leave.Request{PersonID: p.ID, TypeID: ids["Annual leave"], From: date(past), To: date(past + r.IntN(3)),
			Reason: "Family matters"}, admin, true)
		if err := try(err); err != nil {
			return err
		}
		switch i % 8 {
		case 0: // pending, in the coming weeks
			_, err = a.Leave.Apply(ctx, orgID, personKind, kind, leave.Request{PersonID: p.ID, TypeID: ids["Annual leave"], From: date(7 + i%14), To: date(9 + i%14),
				Reason: "Balik kampung"}, leave.Actor{}, false)
		case 2: // rejected
			var app leave.Application
			app, err = a.Leave.Apply(ctx, orgID, personKind, kind, leave.Request{PersonID: p.ID, TypeID: ids["Emergency leave"], From: date(3 + i%5), Reason: "Car trouble"}, leave.Actor{}, false)
			if err == nil {
				_, err = a.Leave.Decide(ctx, orgID, personKind, kind, app.ID, leave.Rejected, admin, 0, "Please use annual leave for this")
			}
		case 4: // cancelled by the applicant
			var app leave.Application
			app, err = a.Leave.Apply(ctx, orgID, personKind, kind, leave.Request{PersonID: p.ID, TypeID: ids["Annual leave"], From: date(20 + i%5), Session: "am", Reason: "Appointment"}, leave.Actor{}, false)
			if err == nil {
				_, err = a.Leave.Decide(ctx, orgID, personKind, kind, app.ID, leave.Cancelled, leave.Actor{}, p.ID, "")
			}
		case 6: // official duty away, approved
			_, err = a.Leave.Apply(ctx, orgID, personKind, leave.KindAway, leave.Request{PersonID: p.ID, TypeID: ids["Official duty"], From: date(-3), To: date(-2),
				Reason: "Course at the district office"}, admin, true)
		}
		if err := try(err); err != nil {
			return err
		}
	}
	return nil
}
