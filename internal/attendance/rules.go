package attendance

import (
	"context"
	"slices"

	"hadir/internal/platform/database"
)

// orgRules is what every report, list and punch of an organisation reads whatever its dates
// and people: the groups' schedule versions, the versions of the patterns groups follow, the
// holidays and whether any roster entry exists. It changes only when a manager edits a
// group, a schedule, a pattern choice, a holiday or the roster, so it is cached per
// organisation (database.Cached, key rulesKey) and forgotten on every node by those changes
// (rulesChanged): the daily list ran 11 statements per call, five of them these, each a
// round trip on PostgreSQL (issue 9, "PostgreSQL within 1.5× of SQLite").
//
// The cached value is shared by concurrent requests: nothing may change its slices.
type orgRules struct {
	versions []Version
	patterns []PatternVersion
	holidays []Holiday // every holiday, by start date (as ListHolidays orders them)
	roster   bool      // some roster entry exists (a false answer saves the per-page read)
}

const rulesKey = "attendance:rules"

// rulesChanged tells the cache (on every node) that a change in the transaction of ctx, or
// just made, alters the organisation's rules.
func (s *SQLStore) rulesChanged(ctx context.Context, orgID int64) error {
	return s.db.OrgChanged(ctx, orgID)
}

// rules returns the organisation's rules, from the cache or read now.
func (s *Service) rules(ctx context.Context, orgID int64) (*orgRules, error) {
	v, err := s.db.Cached(ctx, orgID, rulesKey, func() (any, error) {
		r := &orgRules{}
		var err error
		if r.versions, err = s.store.Versions(ctx, orgID, nil); err != nil {
			return nil, err
		}
		current, err := s.store.GroupPatterns(ctx, orgID)
		if err != nil {
			return nil, err
		}
		history, err := s.store.PatternVersions(ctx, orgID)
		if err != nil {
			return nil, err
		}
		r.patterns = patternVersions(history, current)
		if r.holidays, _, err = s.store.ListHolidays(ctx, orgID, "", "", "", database.Page{}); err != nil {
			return nil, err
		}
		if r.roster, err = s.store.HasRoster(ctx, orgID); err != nil {
			return nil, err
		}
		return r, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*orgRules), nil
}

// holidayNames is the name of the holiday on each date of a span's [from, to] ("" none);
// where two overlap, the later-starting one names the date, as the list orders them.
func (r *orgRules) holidayNames(sp span) []string {
	out := make([]string, sp.n)
	if sp.n == 0 {
		return out
	}
	from, to := sp.dates[1], sp.dates[len(sp.dates)-1]
	for _, h := range r.holidays {
		if h.End < from || h.Start > to {
			continue
		}
		for i := 0; i < sp.n; i++ {
			if ds := sp.dates[i+1]; h.Start <= ds && ds <= h.End {
				out[i] = h.Name
			}
		}
	}
	return out
}

// overrides returns the manual statuses of [from, to]. Those of a single day (the daily
// list's, read on every call) are cached like the rules and forgotten by every change of one
// (SetOverride calls rulesChanged) and by an erasure, which blanks their remarks; a longer
// range is read each time. The cached map is shared: nothing may change it.
func (s *Service) overrides(ctx context.Context, orgID int64, from, to string) (map[int64]map[string]Manual, error) {
	if from != to {
		return s.store.Overrides(ctx, orgID, from, to)
	}
	v, err := s.db.Cached(ctx, orgID, "attendance:overrides:"+from, func() (any, error) {
		return s.store.Overrides(ctx, orgID, from, to)
	})
	if err != nil {
		return nil, err
	}
	return v.(map[int64]map[string]Manual), nil
}

const membersKey = "attendance:memberships"

// memberships returns the memberships of some people (all when ids is empty) overlapping
// [from, to], in the order the store gives them (by person, then start), picked from the
// organisation's whole membership history: read once and kept by database.Cached, like the
// rules. A page of a report then costs no statement for its groups. What changes the history
// forgets it on every node: changeMembers (joining and leaving, one OrgChanged per batch) and
// DeleteGroup. Inside a transaction the store answers, as it sees the transaction's writes.
func (s *Service) memberships(ctx context.Context, orgID int64, ids []int64, from, to string) ([]Membership, error) {
	if database.InTx(ctx) {
		return s.store.Memberships(ctx, orgID, ids, from, to)
	}
	v, err := s.db.Cached(ctx, orgID, membersKey, func() (any, error) {
		all, err := s.store.Memberships(ctx, orgID, nil, "0000-01-01", "9999-12-31")
		if err != nil {
			return nil, err
		}
		by := make(map[int64][]Membership)
		for _, m := range all {
			by[m.PersonID] = append(by[m.PersonID], m)
		}
		return by, nil
	})
	if err != nil {
		return nil, err
	}
	by := v.(map[int64][]Membership)
	if len(ids) == 0 {
		ids = make([]int64, 0, len(by))
		for id := range by {
			ids = append(ids, id)
		}
	} else {
		ids = slices.Clone(ids)
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	var out []Membership
	for _, id := range ids {
		for _, m := range by[id] {
			if m.From <= to && (m.To == "" || m.To >= from) {
				out = append(out, m)
			}
		}
	}
	return out, nil
}
