package demo_test

import (
	"context"
	"regexp"
	"testing"
	"time"

	"hadir/internal/account"
	"hadir/internal/app"
	"hadir/internal/attendance"
	"hadir/internal/config"
	"hadir/internal/demo"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// The demo seeds on both engines, a second run changes nothing, and its sign-ins work.
func TestSeedTwice(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		a, err := app.New(ctx, config.Default(), db, app.Options{Hash: auth.TestHashParams})
		if err != nil {
			t.Fatal(err)
		}
		logins, err := demo.Seed(ctx, a)
		if err != nil {
			t.Fatal(err)
		}
		count := func(q string) int {
			var n int
			if err := db.QueryRow(q).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		people := count(`SELECT COUNT(*) FROM people`)
		if people != 90 || count(`SELECT COUNT(*) FROM people WHERE kind = 'teacher'`) != 40 {
			t.Fatalf("%d people", people)
		}
		if n := count(`SELECT COUNT(*) FROM punches`); n < 8000 {
			t.Fatalf("only %d demo punches", n)
		}
		if n := count(`SELECT COUNT(*) FROM holidays`); n != 28 {
			t.Fatalf("%d holidays", n)
		}
		for _, st := range []string{"pending", "approved", "rejected", "cancelled"} {
			if n := count(`SELECT COUNT(*) FROM leave_applications WHERE status = '` + st + `'`); n == 0 {
				t.Errorf("no %s demo application", st)
			}
		}
		if n := count(`SELECT COUNT(*) FROM leave_applications WHERE kind = 'away'`); n == 0 {
			t.Error("no demo away")
		}
		if n := count(`SELECT COUNT(*) FROM device_commands WHERE status = 'ok'`); n < 90 {
			t.Errorf("the demo terminals acknowledged only %d commands", n)
		}
		realistic(t, db, a)
		if _, err := demo.Seed(ctx, a); err != nil {
			t.Fatalf("second run: %v", err)
		}
		if n := count(`SELECT COUNT(*) FROM people`); n != people {
			t.Fatalf("second run added people: %d", n)
		}
		for _, l := range logins {
			if _, err := a.Accounts.Login(ctx, l.Email, demo.Password, "", account.ClientMeta{IP: "test"}); err != nil {
				t.Errorf("%s: %v", l.Email, err)
			}
		}
	})
}

// realistic checks what makes the demo read like a real organisation (issue 10): no name
// twice, addresses spelled from the names, requests applied for over the past months, and a
// year whose tracking starts with the punches.
func realistic(t *testing.T, db *database.DB, a *app.App) {
	t.Helper()
	ctx := context.Background()
	var dup string
	err := db.QueryRow(`SELECT first_name || ' ' || last_name FROM people GROUP BY first_name, last_name HAVING COUNT(*) > 1`).Scan(&dup)
	if err == nil {
		t.Errorf("the name %q is used twice", dup)
	}
	rows, err := db.Query(`SELECT email FROM people WHERE email <> ''`)
	if err != nil {
		t.Fatal(err)
	}
	address := regexp.MustCompile(`^[a-z]+\.[a-z]+[0-9]+@[a-z.]+$`)
	var emails int
	for rows.Next() {
		var e string
		if err := rows.Scan(&e); err != nil {
			t.Fatal(err)
		}
		emails++
		if !address.MatchString(e) {
			t.Errorf("demo address %q", e)
		}
	}
	rows.Close()
	if emails < 25 {
		t.Errorf("only %d demo addresses", emails)
	}

	// Applied on: spread over the past months, none in the future.
	var apps, days, months, future int
	loc, _ := time.LoadLocation("Asia/Kuala_Lumpur")
	seenDay, seenMonth := map[string]bool{}, map[string]bool{}
	rows, err = db.Query(`SELECT created_at FROM leave_applications`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var at time.Time
		if err := rows.Scan(&at); err != nil {
			t.Fatal(err)
		}
		apps++
		if at.After(time.Now().Add(time.Minute)) {
			future++
		}
		seenDay[at.In(loc).Format(time.DateOnly)] = true
		seenMonth[at.In(loc).Format("2006-01")] = true
	}
	rows.Close()
	days, months = len(seenDay), len(seenMonth)
	if future > 0 || days < apps/3 || months < 2 {
		t.Errorf("%d applications applied on %d days in %d months, %d in the future", apps, days, months, future)
	}

	// Tracking starts with the punches: memberships begin on the first punch's date, and the
	// year before it holds no absence.
	var firstUnix int64
	if err := db.QueryRow(`SELECT at_unix FROM punches ORDER BY at_unix LIMIT 1`).Scan(&firstUnix); err != nil {
		t.Fatal(err)
	}
	first := time.Unix(firstUnix, 0)
	var from string
	if err := db.QueryRow(`SELECT from_date FROM group_members ORDER BY from_date LIMIT 1`).Scan(&from); err != nil {
		t.Fatal(err)
	}
	now := time.Now().In(loc)
	if want := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, loc).AddDate(0, 0, -91).Format(time.DateOnly); from != want {
		t.Errorf("memberships start %s, want %s", from, want)
	}
	if p := first.In(loc).Format(time.DateOnly); p < from || p > addDays(from, 4) {
		t.Errorf("the first punch is on %s, tracking starts %s", p, from)
	}
	var orgID int64
	if err := db.QueryRow(`SELECT id FROM orgs WHERE kind = 'company'`).Scan(&orgID); err != nil {
		t.Fatal(err)
	}
	if from[:4]+"-01-01" < from {
		day, _ := time.Parse(time.DateOnly, from)
		_, _, totals, err := a.Attendance.Report(ctx, orgID, attendance.Query{Kind: "employee", From: from[:4] + "-01-01", To: day.AddDate(0, 0, -1).Format(time.DateOnly)}, database.Page{})
		if err != nil {
			t.Fatal(err)
		}
		if totals.Absent != 0 || totals.Present != 0 {
			t.Errorf("before the demo's punches: %+v", totals)
		}
	}
}

func addDays(d string, n int) string {
	t, _ := time.Parse(time.DateOnly, d)
	return t.AddDate(0, 0, n).Format(time.DateOnly)
}
