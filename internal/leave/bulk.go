package leave

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"hadir/internal/attendance"
	"hadir/internal/platform/database"
	"hadir/internal/platform/mail"
	"hadir/internal/platform/validate"
)

// MaxBulkAssignments bounds the assignments of one bulk call.
const MaxBulkAssignments = 20000

// BulkAssign stores assignments (applications an admin makes, approved at once) for many
// people in one transaction: all of them, or none when one fails. Each is checked as Apply
// checks an assignment, in order, against the ledger as the assignments before it in the list
// leave it (an overlap with an earlier one, or a balance an earlier one used up, is refused
// as it would be one call after the other). The fields of every assignment are checked
// first, then the people (another organisation's person is not found, whatever the rest),
// then the types, then each assignment's days, overlaps and balance. An error names the
// assignment: assignments[3].from_date.
//
// The work is set-based: one statement each for the people, their schedules, their pending
// and approved applications and their entitlements with balances, and multi-row inserts,
// instead of seven statements per assignment (115 assignments a second, issue 16).
// A type whose policy counts (accrual, a maximum balance, carried days that expire) is the
// exception: its balance is worked out per person, type and period as Apply reads it, since an
// accruing type has no stored row to check. Blackout dates and minimum notice do not stop an
// admin's assignment; each application records which it set aside (policy_override).
func (s *Service) BulkAssign(ctx context.Context, orgID int64, personKind, kind string, rs []Request, by Actor) (int, error) {
	if err := validKind(kind); err != nil {
		return 0, err
	}
	if len(rs) == 0 {
		return 0, validate.Field("assignments", "validation.required", "list at least one assignment")
	}
	if len(rs) > MaxBulkAssignments {
		return 0, validate.Field("assignments", "validation.max_items", "at most "+strconv.Itoa(MaxBulkAssignments)+" assignments in one call")
	}
	types, _, err := s.store.Types(ctx, orgID, kind, "", pageAll)
	if err != nil {
		return 0, err
	}
	typeOf := make(map[int64]Type, len(types))
	for _, t := range types {
		typeOf[t.ID] = t
	}
	minFrom, maxFrom, maxTo := "", "", ""
	ids := make([]int64, 0, len(rs))
	for i := range rs {
		r, err := checkRequest(rs[i])
		if err != nil {
			return 0, itemError(i, err)
		}
		rs[i] = r
		ids = append(ids, r.PersonID)
		if minFrom == "" || r.From < minFrom {
			minFrom = r.From
		}
		maxFrom, maxTo = max(maxFrom, r.From), max(maxTo, r.To)
	}
	ids = distinct(ids)
	today, err := s.today(ctx, orgID)
	if err != nil {
		return 0, err
	}
	n := 0
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		people, err := s.store.PeopleRows(ctx, orgID, ids, true)
		if err != nil {
			return err
		}
		for _, r := range rs {
			if p, ok := people[r.PersonID]; !ok || !attendance.KindMatches(personKind, p.Kind) {
				return ErrNotFound
			}
		}
		for i, r := range rs {
			typ, ok := typeOf[r.TypeID]
			if !ok {
				return itemError(i, validate.Field("leave_type_id", "validation.invalid", "the leave type is not valid"))
			}
			if rs[i], err = checkRequestType(r, typ); err != nil {
				return itemError(i, err)
			}
		}
		cal, err := s.calendar.WorkCalendar(ctx, orgID, ids, minFrom, maxTo)
		if err != nil {
			return err
		}
		active, err := s.store.ActiveApplications(ctx, orgID, ids, minFrom, maxTo)
		if err != nil {
			return err
		}
		ents, err := s.store.EntitlementsBetween(ctx, orgID, ids, minFrom, maxFrom)
		if err != nil {
			return err
		}
		type pt struct{ person, typ int64 }
		// A type whose policy counts (accrual, a maximum balance, expiry of carried days) has
		// its balances worked out as Apply reads them (entitlementOn), once per person, type
		// and period; the assignments before it in the list are then taken from that figure.
		computed := map[pt][]*Entitlement{}
		policyOn := func(r Request, typ Type) (*Entitlement, error) {
			k := pt{r.PersonID, typ.ID}
			for _, e := range computed[k] {
				if e.PeriodStart <= r.From && e.ValidUntil >= r.From {
					return e, nil
				}
			}
			e, err := s.entitlementOn(ctx, orgID, r.PersonID, typ, r.From)
			if errors.Is(err, ErrNoEntitlement) {
				return nil, nil
			}
			if err != nil {
				return nil, err
			}
			computed[k] = append(computed[k], &e)
			return &e, nil
		}
		entsOf := map[pt][]*Entitlement{}
		for i := range ents {
			k := pt{ents[i].PersonID, ents[i].TypeID}
			entsOf[k] = append(entsOf[k], &ents[i])
		}
		now := database.Now()
		apps := make([]Application, 0, len(rs))
		for i, r := range rs {
			typ := typeOf[r.TypeID]
			days, err := cal.Days(r.PersonID, r.From, r.To)
			if err != nil {
				return itemError(i, err)
			}
			amount, err := amountFor(len(days), typ, r)
			if err != nil {
				return itemError(i, err)
			}
			if overlapsAny(active[r.PersonID], r) {
				return itemError(i, ErrOverlap)
			}
			// Blackout dates and minimum notice do not stop an admin's assignment; the
			// application records which it set aside, as a single assignment does.
			override := ""
			if broken, err := typ.Policy.DateRules(r.From, r.To, today); err != nil {
				override = strings.Join(broken, ",")
			}
			if typ.Policy.counts() {
				on, err := policyOn(r, typ)
				if err != nil {
					return err
				}
				if !typ.AllowNegative {
					if on == nil {
						return itemError(i, ErrNoEntitlement)
					}
					if err := checkAvailable(*on, r, amount); err != nil {
						return itemError(i, err)
					}
				}
				if on != nil {
					on.Taken += amount
					on.Balance -= amount
					on.Available -= amount
				}
				app := Application{OrgID: orgID, PersonID: r.PersonID, TypeID: typ.ID, Kind: kind, From: r.From, To: r.To, Session: r.Session, Amount: amount,
					FromTime: r.FromTime, ToTime: r.ToTime, Reason: r.Reason, Status: Approved, Assignment: true, DecidedBy: by.Name, DecidedAt: &now, PolicyOverride: override}
				active[r.PersonID] = append(active[r.PersonID], app)
				apps = append(apps, app)
				continue
			}
			// The entitlements whose period holds the start: the latest is the one Apply
			// checks; all of them count this assignment as taken.
			var holding []*Entitlement
			var on *Entitlement
			for _, e := range entsOf[pt{r.PersonID, r.TypeID}] {
				if e.PeriodStart <= r.From && e.ValidUntil >= r.From {
					holding = append(holding, e)
					if on == nil || e.PeriodStart > on.PeriodStart {
						on = e
					}
				}
			}
			if !typ.AllowNegative {
				if on == nil {
					return itemError(i, ErrNoEntitlement)
				}
				if err := checkAvailable(*on, r, amount); err != nil {
					return itemError(i, err)
				}
			}
			for _, e := range holding {
				e.Taken += amount
				e.compute()
			}
			app := Application{OrgID: orgID, PersonID: r.PersonID, TypeID: typ.ID, Kind: kind, From: r.From, To: r.To, Session: r.Session, Amount: amount,
				FromTime: r.FromTime, ToTime: r.ToTime, Reason: r.Reason, Status: Approved, Assignment: true, DecidedBy: by.Name, DecidedAt: &now, PolicyOverride: override}
			active[r.PersonID] = append(active[r.PersonID], app)
			apps = append(apps, app)
		}
		if err := s.store.InsertApplications(ctx, apps, by.UserID); err != nil {
			return err
		}
		var msgs []mail.Message
		for _, a := range apps {
			if p := people[a.PersonID]; p.Email != "" {
				msgs = append(msgs, s.decisionMessage(orgID, p, a, typeOf[a.TypeID]))
			}
		}
		if bm, ok := s.mail.(batchMailer); ok {
			if err := bm.EnqueueMany(ctx, msgs); err != nil {
				return err
			}
		} else {
			for _, m := range msgs {
				if err := s.mail.Enqueue(ctx, m); err != nil {
					return err
				}
			}
		}
		n = len(apps)
		return nil
	})
	if err != nil {
		return 0, err
	}
	if n >= bulkAnalyzeRows {
		s.db.AnalyzeSoon("leave_applications", "outbox")
	}
	return n, nil
}

