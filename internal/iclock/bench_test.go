package iclock_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"hadir/internal/app"
	"hadir/internal/config"
	"hadir/internal/device"
	"hadir/internal/iclock"
	"hadir/internal/org"
	"hadir/internal/people"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/testdb"
)

// terminal sets up a company with 200 people and one device, served over loopback HTTP.
func terminal(b *testing.B, e database.Dialect) (url string, pins []string) {
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
	for i := 0; i < 200; i++ {
		p, err := a.People.Create(ctx, orgID, people.Employee, people.General{Code: fmt.Sprintf("P%03d", i), FirstName: "Bench"})
		if err != nil {
			b.Fatal(err)
		}
		pins = append(pins, p.Code)
	}
	if _, err := a.Devices.Save(ctx, device.Device{OrgID: orgID, Name: "Bench", Code: "BENCH0001", Enabled: true}); err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(a.API)
	b.Cleanup(srv.Close)
	return srv.URL, pins
}

func post(b *testing.B, client *http.Client, url, body string) {
	res, err := client.Post(url+"/iclock/cdata?SN=BENCH0001&table=ATTLOG", "text/plain", strings.NewReader(body))
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]byte, 64)
	n, _ := res.Body.Read(buf)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(string(buf[:n]), "OK") {
		b.Fatalf("%d %q", res.StatusCode, buf[:n])
	}
}

// BenchmarkATTLOGBatches: 10,000 punches uploaded as a terminal sends a backlog, 100 lines
// a request, through HTTP on loopback. Target: ≥ 20,000 punches/s on SQLite.
func BenchmarkATTLOGBatches(b *testing.B) {
	for _, e := range testdb.Engines(b) {
		b.Run(string(e), func(b *testing.B) {
			url, pins := terminal(b, e)
			client := &http.Client{}
			start := time.Date(2026, 1, 1, 8, 0, 0, 0, time.UTC)
			n := 0
			b.ResetTimer()
			t0 := time.Now()
			for i := 0; i < b.N; i++ {
				for batch := 0; batch < 100; batch++ {
					var sb strings.Builder
					for j := 0; j < 100; j++ {
						n++
						sb.WriteString(iclock.FormatAttLog(iclock.AttLog{PIN: pins[n%len(pins)], Time: start.Add(time.Duration(n) * time.Second), Verify: 15}) + "\n")
					}
					post(b, client, url, sb.String())
				}
			}
			b.ReportMetric(float64(n)/time.Since(t0).Seconds(), "punches/s")
		})
	}
}

// BenchmarkATTLOGRealtime: one request per punch, as a terminal in real-time mode sends it.
func BenchmarkATTLOGRealtime(b *testing.B) {
	for _, e := range testdb.Engines(b) {
		b.Run(string(e), func(b *testing.B) {
			url, pins := terminal(b, e)
			client := &http.Client{}
			start := time.Date(2026, 1, 1, 8, 0, 0, 0, time.UTC)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				post(b, client, url, iclock.FormatAttLog(iclock.AttLog{PIN: pins[i%len(pins)], Time: start.Add(time.Duration(i) * time.Second), Verify: 15})+"\n")
			}
		})
	}
}
