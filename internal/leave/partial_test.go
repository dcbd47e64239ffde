package leave

import (
	"errors"
	"testing"

	"hadir/internal/platform/validate"
)

// Partial-day ranges (issue 13): validation names the field, two ranges of one date overlap
// only when their times meet, and a full or half day overlaps every range of its date.
func TestPartialDayRangeRules(t *testing.T) {
	bad := []struct {
		r     Request
		field string
	}{
		{Request{TypeID: 1, From: "2026-11-16", FromTime: "12:00", ToTime: "10:00"}, "to_time"},
		{Request{TypeID: 1, From: "2026-11-16", FromTime: "10:00", ToTime: "10:00"}, "to_time"},
		{Request{TypeID: 1, From: "2026-11-16", FromTime: "9:00", ToTime: "10:00"}, "from_time"},
		{Request{TypeID: 1, From: "2026-11-16", ToTime: "10:00"}, "from_time"},
		{Request{TypeID: 1, From: "2026-11-16", To: "2026-11-17", FromTime: "09:00", ToTime: "10:00"}, "to_date"},
		{Request{TypeID: 1, From: "2026-11-16", Session: "pm", FromTime: "09:00", ToTime: "10:00"}, "session"},
		{Request{TypeID: 1, From: "2026-11-16", Session: "hours"}, "from_time"},
	}
	for _, c := range bad {
		_, err := checkRequest(c.r)
		var ve validate.Errors
		if !errors.As(err, &ve) || ve[c.field] == nil {
			t.Errorf("%+v: want an error on %s, got %v", c.r, c.field, err)
		}
	}
	r, err := checkRequest(Request{TypeID: 1, From: "2026-11-16", FromTime: "10:00", ToTime: "11:30"})
	if err != nil || r.Session != SessionHours || r.To != r.From {
		t.Fatalf("%+v %v", r, err)
	}
	hourly, daily := Type{Unit: "hour"}, Type{Unit: "day"}
	if r, err = checkRequestType(r, hourly); err != nil || r.Hours != 150 {
		t.Fatalf("the range's hours: %+v %v", r, err)
	}
	if _, err := checkRequestType(r, daily); err == nil {
		t.Fatal("a range of a type counted in days was accepted")
	}
	r.Hours = 200
	if _, err := checkRequestType(r, hourly); err == nil {
		t.Fatal("hours that do not match the range were accepted")
	}

	rng := func(from, to string) Application {
		return Application{From: "2026-11-16", To: "2026-11-16", Session: SessionHours, FromTime: from, ToTime: to}
	}
	req := Request{From: "2026-11-16", To: "2026-11-16", Session: SessionHours, FromTime: "10:00", ToTime: "12:00"}
	cases := []struct {
		other Application
		want  bool
	}{
		{rng("08:00", "10:00"), false},
		{rng("12:00", "13:00"), false},
		{rng("11:59", "13:00"), true},
		{rng("09:00", "10:01"), true},
		{rng("10:30", "11:00"), true},
		{Application{From: "2026-11-16", To: "2026-11-16", Session: "full"}, true},
		{Application{From: "2026-11-16", To: "2026-11-16", Session: "am"}, true},
		{Application{From: "2026-11-10", To: "2026-11-20", Session: "full"}, true},
		{Application{From: "2026-11-17", To: "2026-11-17", Session: SessionHours, FromTime: "10:00", ToTime: "12:00"}, false},
	}
	for _, c := range cases {
		if got := overlapsAny([]Application{c.other}, req); got != c.want {
			t.Errorf("range 10:00-12:00 against %+v: overlap %v, want %v", c.other, got, c.want)
		}
	}
	// A morning and an afternoon still do not overlap; a full day still overlaps a half.
	am := Request{From: "2026-11-16", To: "2026-11-16", Session: "am"}
	if overlapsAny([]Application{{From: "2026-11-16", To: "2026-11-16", Session: "pm"}}, am) ||
		!overlapsAny([]Application{{From: "2026-11-16", To: "2026-11-16", Session: "full"}}, am) {
		t.Error("the half-day rule changed")
	}
}
