package people

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"hadir/internal/platform/validate"
)

// ImportRow is one person of an import file, with the file line it came from.
type ImportRow struct {
	Line    int
	General General
}

// RowError is one problem of one import row.
type RowError struct {
	Line    int    `json:"line"`
	Field   string `json:"field"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// ImportColumns are the columns of an import file, in the template's order.
var ImportColumns = []string{"code", "first_name", "last_name", "email", "join_date"}

// MaxImportRows bounds one import.
const MaxImportRows = 5000

// Import validates every row, then creates the people in one transaction. With validOnly
// false nothing is written when any row fails; with it true the valid rows are written and
// the others reported. Codes repeated within the file count as taken.
func (s *Service) Import(ctx context.Context, orgID int64, kind Kind, rows []ImportRow, validOnly bool) (created int, rowErrs []RowError, err error) {
	taken, err := s.store.Codes(ctx, orgID)
	if err != nil {
		return 0, nil, err
	}
	seen := map[string]int{}
	var good []General
	for _, r := range rows {
		g := r.General
		verr := checkFields(&g).Err()
		if verr == nil && taken[strings.ToLower(g.Code)] {
			verr = ErrCodeTaken
		}
		var ve validate.Errors
		switch {
		case verr == nil:
			key := strings.ToLower(g.Code)
			if first, dup := seen[key]; dup {
				rowErrs = append(rowErrs, RowError{Line: r.Line, Field: "code", Code: "validation.code_taken",
					Message: "the code repeats the one on line " + strconv.Itoa(first)})
				continue
			}
			seen[key] = r.Line
			good = append(good, g)
		case errors.Is(verr, ErrCodeTaken):
			rowErrs = append(rowErrs, RowError{Line: r.Line, Field: "code", Code: "validation.code_taken",
				Message: "the unique code cannot be used because it is already taken by another user"})
		case errors.As(verr, &ve):
			for _, f := range ImportColumns {
				for _, d := range ve[f] {
					rowErrs = append(rowErrs, RowError{Line: r.Line, Field: f, Code: d.Code, Message: d.Message})
				}
			}
		default:
			return 0, nil, verr
		}
	}
	if len(rowErrs) > 0 && !validOnly {
		return 0, rowErrs, nil
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		for _, g := range good {
			p := Person{OrgID: orgID, Kind: kind, Code: g.Code, FirstName: g.FirstName, LastName: g.LastName, Email: g.Email, JoinDate: g.JoinDate}
			id, err := s.store.Create(ctx, p)
			if err != nil {
				return err
			}
			p.ID = id
			if err := s.emit(ctx, "person.created", p); err != nil {
				return err
			}
			if p.Email != "" {
				if err := s.sendInvite(ctx, p); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return 0, nil, err
	}
	if len(good) > 0 {
		// A bulk load: the planner gets statistics of what it now holds (issue 16).
		s.db.AnalyzeSoon("people", "person_invites", "outbox")
	}
	return len(good), rowErrs, nil
}
