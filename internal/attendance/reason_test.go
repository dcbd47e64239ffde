package attendance

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestEvaluateReasons checks that every rule that can decide a day names itself with its
// parameters, and that every code of ReasonCodes is reached by some case.
func TestEvaluateReasons(t *testing.T) {
	kl := mustLoc(t, "Asia/Kuala_Lumpur")
	date := time.Date(2026, 11, 16, 0, 0, 0, 0, kl) // a Monday
	p := func(hm string) time.Time {
		c := clk(hm)
		return time.Date(2026, 11, 16, int(c)/60, int(c)%60, 0, 0, kl)
	}
	later := time.Date(2026, 11, 20, 0, 0, 0, 0, kl)
	grouped := office
	grouped.Grouped = true
	annual := &Leave{Status: StatusLeave, Session: "full", Name: "Annual leave"}
	training := &Leave{Status: StatusAway, Session: "full", Name: "Training"}
	cases := []struct {
		name string
		day  Day
		now  time.Time
		want Reason
	}{
		{"manual names who and why", Day{Rule: grouped, Holiday: "Deepavali", Manual: &Manual{Status: StatusPresent, Remark: "attended a course", By: "Aisyah"}}, later,
			Reason{ReasonManual, ReasonParams{By: "Aisyah", Comment: "attended a course"}}},
		{"holiday names the holiday", Day{Rule: grouped, Holiday: "Deepavali", Punches: []time.Time{p("07:50")}}, later,
			Reason{ReasonHoliday, ReasonParams{Name: "Deepavali"}}},
		{"outside the tracking window", Day{Rule: Rule{NotTracked: true}, Manual: &Manual{Status: StatusPresent}}, later, Reason{Code: ReasonNotTracked}},
		{"no group: no schedule", Day{Rule: Rule{}}, later, Reason{Code: ReasonNoSchedule}},
		{"rest day of the schedule", Day{Rule: Rule{Grouped: true, DayType: DayRest}, Punches: []time.Time{p("09:00")}}, later, Reason{Code: ReasonRestDay}},
		{"weekday the schedule does not work", Day{Rule: Rule{Grouped: true}}, later, Reason{Code: ReasonOffDay}},
		{"full-day leave names the type", Day{Rule: grouped, Leave: annual, Punches: []time.Time{p("07:50")}}, later,
			Reason{ReasonLeave, ReasonParams{Type: "Annual leave"}}},
		{"full-day away names the type", Day{Rule: grouped, Leave: training}, later, Reason{ReasonAway, ReasonParams{Type: "Training"}}},
		{"present", Day{Rule: grouped, Punches: []time.Time{p("07:52"), p("17:05")}}, later,
			Reason{ReasonPresent, ReasonParams{FirstPunch: "07:52", TimeIn: "08:00"}}},
		{"late", Day{Rule: grouped, Punches: []time.Time{p("08:07"), p("17:30")}}, later,
			Reason{ReasonLate, ReasonParams{FirstPunch: "08:07", TimeIn: "08:00"}}},
		{"early out", Day{Rule: grouped, Punches: []time.Time{p("07:45"), p("16:30")}}, later,
			Reason{ReasonEarlyOut, ReasonParams{FirstPunch: "07:45", LastPunch: "16:30", TimeOut: "17:00"}}},
		{"late and early out", Day{Rule: grouped, Punches: []time.Time{p("09:15"), p("16:30")}}, later,
			Reason{ReasonLateEarlyOut, ReasonParams{FirstPunch: "09:15", TimeIn: "08:00", LastPunch: "16:30", TimeOut: "17:00"}}},
		{"one punch, day over", Day{Rule: grouped, Punches: []time.Time{p("07:45")}}, later,
			Reason{ReasonMissingOut, ReasonParams{FirstPunch: "07:45"}}},
		{"late, one punch, day over", Day{Rule: grouped, Punches: []time.Time{p("08:30")}}, later,
			Reason{ReasonLateMissingOut, ReasonParams{FirstPunch: "08:30", TimeIn: "08:00"}}},
		{"one punch, day running: present so far", Day{Rule: grouped, Punches: []time.Time{p("07:45")}}, p("12:00"),
			Reason{ReasonPresent, ReasonParams{FirstPunch: "07:45", TimeIn: "08:00"}}},
		{"a punch counts by its minute: 08:00:40 is on time", Day{Rule: grouped, Punches: []time.Time{p("08:00").Add(40 * time.Second), p("17:05")}}, later,
			Reason{ReasonPresent, ReasonParams{FirstPunch: "08:00", TimeIn: "08:00"}}},
		{"10:00:30 is before a 10:00 cut-off, late", Day{Rule: grouped, Punches: []time.Time{p("10:00").Add(30 * time.Second), p("17:05")}}, later,
			Reason{ReasonLate, ReasonParams{FirstPunch: "10:00", TimeIn: "08:00"}}},
		{"a second punch before time out, time out not reached: not early yet", Day{Rule: grouped, Punches: []time.Time{p("07:50"), p("12:10")}}, p("13:00"),
			Reason{ReasonPresent, ReasonParams{FirstPunch: "07:50", TimeIn: "08:00"}}},
		{"the same punches once time out has passed: early out", Day{Rule: grouped, Punches: []time.Time{p("07:50"), p("12:10")}}, p("17:00"),
			Reason{ReasonEarlyOut, ReasonParams{FirstPunch: "07:50", LastPunch: "12:10", TimeOut: "17:00"}}},
		{"no punch before cut-off", Day{Rule: grouped}, p("10:01"), Reason{ReasonAbsent, ReasonParams{CutOff: "10:00"}}},
		{"first punch after cut-off", Day{Rule: grouped, Punches: []time.Time{p("10:20"), p("17:00")}}, later,
			Reason{ReasonAbsentAfterCutOff, ReasonParams{FirstPunch: "10:20", CutOff: "10:00"}}},
		{"am leave, late for the afternoon: moved time in", Day{Rule: grouped, Leave: &Leave{Status: StatusLeave, Session: "am", Name: "Annual leave"}, Punches: []time.Time{p("12:40"), p("17:00")}}, later,
			Reason{ReasonLate, ReasonParams{FirstPunch: "12:40", TimeIn: "12:30", Type: "Annual leave", Session: "am"}}},
		{"pm away, left before the moved time out", Day{Rule: grouped, Leave: &Leave{Status: StatusAway, Session: "pm", Name: "Training"}, Punches: []time.Time{p("07:58"), p("12:00")}}, later,
			Reason{ReasonEarlyOut, ReasonParams{FirstPunch: "07:58", LastPunch: "12:00", TimeOut: "12:30", Type: "Training", Session: "pm"}}},
		{"pm leave, no punch before cut-off", Day{Rule: grouped, Leave: &Leave{Status: StatusLeave, Session: "pm", Name: "Annual leave"}}, later,
			Reason{ReasonHalfLeave, ReasonParams{Type: "Annual leave", Session: "pm", CutOff: "10:00"}}},
		{"am away, no punch before the moved cut-off", Day{Rule: grouped, Leave: &Leave{Status: StatusAway, Session: "am", Name: "Training"}}, later,
			Reason{ReasonHalfAway, ReasonParams{Type: "Training", Session: "am", CutOff: "14:30"}}},
		{"today before cut-off", Day{Rule: grouped}, p("09:59"), Reason{ReasonNotDecided, ReasonParams{CutOff: "10:00"}}},
		{"a day not begun", Day{Rule: grouped}, p("00:00").AddDate(0, 0, -3), Reason{Code: ReasonFuture}},
	}
	seen := map[ReasonCode]bool{}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.day.Date = date
			got := Evaluate(c.day, kl, c.now)
			if got.Reason != c.want {
				t.Fatalf("reason %+v, want %+v (status %d)", got.Reason, c.want, got.Status)
			}
			seen[got.Reason.Code] = true
		})
	}
	for _, code := range ReasonCodes {
		if !seen[code] {
			t.Errorf("no case reaches reason %q", code)
		}
	}
}

