package demo_test

import (
	"context"
	"testing"

	"hadir/internal/account"
	"hadir/internal/app"
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
