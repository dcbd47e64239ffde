package leave

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"hadir/internal/platform/auth"
	"hadir/internal/platform/validate"
)

// CarryRow is one person's year-end carry-forward.
type CarryRow struct {
	PersonID   int64  `json:"employee_id"`
	Code       string `json:"code"`
	Name       string `json:"name"`
	Remaining  Amount `json:"remaining"`
	Carried    Amount `json:"carried"`
	Entitled   Amount `json:"entitled"`
	ValidUntil string `json:"valid_until"`
}

// CarryForward moves what is left of a type's entitlements of a year (at most maxCarry,
// default the type's) into the next year's entitlements (created with the type's default
// amount when missing). With apply false it only computes the preview.
//
// For a type whose policy counts, what is left is the policy's balance as of the year's last
// day (SQLStore.YearBalances, the balances call's computation: accrued and pro-rated to the
// joining and leaving dates, capped, carried days expired), including the computed year of
// people without a stored row of an accruing type. A new next-year row of an accruing type
// has entitled 0: its stored entitled is an adjustment, the policy grants the year, and runs
// the whole next year (valid_until must be the year's end: the carried days expire by the
// policy's carry_expiry, and an earlier end would shorten the year's accrual).
//
// People whose leaving date is before the next period's start (1 January of the next year)
// get no carry row, of any type: they are not listed in the preview and nothing is written.
func (s *Service) CarryForward(ctx context.Context, orgID int64, kind string, typeID int64, year int, maxCarry *Amount, validUntil string, apply bool) ([]CarryRow, error) {
	t, err := s.Type(ctx, orgID, kind, typeID)
	if err != nil {
		return nil, validate.Field("leave_type_id", "validation.invalid", "the leave type is not valid")
	}
	c := validate.New()
	if year < 2000 || year > 2200 {
		c.Add("year", "validation.invalid", "year is not valid", nil)
	}
	max := t.MaxCarry
	if maxCarry != nil {
		max = *maxCarry
	}
	if max < 0 {
		c.Invalid("max_carry")
	}
	next, nextEnd := fmt.Sprintf("%04d-01-01", year+1), fmt.Sprintf("%04d-12-31", year+1)
	if validUntil == "" {
		validUntil = nextEnd
	} else if v, err := time.Parse(time.DateOnly, validUntil); err != nil || v.Format(time.DateOnly) < next {
		c.Add("valid_until", "validation.date", "valid_until must be a date in the next period", nil)
	} else if t.Policy.Accrues() && validUntil != nextEnd {
		// The next row's valid_until is the end of the period the policy accrues over: an
		// earlier one would shorten the next year's accrual, not expire the carried days
		// (those expire by the policy's carry_expiry, as the balances work it out).
		c.Add("valid_until", "validation.invalid", "an accruing type's next period runs the whole year: carried days expire by the type's carry_expiry", nil)
	}
	if err := c.Err(); err != nil {
		return nil, err
	}
	var ents []Entitlement
	if t.Policy.counts() {
		ents, err = s.store.YearBalances(ctx, orgID, kind, year, typeID)
		// in the order the stored rows are read below: by person, then period
		slices.SortStableFunc(ents, func(a, b Entitlement) int {
			return cmp.Or(cmp.Compare(a.PersonID, b.PersonID), cmp.Compare(a.PeriodStart, b.PeriodStart), cmp.Compare(a.ID, b.ID))
		})
	} else {
		ents, err = s.store.EntitlementsOfType(ctx, orgID, typeID, fmt.Sprintf("%04d-01-01", year), fmt.Sprintf("%04d-12-31", year))
	}
	if err != nil {
		return nil, err
	}
	fresh := t.DefaultAmount // a new next-year row's entitled
	if t.Policy.Accrues() {
		fresh = 0
	}
	names, err := s.store.PeopleNames(ctx, orgID)
	if err != nil {
		return nil, err
	}
	// Someone leaving before the next period starts has no next period: no carry row (not
	// listed in the preview, nothing written), whatever the type.
	gone, err := s.store.LeaversBefore(ctx, orgID, next)
	if err != nil {
		return nil, err
	}
	var rows []CarryRow
	for _, e := range ents {
		if gone[e.PersonID] {
			continue
		}
		carry := e.Balance
		if carry < 0 {
			carry = 0
		}
		if carry > max {
			carry = max
		}
		rows = append(rows, CarryRow{PersonID: e.PersonID, Code: names[e.PersonID].Code, Name: names[e.PersonID].Name, Remaining: e.Balance,
			Carried: carry, Entitled: fresh, ValidUntil: validUntil})
	}
	if !apply {
		return rows, nil
	}
	// One read of the next period's existing entitlements and one multi-row upsert, instead
	// of a lookup, a read and a write per person. Where a person has two entitlements starting
	// in the year, the later one's carry is the one kept, as writing them in turn did.
	note := fmt.Sprintf("carried forward from %d", year)
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		cur, err := s.store.EntitledAt(ctx, orgID, typeID, next)
		if err != nil {
			return err
		}
		last := map[int64]int{}
		for i, r := range rows {
			if en, ok := cur[r.PersonID]; ok {
				rows[i].Entitled = en
			}
			last[r.PersonID] = i
		}
		carries := make([]Carry, 0, len(last))
		for i, r := range rows {
			if last[r.PersonID] == i {
				carries = append(carries, Carry{PersonID: r.PersonID, Carried: r.Carried})
			}
		}
		return s.store.UpsertCarried(ctx, orgID, typeID, next, validUntil, fresh, note, carries)
	})
	if err == nil && len(rows) >= bulkAnalyzeRows {
		s.db.AnalyzeSoon("leave_entitlements")
	}
	return rows, err
}

