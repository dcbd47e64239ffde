package iclock_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"testing"
	"time"

	"hadir/internal/app"
	"hadir/internal/config"
	"hadir/internal/device"
	"hadir/internal/iclock/devicesim"
	"hadir/internal/org"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// BenchmarkReconcile10k: a device with 10,000 people enrolled, fully reconciled: Synchronise
// queues every user record and an INFO, and the simulator polls (20 commands a poll, as the
// server hands them out) and reports results until nothing is left. Target (issue 14): ≤ 2 s
// of server time. The time includes the simulator's side over loopback HTTP.
func BenchmarkReconcile10k(b *testing.B) {
	for _, e := range testdb.Engines(b) {
		b.Run(string(e), func(b *testing.B) {
			db := testdb.Open(b, e)
			ctx := context.Background()
			a, err := app.New(ctx, config.Default(), db, app.Options{Hash: auth.TestHashParams})
			if err != nil {
				b.Fatal(err)
			}
			orgID, err := a.Orgs.Create(ctx, org.Org{Kind: org.KindCompany, Name: "Bench", Timezone: "Asia/Kuala_Lumpur"})
			if err != nil {
				b.Fatal(err)
			}
			d, err := a.Devices.Save(ctx, device.Device{OrgID: orgID, Name: "Bench", Code: "RECON0001", Enabled: true})
			if err != nil {
				b.Fatal(err)
			}
			now := database.Now()
			var rows [][]any
			for i := 0; i < 10_000; i++ {
				rows = append(rows, []any{orgID, "employee", fmt.Sprintf("P%05d", i), "Bench", fmt.Sprintf("Person %d", i), now, now})
			}
			testdb.Bulk(b, db, `INSERT INTO people (org_id, kind, code, first_name, last_name, created_at, updated_at) VALUES `, rows)
			rows = nil
			if _, err := db.ExecContext(ctx, `INSERT INTO device_people (org_id, device_id, person_id, created_at) SELECT org_id, $1, id, $2 FROM people WHERE org_id = $3`, d.ID, now, orgID); err != nil {
				b.Fatal(err)
			}
			srv := httptest.NewServer(a.API)
			b.Cleanup(srv.Close)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				sim := devicesim.New(srv.URL, "RECON0001")
				t0 := time.Now()
				n, err := a.Devices.Synchronise(ctx, orgID, d.ID)
				if err != nil || n != 10_001 {
					b.Fatalf("queued %d: %v", n, err)
				}
				queued := time.Since(t0)
				if err := sim.PollUntilIdle(ctx, 1000); err != nil {
					b.Fatal(err)
				}
				if len(sim.Users()) != 10_000 {
					b.Fatalf("terminal holds %d", len(sim.Users()))
				}
				b.ReportMetric(queued.Seconds(), "s-queue")
				b.ReportMetric(time.Since(t0).Seconds(), "s-total")
			}
		})
	}
}
