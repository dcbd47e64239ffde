package attendance

import (
	"context"
	"strconv"
	"strings"
	"time"
)

// SourceImport is the source of punches imported from a file of another system (a CSV that
// names no terminal). A terminal's own USB log is imported with that terminal's source, so
// its lines already pushed over the network are duplicates (issue 14, offline logs).
const SourceImport = "import"

// PunchKey is what makes a punch one punch: the unique index punches_once over (person,
// source, instant, state).
type PunchKey struct {
	PersonID int64
	AtUnix   int64
	State    int
}

// StoredPunchKeys returns the keys of the organisation's punches of one source in [from, to]
// (whole seconds), so an import can tell new punches from ones already stored.
func (s *Service) StoredPunchKeys(ctx context.Context, orgID int64, source string, from, to time.Time) (map[PunchKey]bool, error) {
	rows, err := s.store.q(ctx).QueryContext(ctx, `SELECT person_id, at_unix, state FROM punches WHERE org_id = $1 AND source = $2 AND at_unix >= $3 AND at_unix <= $4`,
		orgID, source, from.Unix(), to.Unix())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[PunchKey]bool{}
	for rows.Next() {
		var k PunchKey
		if err := rows.Scan(&k.PersonID, &k.AtUnix, &k.State); err != nil {
			return nil, err
		}
		out[k] = true
	}
	return out, rows.Err()
}

// PersonNames returns the full names of some people of the organisation, by id.
func (s *Service) PersonNames(ctx context.Context, orgID int64, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	if len(ids) == 0 {
		return out, nil
	}
	args := []any{orgID}
	in := make([]string, 0, len(ids))
	for _, id := range ids {
		args = append(args, id)
		in = append(in, "$"+strconv.Itoa(len(args)))
	}
	rows, err := s.store.q(ctx).QueryContext(ctx, `SELECT id, first_name, last_name FROM people WHERE org_id = $1 AND id IN (`+strings.Join(in, ", ")+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var first, last string
		if err := rows.Scan(&id, &first, &last); err != nil {
			return nil, err
		}
		out[id] = strings.TrimSpace(first + " " + last)
	}
	return out, rows.Err()
}