// CalendarKey returns the secret key of the organisation's calendar feed, making a new one
// when there is none or when reset.
func (s *Service) CalendarKey(ctx context.Context, orgID int64, reset bool) (string, error) {
	k, err := s.store.CalendarKey(ctx, orgID, "")
	if err != nil {
		return "", err
	}
	if k == "" || reset {
		return s.store.CalendarKey(ctx, orgID, auth.RandomToken(24))
	}
	return k, nil
}

// Calendar renders the iCalendar feed of an organisation's approved leave and away and its
// holidays, from a year back to a year ahead.
func (s *Service) Calendar(ctx context.Context, key string) (string, error) {
	orgID, err := s.store.OrgByCalendarKey(ctx, key)
	if err != nil {
		return "", err
	}
	o, err := s.orgs.Get(ctx, orgID)
	if err != nil {
		return "", err
	}
	now := s.Now()
	from, to := now.AddDate(-1, 0, 0).Format(time.DateOnly), now.AddDate(1, 0, 0).Format(time.DateOnly)
	var b strings.Builder
	line := func(s string) { b.WriteString(foldICS(s) + "\r\n") }
	line("BEGIN:VCALENDAR")
	line("VERSION:2.0")
	line("PRODID:-//Hadir//Leave calendar//EN")
	line("CALSCALE:GREGORIAN")
	line("X-WR-CALNAME:" + escICS(o.Name+" leave"))
	line("X-WR-TIMEZONE:" + o.Timezone)
	stamp := now.UTC().Format("20060102T150405Z")
	loc, err := time.LoadLocation(o.Timezone)
	if err != nil {
		loc = time.UTC
	}
	// event writes an all-day event over [start, end] (dates), or with times (HH:MM in the
	// organisation's zone, a partial-day range of start) a timed one, in UTC (RFC 5545 form
	// 2, so the feed needs no VTIMEZONE and any reader shows it at the right hour).
	event := func(uid, summary, start, end, fromTime, toTime string) {
		line("BEGIN:VEVENT")
		line("UID:" + uid)
		line("DTSTAMP:" + stamp)
		f, errF := time.ParseInLocation("2006-01-02 15:04", start+" "+fromTime, loc)
		t, errT := time.ParseInLocation("2006-01-02 15:04", start+" "+toTime, loc)
		if fromTime != "" && toTime != "" && errF == nil && errT == nil {
			line("DTSTART:" + f.UTC().Format("20060102T150405Z"))
			line("DTEND:" + t.UTC().Format("20060102T150405Z"))
		} else {
			e, _ := time.Parse(time.DateOnly, end)
			line("DTSTART;VALUE=DATE:" + strings.ReplaceAll(start, "-", ""))
			line("DTEND;VALUE=DATE:" + e.AddDate(0, 0, 1).Format("20060102"))
		}
		line("SUMMARY:" + escICS(summary))
		line("TRANSP:TRANSPARENT")
		line("END:VEVENT")
	}
	for _, kind := range []string{KindLeave, KindAway} {
		apps, _, err := s.store.Applications(ctx, orgID, AppFilter{Kind: kind, Status: Approved, From: from, To: to}, pageAll)
		if err != nil {
			return "", err
		}
		sort.Slice(apps, func(i, j int) bool { return apps[i].ID < apps[j].ID })
		for _, a := range apps {
			summary := a.PersonName + " – " + a.TypeName
			if a.Session != "full" && a.Session != SessionHours {
				summary += " (" + strings.ToUpper(a.Session) + ")"
			}
			event(fmt.Sprintf("%s-%d@hadir", kind, a.ID), summary, a.From, a.To, a.FromTime, a.ToTime)
		}
	}
	hs, err := s.holidays(ctx, orgID, from, to)
	if err != nil {
		return "", err
	}
	for _, h := range hs {
		event(fmt.Sprintf("holiday-%d@hadir", h.id), h.name, h.start, h.end, "", "")
	}
	line("END:VCALENDAR")
	return b.String(), nil
}

type holidayRow struct {
	id               int64
	name, start, end string
}

func (s *Service) holidays(ctx context.Context, orgID int64, from, to string) ([]holidayRow, error) {
	rows, err := s.store.q(ctx).QueryContext(ctx, `SELECT id, name, start_date, end_date FROM holidays WHERE org_id = $1 AND end_date >= $2 AND start_date <= $3 ORDER BY start_date`, orgID, from, to)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []holidayRow
	for rows.Next() {
		var h holidayRow
		if err := rows.Scan(&h.id, &h.name, &h.start, &h.end); err != nil {
			return nil, err
		}
		out = append(out, h)
	}
	return out, rows.Err()
}