// itemError names the assignment a refusal is about: its fields become
// assignments[i].field, and the domain's refusals the field the single call names.
func itemError(i int, err error) error {
	prefix := "assignments[" + strconv.Itoa(i) + "]."
	var ve validate.Errors
	if errors.As(err, &ve) {
		out := make(validate.Errors, len(ve))
		for k, v := range ve {
			out[prefix+k] = v
		}
		return out
	}
	for _, m := range []struct {
		err                  error
		field, code, message string
	}{
		{ErrOverlap, "from_date", "leave.overlap", "the dates overlap another pending or approved application"},
		{ErrInsufficient, "to_date", "leave.insufficient_balance", "the balance is not enough for this application"},
		{ErrAttachmentRequired, "attachment", "leave.attachment_required", "this type needs an attachment"},
		{ErrNoWorkingDays, "from_date", "leave.no_working_days", "the dates hold no working day of the schedule"},
		{ErrNoEntitlement, "leave_type_id", "leave.no_entitlement", "there is no entitlement of this type for these dates"},
	} {
		if errors.Is(err, m.err) {
			msg := m.message
			if detail, ok := strings.CutPrefix(err.Error(), m.err.Error()+": "); ok {
				msg += " (" + detail + ")"
			}
			return validate.Field(prefix+m.field, m.code, "assignment "+strconv.Itoa(i+1)+": "+msg)
		}
	}
	return err
}

