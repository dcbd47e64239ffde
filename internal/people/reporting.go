package people

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"hadir/internal/platform/validate"
)

// Reporting lines (issue 12, DESIGN §10 "Reporting lines are data"): a person may have a
// manager, another person of the same organisation, and a department may have a head. The
// approval chains resolve their "manager" and "department_head" levels through these, and the
// route table's manager actor checks them; nothing else about managing is stored.

// maxChain bounds the walk up a reporting line; a real organisation is far shallower, and a
// corrupt chain (which the cycle check keeps out) must not loop for ever.
const maxChain = 1000

// ManagerRef is a person's manager as shown in the job area.
type ManagerRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// popID removes an id field from a JSON object and returns it (0 when absent, null, 0 or "").
// The forms send ids as numbers or strings; anything else is refused naming the field.
func popID(raw json.RawMessage, field string) (json.RawMessage, int64, bool, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		return raw, 0, false, nil // decodeArea reports the malformed body
	}
	v, ok := m[field]
	if !ok {
		return raw, 0, false, nil
	}
	delete(m, field)
	rest, _ := json.Marshal(m)
	id, err := parseID(v)
	if err != nil {
		return rest, 0, true, validate.Field(field, "validation.invalid", fmt.Sprintf("%s is not valid", field))
	}
	return rest, id, true, nil
}

func parseID(v json.RawMessage) (int64, error) {
	var n any
	if err := json.Unmarshal(v, &n); err != nil {
		return 0, err
	}
	switch x := n.(type) {
	case nil:
		return 0, nil
	case float64:
		if x < 0 || x != float64(int64(x)) {
			return 0, errors.New("not an id")
		}
		return int64(x), nil
	case string:
		if x == "" {
			return 0, nil
		}
		id, err := strconv.ParseInt(x, 10, 64)
		if err != nil || id < 0 {
			return 0, errors.New("not an id")
		}
		return id, nil
	}
	return 0, errors.New("not an id")
}

// checkManager validates a new manager for a person: a person of the organisation, not the
// person themself, and not someone who already reports (directly or not) to the person, which
// would close a cycle. It runs inside the transaction that saves the line.
func (s *Service) checkManager(ctx context.Context, orgID, personID, managerID int64) error {
	if managerID == 0 {
		return nil
	}
	bad := validate.Field("manager_id", "validation.manager_cycle", "the manager would report to this person: reporting lines cannot go round in a circle")
	if managerID == personID {
		return bad
	}
	if _, err := s.store.Get(ctx, orgID, managerID); errors.Is(err, ErrNotFound) {
		return validate.Field("manager_id", "validation.invalid", "manager_id is not a person of this organisation")
	} else if err != nil {
		return err
	}
	cur := managerID
	for range maxChain {
		next, err := s.store.ManagerOf(ctx, orgID, cur)
		if err != nil {
			return err
		}
		if next == 0 {
			return nil
		}
		if next == personID {
			return bad
		}
		cur = next
	}
	return bad
}

// SetManager sets (or clears, with 0) a person's manager, refusing cycles with a 422 naming
// manager_id.
func (s *Service) SetManager(ctx context.Context, orgID int64, kind Kind, personID, managerID int64) error {
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		if _, err := s.Get(ctx, orgID, kind, personID); err != nil {
			return err
		}
		if err := s.checkManager(ctx, orgID, personID, managerID); err != nil {
			return err
		}
		return s.store.SetManager(ctx, orgID, personID, managerID)
	})
}

// Manager returns a person's manager (ok false without one).
func (s *Service) Manager(ctx context.Context, orgID, personID int64) (ManagerRef, bool, error) {
	id, err := s.store.ManagerOf(ctx, orgID, personID)
	if err != nil || id == 0 {
		return ManagerRef{}, false, err
	}
	m, err := s.store.Get(ctx, orgID, id)
	if err != nil {
		return ManagerRef{}, false, err
	}
	return ManagerRef{ID: m.ID, Name: fullName(m)}, true, nil
}

// Manages reports whether the person managerID is the direct manager of personID. The
// route table's manager actor uses it: a manager sees their own reports and nobody else.
func (s *Service) Manages(ctx context.Context, orgID, managerID, personID int64) (bool, error) {
	if managerID == 0 {
		return false, nil
	}
	id, err := s.store.ManagerOf(ctx, orgID, personID)
	return err == nil && id == managerID, err
}

// Reports lists the people a person manages directly (active ones, by name).
func (s *Service) Reports(ctx context.Context, orgID, managerID int64) ([]Person, error) {
	return s.store.Reports(ctx, orgID, managerID)
}

// DepartmentHead returns the id of a department's head, 0 without one.
func (s *Service) DepartmentHead(ctx context.Context, orgID, departmentID int64) (int64, error) {
	return s.store.DepartmentHead(ctx, orgID, departmentID)
}

func fullName(p Person) string {
	if p.LastName == "" {
		return p.FirstName
	}
	return p.FirstName + " " + p.LastName
}

// ManagerOf returns the id of a person's manager, 0 without one (or for an unknown person).
func (s *SQLStore) ManagerOf(ctx context.Context, orgID, personID int64) (int64, error) {
	var id sql.NullInt64
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT manager_id FROM people WHERE org_id = $1 AND id = $2`, orgID, personID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return id.Int64, err
}

// SetManager stores a person's manager (0 clears it).
func (s *SQLStore) SetManager(ctx context.Context, orgID, personID, managerID int64) error {
	var m any
	if managerID != 0 {
		m = managerID
	}
	return s.exec(ctx, `UPDATE people SET manager_id = $3 WHERE org_id = $1 AND id = $2`, orgID, personID, m)
}

// Reports lists the active people whose manager is managerID.
func (s *SQLStore) Reports(ctx context.Context, orgID, managerID int64) ([]Person, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT `+s.cols()+personFrom+
		` WHERE p.org_id = $1 AND p.manager_id = $2 AND p.archived_at IS NULL ORDER BY lower(p.first_name), p.id`, orgID, managerID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Person
	for rows.Next() {
		p, err := scanPerson(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
