package leave

import (
	"context"
	"database/sql"
	"errors"
)

// Policies at read time: an entitlement of a type whose policy counts (accrual, a maximum
// balance or the expiry of carried days) is worked out by Policy.Compute from its stored row
// (entitled is then a manual adjustment, carried what the year-end carried in), the person's
// joining and leaving dates and the dated approved applications of its period. Nothing the
// policy computes is stored. A person without an entitlement row of an accruing type in force
// gets a computed period (ID 0) while employed in it: the calendar year, or the year-long
// period continuing the cadence of their stored periods (computedPeriod).

// counts reports whether a policy changes balances (else the rows are as typed).
func (p Policy) counts() bool { return p.Accrues() || p.MaxBalance > 0 || p.CarryExpiry != "" }

// yearPeriod is the calendar year of a date.
func yearPeriod(date string) (string, string) {
	return date[:4] + "-01-01", date[:4] + "-12-31"
}

// computedPeriod is the period of an accruing type that the policy uses on a date for a
// person without a stored row of the type in force then: the year-long period covering the
// date that continues the cadence of the person's latest stored period ending before it
// (lastEnd; a leave year running July to June goes on from 1 July), cut short the day
// before the person's next stored period (nextStart), so that no day falls in two periods
// and none is accrued twice. Without an earlier row (or after one ending on 31 December)
// it is the calendar year of the date.
func computedPeriod(date, lastEnd, nextStart string) (string, string) {
	var start, end string
	if lastEnd == "" || lastEnd[4:] == "-12-31" {
		start, end = yearPeriod(date)
	} else {
		d, s := parseDay(date), civilFromDays(parseDay(lastEnd).n+1)
		k := d.y - s.y
		if dateOf(s.y+k, s.m, s.d).n > d.n {
			k--
		}
		var b [10]byte
		from, to := dateOf(s.y+k, s.m, s.d), dateOf(s.y+k+1, s.m, s.d).n-1
		start = string(appendDate(b[:0], from))
		end = string(appendDate(b[:0], civilFromDays(to)))
	}
	if nextStart != "" && nextStart <= end {
		var b [10]byte
		end = string(appendDate(b[:0], civilFromDays(parseDay(nextStart).n-1)))
	}
	return start, end
}

// employedIn reports whether joining and leaving dates overlap a period.
func employedIn(join, leaving, start, end string) bool {
	return (join == "" || join <= end) && (leaving == "" || leaving >= start)
}

// applyPolicy fills an entitlement's figures and its breakdown, written to bd, from the
// policy.
func applyPolicy(e *Entitlement, t Type, asOf, join, leaving string, takes []Take, bd *Breakdown) {
	if asOf < e.PeriodStart {
		asOf = e.PeriodStart
	}
	if asOf > e.ValidUntil {
		asOf = e.ValidUntil
	}
	b := t.Policy.Compute(PolicyInput{PeriodStart: e.PeriodStart, PeriodEnd: e.ValidUntil, AsOf: asOf, Join: join, Leaving: leaving,
		Adjustment: e.Entitled, Carried: e.Carried, MaxCarry: t.MaxCarry, Takes: takes, Pending: e.Pending})
	e.Entitled = b.Adjustment + b.Accrued - b.Capped
	e.Carried, e.Expired, e.Taken, e.Balance, e.Available = b.Carried, b.Expired, b.Taken, b.Balance, b.Available
	*bd = b
	e.Breakdown = bd
}

// personDates returns a person's joining and leaving dates (” for none).
func (s *SQLStore) personDates(ctx context.Context, orgID, personID int64) (join, leaving string, err error) {
	err = s.q(ctx).QueryRowContext(ctx, `SELECT COALESCE(join_date, ''), COALESCE(leaving_date, '') FROM people WHERE org_id = $1 AND id = $2`,
		orgID, personID).Scan(&join, &leaving)
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	return join, leaving, err
}

// takes lists the approved applications of a person's type starting in a period.
func (s *SQLStore) takes(ctx context.Context, orgID, personID, typeID int64, from, to string) ([]Take, Amount, error) {
	rows, err := s.q(ctx).QueryContext(ctx, `SELECT from_date, amount, status FROM leave_applications WHERE org_id = $1 AND person_id = $2 AND type_id = $3
		AND from_date >= $4 AND from_date <= $5 AND status IN ('approved', 'pending')`, orgID, personID, typeID, from, to)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []Take
	var pending Amount
	for rows.Next() {
		var t Take
		var st string
		if err := rows.Scan(&t.Date, &t.Amount, &st); err != nil {
			return nil, 0, err
		}
		if st == Pending {
			pending += t.Amount
		} else {
			out = append(out, t)
		}
	}
	return out, pending, rows.Err()
}

// withPolicies applies the types' policies to entitlements read one person at a time.
func (s *Service) withPolicies(ctx context.Context, orgID int64, asOf string, ents []Entitlement) error {
	types := map[int64]Type{}
	for i := range ents {
		e := &ents[i]
		t, ok := types[e.TypeID]
		if !ok {
			var err error
			if t, err = s.store.Type(ctx, orgID, e.TypeID); err != nil {
				return err
			}
			types[e.TypeID] = t
		}
		if !t.Policy.counts() {
			continue
		}
		join, leaving, err := s.store.personDates(ctx, orgID, e.PersonID)
		if err != nil {
			return err
		}
		takes, _, err := s.store.takes(ctx, orgID, e.PersonID, e.TypeID, e.PeriodStart, e.ValidUntil)
		if err != nil {
			return err
		}
		applyPolicy(e, t, asOf, join, leaving, takes, new(Breakdown))
	}
	return nil
}

// entitlementOn is the person's entitlement of a type on a date with its policy applied, as
// of the later of today and the date (what will have accrued by then): the stored row, or
// for an accruing type the computed period (computedPeriod: the calendar year, or the cadence
// of the person's stored periods) while the person is employed in it.
func (s *Service) entitlementOn(ctx context.Context, orgID, personID int64, typ Type, date string) (Entitlement, error) {
	today, err := s.today(ctx, orgID)
	if err != nil {
		return Entitlement{}, err
	}
	asOf := max(today, date)
	ent, err := s.store.EntitlementOn(ctx, orgID, personID, typ.ID, date)
	if errors.Is(err, ErrNoEntitlement) && typ.Policy.Accrues() {
		join, leaving, err := s.store.personDates(ctx, orgID, personID)
		if err != nil {
			return Entitlement{}, err
		}
		start, end := yearPeriod(date)
		around, err := s.store.periodsAround(ctx, orgID, typ.Kind, date, "", personID, typ.ID)
		if err != nil {
			return Entitlement{}, err
		}
		if len(around) > 0 {
			start, end = computedPeriod(date, around[0].lastEnd, around[0].nextStart)
		}
		if !employedIn(join, leaving, start, end) {
			return Entitlement{}, ErrNoEntitlement
		}
		ent = Entitlement{PersonID: personID, TypeID: typ.ID, TypeName: typ.Name, Unit: typ.Unit, PeriodStart: start, ValidUntil: end}
		takes, pending, err := s.store.takes(ctx, orgID, personID, typ.ID, start, end)
		if err != nil {
			return Entitlement{}, err
		}
		ent.Pending = pending
		applyPolicy(&ent, typ, asOf, join, leaving, takes, new(Breakdown))
		return ent, nil
	}
	if err != nil {
		return ent, err
	}
	ents := []Entitlement{ent}
	if err := s.withPolicies(ctx, orgID, asOf, ents); err != nil {
		return ent, err
	}
	return ents[0], nil
}
