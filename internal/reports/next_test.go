package reports

import (
	"testing"
	"time"
)

// Next counts in the organisation's zone: across a daylight-saving change the local time
// stays, the UTC instant moves; a monthly day past the month's end is its last day.
func TestNextInTheOrganisationsZone(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Skip("no zone data")
	}
	kl, _ := time.LoadLocation("Asia/Kuala_Lumpur")
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	cases := []struct {
		in    Input
		loc   *time.Location
		after string
		want  string
	}{
		{Input{Schedule: Daily, RunTime: "23:00"}, ny, "2026-03-07T12:00:00Z", "2026-03-08T04:00:00Z"}, // 23:00 EST (UTC-5)
		{Input{Schedule: Daily, RunTime: "23:00"}, ny, "2026-03-08T04:00:00Z", "2026-03-09T03:00:00Z"}, // 23:00 EDT (UTC-4) after the change
		{Input{Schedule: Daily, RunTime: "18:00"}, kl, "2026-11-23T10:00:00Z", "2026-11-24T10:00:00Z"}, // exactly at the run: the next day
		{Input{Schedule: Weekly, Weekday: 0, RunTime: "06:00"}, kl, "2026-11-23T00:00:00Z", "2026-11-28T22:00:00Z"},
		{Input{Schedule: Monthly, MonthDay: 31, RunTime: "23:00"}, kl, "2026-02-01T00:00:00Z", "2026-02-28T15:00:00Z"},
		{Input{Schedule: Monthly, MonthDay: 31, RunTime: "23:00"}, kl, "2026-02-28T15:00:00Z", "2026-03-31T15:00:00Z"},
		{Input{Schedule: Monthly, MonthDay: 1, RunTime: "00:30"}, kl, "2026-12-15T00:00:00Z", "2026-12-31T16:30:00Z"},
	}
	for _, c := range cases {
		got := Next(c.in, c.loc, at(c.after))
		if got == nil || !got.Equal(at(c.want)) {
			t.Errorf("Next(%+v, %s, %s) = %v, want %s", c.in, c.loc, c.after, got, c.want)
		}
	}
	if Next(Input{Schedule: None}, kl, time.Now()) != nil {
		t.Error("an unscheduled report has a next run")
	}
}
