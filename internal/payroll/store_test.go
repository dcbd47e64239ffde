package payroll

import (
	"context"
	"errors"
	"testing"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// TestStoreTellsTheTwoConflictsApart: a taken name is ErrNameTaken; a second default, which
// only two saves at the same moment can reach (SaveMapping clears the old one first), is
// ErrDefaultRace; a mapping of another organisation is not found.
func TestStoreTellsTheTwoConflictsApart(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		org := func(name string) int64 {
			var id int64
			if err := db.QueryRow(`INSERT INTO orgs (kind, name, timezone, created_at, updated_at) VALUES ('company', $1, 'UTC', $2, $2) RETURNING id`, name, database.Now()).Scan(&id); err != nil {
				t.Fatal(err)
			}
			return id
		}
		a, b := org("A"), org("B")
		s := NewStore(db)
		cols := []Column{{Key: KeyCode, Header: "Code"}}
		first, err := s.Save(ctx, Mapping{OrgID: a, Name: "Main", Default: true, Columns: cols})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Save(ctx, Mapping{OrgID: a, Name: "Main", Columns: cols}); !errors.Is(err, ErrNameTaken) {
			t.Fatalf("same name: %v", err)
		}
		if _, err := s.Save(ctx, Mapping{OrgID: a, Name: "Other", Default: true, Columns: cols}); !errors.Is(err, ErrDefaultRace) {
			t.Fatalf("second default: %v", err)
		}
		if _, err := s.Save(ctx, Mapping{OrgID: b, Name: "Main", Default: true, Columns: cols}); err != nil {
			t.Fatalf("another organisation's own default: %v", err)
		}
		if _, err := s.Get(ctx, b, first.ID); !errors.Is(err, ErrNotFound) {
			t.Fatalf("another organisation's mapping: %v", err)
		}
		if _, err := s.Save(ctx, Mapping{OrgID: b, ID: first.ID, Name: "Stolen", Columns: cols}); !errors.Is(err, ErrNotFound) {
			t.Fatalf("another organisation's update: %v", err)
		}
		if err := s.Delete(ctx, b, first.ID); !errors.Is(err, ErrNotFound) {
			t.Fatalf("another organisation's delete: %v", err)
		}
		m, ok, err := s.Default(ctx, a)
		if err != nil || !ok || m.ID != first.ID || m.Columns[0].Header != "Code" {
			t.Fatalf("default: %+v %v %v", m, ok, err)
		}
	})
}
