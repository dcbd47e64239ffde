package iclock_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"hadir/internal/app"
	"hadir/internal/config"
	"hadir/internal/device"
	"hadir/internal/org"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// BenchmarkReconcile10000: a device with 10,000 people enrolled, fully reconciled (issue 14:
// ≤ 2 s of server time). Timed is the server's work once the terminal answered its user
// query: parsing the uploaded list (10 posts of 1,000 lines, as devicesim sends them),
// comparing it with the enrolment and queueing the difference, in one transaction, as
// deviceCmd runs it. "empty" is a terminal holding nobody (10,000 users to add); "drift"
// one holding 9,000 of them, 500 renamed, and 700 PINs that are not enrolled (200 Hadir
// once put there, 500 unknown).
func BenchmarkReconcile10000(b *testing.B) {
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
			if _, err := db.ExecContext(ctx, `INSERT INTO device_people (org_id, device_id, person_id, created_at) SELECT org_id, $1, id, $2 FROM people WHERE org_id = $3`, d.ID, now, orgID); err != nil {
				b.Fatal(err)
			}
			// 200 PINs Hadir once put on the terminal and no longer enrolled.
			rows = nil
			for i := 0; i < 200; i++ {
				rows = append(rows, []any{orgID, d.ID, "DATA UPDATE USERINFO PIN=OLD" + fmt.Sprint(i), fmt.Sprintf("user OLD%d", i), "ok", now, now})
			}
			testdb.Bulk(b, db, `INSERT INTO device_commands (org_id, device_id, command, label, status, created_at, expires_at) VALUES `, rows)
			lists := map[string][]string{"empty": nil}
			var drift []string
			for i := 0; i < 10_000; i++ {
				switch {
				case i < 1000: // missing
				case i < 1500:
					drift = append(drift, fmt.Sprintf("USER PIN=P%05d\tName=Old name %d\tPri=0\tPasswd=\tCard=\tGrp=1\tTZ=0000000000000000", i, i))
				default:
					drift = append(drift, fmt.Sprintf("USER PIN=P%05d\tName=Bench Person %d\tPri=0\tPasswd=\tCard=\tGrp=1\tTZ=0000000000000000", i, i))
				}
			}
			for i := 0; i < 200; i++ {
				drift = append(drift, fmt.Sprintf("USER PIN=OLD%d\tName=Gone %d\tPri=0\tPasswd=\tCard=\tGrp=1\tTZ=0000000000000000", i, i))
			}
			for i := 0; i < 500; i++ {
				drift = append(drift, fmt.Sprintf("USER PIN=K%d\tName=Keypad %d\tPri=0\tPasswd=\tCard=\tGrp=1\tTZ=0000000000000000", i, i))
			}
			lists["drift"] = drift
			want := map[string]device.SyncResult{
				"empty": {Listed: true, Added: 10_000},
				"drift": {Listed: true, Added: 1000, Updated: 500, Removed: 200, Unknown: 500},
			}
			for _, name := range []string{"empty", "drift"} {
				b.Run(name, func(b *testing.B) {
					var total time.Duration
					for i := 0; i < b.N; i++ {
						b.StopTimer()
						if _, err := a.Devices.Synchronise(ctx, orgID, d.ID, false); err != nil {
							b.Fatal(err)
						}
						var id int64
						if err := db.QueryRowContext(ctx, `UPDATE device_commands SET status = 'sent', sent_at = $2, attempts = 1 WHERE device_id = $1 AND status = 'queued' RETURNING id`, d.ID, now).Scan(&id); err != nil {
							b.Fatal(err)
						}
						list := lists[name]
						for start := 0; start < len(list); start += 1000 {
							if err := a.Devices.RecordUserList(ctx, d, id, strings.Join(list[start:min(start+1000, len(list))], "\n")+"\n"); err != nil {
								b.Fatal(err)
							}
						}
						b.StartTimer()
						t0 := time.Now()
						var res device.SyncResult
						err := db.WithTx(ctx, func(ctx context.Context) error {
							if _, err := a.Devices.Result(ctx, d, id, 0, ""); err != nil {
								return err
							}
							res, err = a.Devices.Reconcile(ctx, d, id, device.SyncLabel, true)
							return err
						})
						total += time.Since(t0)
						b.StopTimer()
						if err != nil {
							b.Fatal(err)
						}
						w := want[name]
						if res.Added != w.Added || res.Updated != w.Updated || res.Removed != w.Removed || res.Unknown != w.Unknown {
							b.Fatalf("reconciled %+v, want %+v", res, w)
						}
						b.StartTimer()
					}
					b.ReportMetric(total.Seconds()/float64(b.N), "s-server")
				})
			}
		})
	}
}
