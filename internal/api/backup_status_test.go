package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"hadir/internal/account"
	"hadir/internal/ops"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// The last scheduled backup (time and size) is shown to owners on the sign-in security call
// and to monitoring on /metrics; admins do not get it, and before any backup it is null.
func TestLastBackupShownToOwnersAndMetrics(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		e.t = t
		school := e.school("Backed Up School")
		_, admin := e.userWithEmail(school.orgID, account.RoleAdmin)
		r := e.expect(e.call("GET", "/api/account/security/policy", school.token, nil), 200)
		if r.str("data", "last_backup") != "<nil>" {
			t.Fatalf("before any backup: %s", r.raw)
		}
		if m := e.expect(e.call("GET", "/metrics", "", nil), 200); strings.Contains(m.raw, "hadir_backup_last_success_timestamp_seconds") ||
			!strings.Contains(m.raw, "hadir_backup_last_failed 0") {
			t.Fatalf("metrics before any backup:\n%s", m.raw)
		}
		// A run of the backup job as a node records it (the job itself, pg_dump and all, is
		// tested in internal/ops on both engines).
		jobs := &ops.Jobs{DB: db, Node: "n1"}
		if took, err := jobs.Run(context.Background(), ops.JobBackup, time.Now().Truncate(time.Hour), func(context.Context) (int64, string, error) {
			return 123456, "/var/backups/hadir-backup-x.db", nil
		}); err != nil || !took {
			t.Fatalf("backup: %v %v", took, err)
		}
		last, err := ops.LastSuccess(context.Background(), db, ops.JobBackup)
		if err != nil || last == nil {
			t.Fatal(err)
		}
		r = e.expect(e.call("GET", "/api/account/security/policy", school.token, nil), 200)
		if r.str("data", "last_backup", "size_bytes") != fmt.Sprint(last.SizeBytes) || r.str("data", "last_backup", "at") != last.FinishedAt.Format(time.RFC3339Nano) {
			t.Fatalf("owner sees %s, want %+v", r.raw, last)
		}
		if r := e.expect(e.call("GET", "/api/account/security/policy", admin, nil), 200); r.str("data", "last_backup") != "<nil>" {
			t.Fatalf("an admin sees the installation's backups: %s", r.raw)
		}
		m := e.expect(e.call("GET", "/metrics", "", nil), 200)
		for _, want := range []string{
			fmt.Sprintf("hadir_backup_last_size_bytes %g", float64(last.SizeBytes)),
			fmt.Sprintf("hadir_backup_last_success_timestamp_seconds %g", float64(last.FinishedAt.Unix())),
			"hadir_backup_last_failed 0",
		} {
			if !strings.Contains(m.raw, want) {
				t.Errorf("metrics lack %q", want)
			}
		}
	})
}