// PeopleRows returns the listed active people of the organisation; on PostgreSQL inside a
// transaction it locks their rows, as Person does for one.
func (s *SQLStore) PeopleRows(ctx context.Context, orgID int64, ids []int64, lock bool) (map[int64]PersonRow, error) {
	set, arg := s.idSet(2, ids)
	q := `SELECT p.id, p.kind, p.code, p.first_name || ' ' || p.last_name, CASE WHEN p.email <> '' THEN p.email ELSE COALESCE(u.email, '') END, COALESCE(p.user_id, 0)
		FROM people p LEFT JOIN users u ON u.id = p.user_id WHERE p.org_id = $1 AND p.id IN ` + set + ` AND p.archived_at IS NULL`
	if lock && s.db.Dialect == database.Postgres {
		q += ` FOR UPDATE OF p`
	}
	rows, err := s.q(ctx).QueryContext(ctx, q, orgID, arg)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make(map[int64]PersonRow, len(ids))
	for rows.Next() {
		var p PersonRow
		if err := rows.Scan(&p.ID, &p.Kind, &p.Code, &p.Name, &p.Email, &p.UserID); err != nil {
			return nil, err
		}
		p.Name = strings.TrimSpace(p.Name)
		out[p.ID] = p
	}
	return out, rows.Err()
}

// ActiveApplications returns, per person, the pending and approved applications (of either
// kind) of some people that touch [from, to].
func (s *SQLStore) ActiveApplications(ctx context.Context, orgID int64, ids []int64, from, to string) (map[int64][]Application, error) {
	set, arg := s.idSet(4, ids)
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT a.person_id, a.from_date, a.to_date, a.session, a.from_time, a.to_time FROM leave_applications a
		WHERE a.org_id = $1 AND a.person_id IN `+set+` AND a.status IN ('pending', 'approved') AND a.from_date <= $3 AND a.to_date >= $2`, orgID, from, to, arg)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64][]Application{}
	for rows.Next() {
		var a Application
		if err := rows.Scan(&a.PersonID, &a.From, &a.To, &a.Session, &a.FromTime, &a.ToTime); err != nil {
			return nil, err
		}
		out[a.PersonID] = append(out[a.PersonID], a)
	}
	return out, rows.Err()
}

// EntitlementsBetween returns the entitlements of some people, with balances, whose period
// holds a date in [from, to].
func (s *SQLStore) EntitlementsBetween(ctx context.Context, orgID int64, ids []int64, from, to string) ([]Entitlement, error) {
	set, arg := s.idSet(4, ids)
	rows, err := s.q(ctx).QueryContext(ctx, entitlementSelect+` WHERE e.org_id = $1 AND e.person_id IN `+set+` AND e.period_start <= $3 AND e.valid_until >= $2`,
		orgID, from, to, arg)
	if err != nil {
		return nil, err
	}
	return scanEntitlements(rows)
}

// InsertApplications stores applications with multi-row statements.
func (s *SQLStore) InsertApplications(ctx context.Context, apps []Application, createdBy int64) error {
	const per = 350 // rows per statement: 6,650 parameters
	var by any
	if createdBy > 0 {
		by = createdBy
	}
	now := database.Now()
	for i := 0; i < len(apps); i += per {
		chunk := apps[i:min(i+per, len(apps))]
		var b strings.Builder
		b.WriteString(`INSERT INTO leave_applications (org_id, person_id, type_id, kind, from_date, to_date, session, amount, reason, status,
			assignment, created_by, decided_by_name, decided_at, created_at, updated_at, policy_override, from_time, to_time) VALUES `)
		args := make([]any, 0, len(chunk)*19)
		for j, a := range chunk {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("(")
			for k, v := range []any{a.OrgID, a.PersonID, a.TypeID, a.Kind, a.From, a.To, a.Session, a.Amount, a.Reason, a.Status, a.Assignment, by, a.DecidedBy, a.DecidedAt, now, now, a.PolicyOverride, a.FromTime, a.ToTime} {
				if k > 0 {
					b.WriteString(", ")
				}
				args = append(args, v)
				b.WriteString(s.db.Placeholder(len(args)))
			}
			b.WriteString(")")
		}
		if _, err := s.q(ctx).ExecContext(ctx, b.String(), args...); err != nil {
			return database.MapError(err)
		}
	}
	if len(apps) == 0 {
		return nil
	}
	return s.appsChanged(ctx, apps[0].OrgID)
}
