package audit_test

import (
	"context"
	"fmt"
	"testing"

	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// BenchmarkPunchWrite measures what carrying the actor costs a single web punch: the punch
// insert in its own transaction (as a terminal's upload does, no actor), against the same
// insert inside an API request's transaction with the actor set (setActor, a savepoint for
// the service's WithTx, clearActor). Punches have no audit trigger.
//
//	go test ./internal/audit -run '^$' -bench PunchWrite -benchtime 2000x
func BenchmarkPunchWrite(b *testing.B) {
	for _, eng := range testdb.Engines(b) {
		db := testdb.Open(b, eng)
		ctx := context.Background()
		var org, person int64
		if err := db.QueryRow(`INSERT INTO orgs (kind, name, timezone, week_start, created_at, updated_at) VALUES ('company', 'Bench', 'UTC', 1, $1, $1) RETURNING id`, database.Now()).Scan(&org); err != nil {
			b.Fatal(err)
		}
		if err := db.QueryRow(`INSERT INTO people (org_id, kind, code, first_name, created_at, updated_at) VALUES ($1, 'employee', 'B1', 'Bench', $2, $2) RETURNING id`, org, database.Now()).Scan(&person); err != nil {
			b.Fatal(err)
		}
		var n int64
		punch := func(ctx context.Context) error {
			return db.WithTx(ctx, func(ctx context.Context) error {
				n++
				var id int64
				return db.Q(ctx).QueryRowContext(ctx, `INSERT INTO punches (org_id, person_id, at_unix, local_time, utc_offset, source, state, raw, created_at)
					VALUES ($1, $2, $3, '08:00:00', 0, 'web', 0, '', $4) RETURNING id`, org, person, n, database.Now()).Scan(&id)
			})
		}
		b.Run(string(eng)+"/no_actor", func(b *testing.B) {
			for b.Loop() {
				if err := punch(ctx); err != nil {
					b.Fatal(err)
				}
			}
		})
		actx := database.WithActor(ctx, database.Actor{UserID: 1, IP: "192.0.2.1", SessionRef: "abcdef"})
		b.Run(string(eng)+"/request_tx_with_actor", func(b *testing.B) {
			for b.Loop() {
				if err := db.WithRequestTx(actx, punch); err != nil {
					b.Fatal(err)
				}
			}
		})
		// An audited change: a position renamed, with and without the trigger's work.
		var pos int64
		if err := db.QueryRow(`INSERT INTO positions (org_id, name, code, description, created_at, updated_at) VALUES ($1, 'P', '', '', $2, $2) RETURNING id`, org, database.Now()).Scan(&pos); err != nil {
			b.Fatal(err)
		}
		rename := func(ctx context.Context) error {
			n++
			_, err := db.Q(ctx).ExecContext(ctx, `UPDATE positions SET name = $3 WHERE org_id = $1 AND id = $2`, org, pos, fmt.Sprint(n))
			return err
		}
		b.Run(string(eng)+"/audited_update_no_actor", func(b *testing.B) {
			for b.Loop() {
				if err := db.WithTx(ctx, rename); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(string(eng)+"/audited_update_recorded", func(b *testing.B) {
			for b.Loop() {
				if err := db.WithRequestTx(actx, rename); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
