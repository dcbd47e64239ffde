package database

import "fmt"

// Page is a 1-based page number and a page size, already bounded by the web layer.
type Page struct {
	Number int
	Size   int
}

// Offset is the number of rows before the page.
func (p Page) Offset() int { return (p.Number - 1) * p.Size }

// LimitOffset is the paging clause; both engines accept the same text.
func (p Page) LimitOffset() string {
	return fmt.Sprintf(" LIMIT %d OFFSET %d", p.Size, p.Offset())
}

// Like returns a case-insensitive LIKE pattern for a user-typed search term, with the
// wildcards of the term escaped (use with ESCAPE '\').
func Like(term string) string {
	out := make([]rune, 0, len(term)+2)
	out = append(out, '%')
	for _, r := range term {
		if r == '%' || r == '_' || r == '\\' {
			out = append(out, '\\')
		}
		out = append(out, r)
	}
	return string(append(out, '%'))
}

// Placeholder is the n-th (1-based) bind parameter of the dialect. Statements with many
// parameters (multi-row inserts) use it: SQLite binds "?" positionally, while its cost for
// "$N" names grows with the square of their number.
func (db *DB) Placeholder(n int) string {
	if db.Dialect == SQLite {
		return "?"
	}
	return fmt.Sprintf("$%d", n)
}
