package leave

import (
	"context"
	"fmt"
	"sort"
	"strconv"
)

// LedgerRow is one person's year of one type: entitlement, what was taken month by month,
// what is pending, and the balance.
type LedgerRow struct {
	PersonID int64      `json:"employee_id"`
	Code     string     `json:"code"`
	Name     string     `json:"name"`
	TypeID   int64      `json:"leave_type_id"`
	TypeName string     `json:"leave_type"`
	Entitled Amount     `json:"entitled"`
	Carried  Amount     `json:"carried_over"`
	Expired  Amount     `json:"expired"`
	Taken    Amount     `json:"taken"`
	Pending  Amount     `json:"pending"`
	Balance  Amount     `json:"balance"`
	Months   [12]Amount `json:"months"`
	// byPolicy: the figures are the policy's (YearBalances), not the stored ones.
	byPolicy bool
}

// Ledger is the year's leave ledger of every person of a kind: one row per person and type
// that has an entitlement or an application in the year, computed with three set-based
// queries (people, entitlements, applications grouped by month). An application counts in
// the month it starts.
//
// For a type whose policy counts (accrual, pro-rata, a maximum balance, carried days
// expiring), entitled, carried, expired, taken, pending and the balance are instead the
// policy's figures as of the year's last day, summed over the person's periods starting in
// the year, from the balances call's computation (SQLStore.YearBalances): an accruing type
// has a row for everyone employed in the year, stored or not. The year's periods are the
// ones starting in it, each once: for someone without a stored period in force on 31
// December, the period the policy computes then (computedPeriod, which follows a July-to-June
// cadence rather than adding a calendar year over a period started the year before).
func (s *Service) Ledger(ctx context.Context, orgID int64, kind, personKind string, year int) ([]LedgerRow, error) {
	if err := validKind(kind); err != nil {
		return nil, err
	}
	from, to := fmt.Sprintf("%04d-01-01", year), fmt.Sprintf("%04d-12-31", year)
	q := s.store.q(ctx)
	type key struct{ person, typ int64 }
	rows := map[key]*LedgerRow{}
	get := func(p, t int64) *LedgerRow {
		k := key{p, t}
		if rows[k] == nil {
			rows[k] = &LedgerRow{PersonID: p, TypeID: t}
		}
		return rows[k]
	}
	ents, err := q.QueryContext(ctx, `SELECT e.person_id, e.type_id, SUM(e.entitled), SUM(e.carried) FROM leave_entitlements e JOIN leave_types t ON t.id = e.type_id
		WHERE e.org_id = $1 AND t.kind = $2 AND e.period_start >= $3 AND e.period_start <= $4 GROUP BY e.person_id, e.type_id`, orgID, kind, from, to)
	if err != nil {
		return nil, err
	}
	for ents.Next() {
		var p, t int64
		var en, ca Amount
		if err := ents.Scan(&p, &t, &en, &ca); err != nil {
			ents.Close()
			return nil, err
		}
		r := get(p, t)
		r.Entitled, r.Carried = en, ca
	}
	ents.Close()
	apps, err := q.QueryContext(ctx, `SELECT person_id, type_id, substr(from_date, 6, 2), status, SUM(amount) FROM leave_applications
		WHERE org_id = $1 AND kind = $2 AND from_date >= $3 AND from_date <= $4 AND status IN ('approved', 'pending')
		GROUP BY person_id, type_id, substr(from_date, 6, 2), status`, orgID, kind, from, to)
	if err != nil {
		return nil, err
	}
	for apps.Next() {
		var p, t int64
		var m, st string
		var amt Amount
		if err := apps.Scan(&p, &t, &m, &st, &amt); err != nil {
			apps.Close()
			return nil, err
		}
		r := get(p, t)
		if st == Pending {
			r.Pending += amt
			continue
		}
		r.Taken += amt
		if mi, err := strconv.Atoi(m); err == nil && mi >= 1 && mi <= 12 {
			r.Months[mi-1] += amt
		}
	}
	apps.Close()
	names, err := s.store.PeopleNames(ctx, orgID)
	if err != nil {
		return nil, err
	}
	types, _, err := s.store.Types(ctx, orgID, kind, "", pageAll)
	if err != nil {
		return nil, err
	}
	typeName := map[int64]string{}
	counting := false
	for _, t := range types {
		typeName[t.ID] = t.Name
		counting = counting || t.Policy.counts()
	}
	if counting {
		ents, err := s.store.YearBalances(ctx, orgID, kind, year, 0)
		if err != nil {
			return nil, err
		}
		policyOf := map[int64]bool{}
		for _, t := range types {
			policyOf[t.ID] = t.Policy.counts()
		}
		for _, e := range ents {
			if !policyOf[e.TypeID] {
				continue
			}
			r := get(e.PersonID, e.TypeID)
			if !r.byPolicy { // the first period of the row: the policy's figures replace the stored ones
				r.byPolicy = true
				r.Entitled, r.Carried, r.Taken, r.Pending = 0, 0, 0, 0
			}
			r.Entitled += e.Entitled
			r.Carried += e.Carried
			r.Expired += e.Expired
			r.Taken += e.Taken
			r.Pending += e.Pending
			r.Balance += e.Balance
		}
	}
	out := make([]LedgerRow, 0, len(rows))
	for _, r := range rows {
		if personKind != "" && personKind != "school" && names[r.PersonID].Kind != personKind {
			continue
		}
		r.Code, r.Name, r.TypeName = names[r.PersonID].Code, names[r.PersonID].Name, typeName[r.TypeID]
		if !r.byPolicy {
			r.Balance = r.Entitled + r.Carried - r.Taken
		}
		out = append(out, *r)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Code != out[j].Code {
			return out[i].Code < out[j].Code
		}
		return out[i].TypeName < out[j].TypeName
	})
	return out, nil
}
