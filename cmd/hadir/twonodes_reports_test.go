package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hadir/internal/platform/database"
	"hadir/internal/platform/mail/smtptest"
	"hadir/internal/testdb"
)

// TestScheduledReportSentOnceByTwoNodes runs two real `hadir serve` processes on one
// PostgreSQL database with a real SMTP peer: a saved daily report comes due, both nodes'
// schedulers look for it, and exactly one e-mail with the xlsx attached arrives. The only
// shortcut is moving the report's next run into the past in the database instead of waiting
// for 23:00.
func TestScheduledReportSentOnceByTwoNodes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary twice")
	}
	if os.Getenv(testdb.EnvPostgres) == "" {
		t.Skip(testdb.EnvPostgres + " is not set")
	}
	dbURL := testdb.PostgresURL(t)
	dir := t.TempDir()
	bin := filepath.Join(dir, "hadir")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	srv := smtptest.Start(t)
	a, _ := startServeCmd(t, bin, dir, "a", dbURL, "HADIR_SMTP_URL="+srv.URL())
	startServeCmd(t, bin, dir, "b", dbURL, "HADIR_SMTP_URL="+srv.URL())

	owner := fmt.Sprintf("owner-%d@reports.test", time.Now().UnixNano())
	reg := call(t, a, "POST", "/api/auth/register", "", map[string]any{
		"name": "Report Owner", "email": owner, "company_size": "12", "employer": "Laporan Sdn Bhd", "password": "owner-pass-1",
		"timezone": "Asia/Kuala_Lumpur", "terms": true, "start_empty": true,
	}, 201)
	token := str(t, reg, "data", "access_token")
	call(t, a, "POST", "/api/employee/record/register", token, map[string]any{"code": "R1", "first_name": "Rashid"}, 201)
	recipients := call(t, a, "GET", "/api/reports/recipients", token, nil, 200)
	list, _ := recipients["data"].([]any)
	if len(list) != 1 {
		t.Fatalf("recipients %v", recipients)
	}
	ownerID := int64(list[0].(map[string]any)["id"].(float64))
	rep := call(t, a, "POST", "/api/reports/saved", token, map[string]any{"name": "Nightly", "kind": "daily", "schedule": "daily",
		"recipients": []int64{ownerID}}, 201)
	id := num(t, rep, "data", "id")

	db, err := database.Open(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`UPDATE saved_reports SET next_run_at = $1 WHERE id = $2`, time.Now().Add(-time.Minute), id); err != nil {
		t.Fatal(err)
	}
	// Each node looks every 30 s: within 40 s both have looked at least once.
	m := srv.WaitFor(t, owner, 45*time.Second)
	if !strings.Contains(m.Raw, "multipart/mixed") || !strings.Contains(m.Raw, `filename="Nightly `) {
		t.Errorf("the e-mail has no report attached:\n%.2000s", m.Raw)
	}
	time.Sleep(35 * time.Second)
	n := 0
	for _, r := range srv.Messages() {
		if len(r.To) == 1 && r.To[0] == owner {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d e-mails, want 1", n)
	}
	var next time.Time
	if err := db.QueryRow(`SELECT next_run_at FROM saved_reports WHERE id = $1`, id).Scan(&next); err != nil || !next.After(time.Now()) {
		t.Errorf("next run %v (%v), want in the future", next, err)
	}
}