// TestNightShiftReasons: a night shift's times and cut-off after midnight read as clock times.
func TestNightShiftReasons(t *testing.T) {
	kl := mustLoc(t, "Asia/Kuala_Lumpur")
	d0 := time.Date(2026, 11, 16, 0, 0, 0, 0, kl)
	r := night
	r.Grouped, r.CutOffIn = true, clk("00:30") // cut-off-in after midnight
	now := time.Date(2026, 11, 20, 0, 0, 0, 0, kl)
	got := Evaluate(Day{Date: d0, Rule: r, Punches: []time.Time{time.Date(2026, 11, 16, 22, 10, 0, 0, kl), time.Date(2026, 11, 17, 5, 0, 0, 0, kl)}}, kl, now)
	want := Reason{ReasonLateEarlyOut, ReasonParams{FirstPunch: "22:10", TimeIn: "22:00", LastPunch: "05:00", TimeOut: "06:00"}}
	if got.Reason != want {
		t.Fatalf("night: %+v", got.Reason)
	}
	if got := Evaluate(Day{Date: d0, Rule: r}, kl, now); got.Reason != (Reason{ReasonAbsent, ReasonParams{CutOff: "00:30"}}) {
		t.Fatalf("night absent: %+v", got.Reason)
	}
}

func TestReasonText(t *testing.T) {
	cases := []struct {
		r    Reason
		lang string
		want string
	}{
		{Reason{ReasonLate, ReasonParams{FirstPunch: "08:07", TimeIn: "08:00"}}, "en", "Late: first punch 08:07, time in 08:00"},
		{Reason{ReasonAbsent, ReasonParams{CutOff: "10:00"}}, "de", "Abwesend: keine Stempelung vor der Stichzeit 10:00"},
		{Reason{ReasonHoliday, ReasonParams{Name: "Deepavali"}}, "ms", "Cuti umum: Deepavali"},
		{Reason{ReasonManual, ReasonParams{By: "Aisyah", Comment: "course"}}, "fr", "Fixé à la main par Aisyah : course"},
		{Reason{Code: ReasonManual}, "en", "Set by hand by an administrator: no reason given"},
		{Reason{ReasonLate, ReasonParams{FirstPunch: "12:40", TimeIn: "12:30", Type: "Annual leave", Session: "am"}}, "en",
			"Late: first punch 12:40, time in 12:30 · half day (morning): Annual leave"},
		{Reason{ReasonHalfAway, ReasonParams{Type: "Training", Session: "pm", CutOff: "10:00"}}, "jp", "半日外出（午後）：Training、残り半日は締切 10:00 までに打刻なし"},
		{Reason{Code: ReasonFuture}, "xx", "Not decided yet: the day has not begun"},
	}
	for _, c := range cases {
		if got := ReasonText(c.r, c.lang); got != c.want {
			t.Errorf("%s/%s: %q, want %q", c.r.Code, c.lang, got, c.want)
		}
	}
	// Every code has words in every language, and no placeholder is left unfilled.
	full := ReasonParams{FirstPunch: "1", LastPunch: "2", TimeIn: "3", TimeOut: "4", CutOff: "5", Name: "6", Type: "7", By: "8", Comment: "9"}
	for lang := range reasonTexts {
		for _, code := range ReasonCodes {
			if _, ok := reasonTexts[lang][string(code)]; !ok {
				t.Errorf("%s: no words for %s", lang, code)
			}
			if s := ReasonText(Reason{code, full}, lang); strings.ContainsAny(s, "{}") {
				t.Errorf("%s/%s: %q", lang, code, s)
			}
		}
	}
}

// TestReasonTextMatchesUI keeps the exports' words and the web app's the same.
func TestReasonTextMatchesUI(t *testing.T) {
	placeholder := regexp.MustCompile(`\{\{(\w+)\}\}`)
	for lang, words := range reasonTexts {
		b, err := os.ReadFile(filepath.Join("..", "..", "web", "src", "locales", lang, "attendance.json"))
		if err != nil {
			t.Fatal(err)
		}
		var file struct {
			Reason map[string]string `json:"reason"`
		}
		if err := json.Unmarshal(b, &file); err != nil {
			t.Fatal(err)
		}
		if len(file.Reason) != len(words) {
			t.Errorf("%s: the UI has %d reason texts, the exports %d", lang, len(file.Reason), len(words))
		}
		for k, v := range words {
			ui := file.Reason[map[string]string{"am": "session_am", "pm": "session_pm"}[k]]
			if ui == "" {
				ui = file.Reason[k]
			}
			if got := placeholder.ReplaceAllString(ui, "{$1}"); got != v {
				t.Errorf("%s.%s: UI %q, exports %q", lang, k, got, v)
			}
		}
	}
}

// BenchmarkEvaluateWithReason is one present day with its reason: the cost a report pays per
// person and date.
func BenchmarkEvaluateWithReason(b *testing.B) {
	kl, _ := time.LoadLocation("Asia/Kuala_Lumpur")
	date := time.Date(2026, 11, 16, 0, 0, 0, 0, kl)
	r := office
	r.Grouped = true
	day := Day{Date: date, Rule: r, Punches: []time.Time{date.Add(8*time.Hour + 7*time.Minute), date.Add(16 * time.Hour)}}
	now := date.AddDate(0, 0, 3)
	for b.Loop() {
		_ = Evaluate(day, kl, now)
	}
}
