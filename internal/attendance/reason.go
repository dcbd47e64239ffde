package attendance

import (
	"strings"
	"time"
)

// ReasonCode names the rule of the engine that decided a day (issue 10: "every day's status
// explains itself"). There is one code per way Evaluate can decide a day; the parameters that
// make it concrete (the first punch, the time in, the holiday's name …) travel in
// ReasonParams, and the words are the UI's and the exports' (see ReasonText), so a day reads
// "late: first punch 08:07, time in 08:00" in the reader's language.
type ReasonCode string

// The reason codes, in the order of the rules of DESIGN §5.
const (
	// ReasonManual: an admin set the status by hand {by, comment}.
	ReasonManual ReasonCode = "manual"
	// ReasonHoliday: a holiday covers the date {name}.
	ReasonHoliday ReasonCode = "holiday"
	// ReasonNoSchedule: the person is in no group with a schedule on the date.
	ReasonNoSchedule ReasonCode = "no_schedule"
	// ReasonNotTracked: the date is outside the person's tracking window (issue 13).
	ReasonNotTracked ReasonCode = "not_tracked"
	// ReasonRestDay: the group's schedule makes the weekday a rest day.
	ReasonRestDay ReasonCode = "rest_day"
	// ReasonOffDay: the group's schedule does not work the weekday.
	ReasonOffDay ReasonCode = "off_day"
	// ReasonLeave and ReasonAway: approved full-day leave or away {type}.
	ReasonLeave ReasonCode = "leave"
	ReasonAway  ReasonCode = "away"
	// ReasonPresent: first punch at or before time in {first_punch, time_in}.
	ReasonPresent ReasonCode = "present"
	// ReasonLate: first punch after time in, at or before cut-off {first_punch, time_in}.
	ReasonLate ReasonCode = "late"
	// ReasonEarlyOut: on time, but the last punch is before time out {first_punch, last_punch, time_out}.
	ReasonEarlyOut ReasonCode = "early_out"
	// ReasonLateEarlyOut: late and left early {first_punch, time_in, last_punch, time_out}.
	ReasonLateEarlyOut ReasonCode = "late_early_out"
	// ReasonMissingOut: on time, one punch only and the day is over {first_punch}.
	ReasonMissingOut ReasonCode = "missing_out"
	// ReasonLateMissingOut: late, one punch only and the day is over {first_punch, time_in}.
	ReasonLateMissingOut ReasonCode = "late_missing_out"
	// ReasonAbsent: no punch before cut-off {cut_off}.
	ReasonAbsent ReasonCode = "absent"
	// ReasonAbsentAfterCutOff: the first punch came after cut-off {first_punch, cut_off}.
	ReasonAbsentAfterCutOff ReasonCode = "absent_after_cut_off"
	// ReasonHalfLeave and ReasonHalfAway: half-day leave or away and no punch before the
	// other half's cut-off {type, session, cut_off}.
	ReasonHalfLeave ReasonCode = "half_leave"
	ReasonHalfAway  ReasonCode = "half_away"
	// ReasonNotDecided: today, before cut-off, no punch yet {cut_off}.
	ReasonNotDecided ReasonCode = "not_decided"
	// ReasonFuture: a date that has not begun.
	ReasonFuture ReasonCode = "future"
)

// ReasonCodes lists every code, for tests and translation tables.
var ReasonCodes = []ReasonCode{ReasonNotTracked, ReasonManual, ReasonHoliday, ReasonNoSchedule, ReasonRestDay, ReasonOffDay, ReasonLeave, ReasonAway,
	ReasonPresent, ReasonLate, ReasonEarlyOut, ReasonLateEarlyOut, ReasonMissingOut, ReasonLateMissingOut,
	ReasonAbsent, ReasonAbsentAfterCutOff, ReasonHalfLeave, ReasonHalfAway, ReasonNotDecided, ReasonFuture}

// ReasonParams are the facts a reason names. Times are HH:MM in the organisation's zone. A
// present/late/early day under half-day leave or away also carries Session and Type, so the
// moved time in or time out explains itself.
type ReasonParams struct {
	FirstPunch string `json:"first_punch,omitempty"`
	LastPunch  string `json:"last_punch,omitempty"`
	TimeIn     string `json:"time_in,omitempty"`
	TimeOut    string `json:"time_out,omitempty"`
	CutOff     string `json:"cut_off,omitempty"`
	Name       string `json:"name,omitempty"`    // the holiday
	Type       string `json:"type,omitempty"`    // the leave or away type
	Session    string `json:"session,omitempty"` // "am" or "pm" for half-day leave or away
	By         string `json:"by,omitempty"`      // who set a manual status
	Comment    string `json:"comment,omitempty"` // why they set it
}

// Reason is why a day has its status.
type Reason struct {
	Code   ReasonCode   `json:"code"`
	Params ReasonParams `json:"params"`
}

// hm is an instant's time of day in loc, "HH:MM" (by hand: Format costs several times more,
// and a yearly report of thousands of people asks this millions of times).
func hm(t time.Time, loc *time.Location) string {
	h, m, _ := t.In(loc).Clock()
	return string([]byte{byte('0' + h/10), byte('0' + h%10), ':', byte('0' + m/10), byte('0' + m%10)})
}

// presentReason picks the code of a present day from its flags and fills the times it names.
func presentReason(late, early, missing bool, first, last, timeIn, timeOut time.Time, loc *time.Location) Reason {
	p := ReasonParams{FirstPunch: hm(first, loc)}
	code := ReasonPresent
	switch {
	case late && early:
		code = ReasonLateEarlyOut
	case late && missing:
		code = ReasonLateMissingOut
	case late:
		code = ReasonLate
	case early:
		code = ReasonEarlyOut
	case missing:
		code = ReasonMissingOut
	}
	if code != ReasonEarlyOut && code != ReasonMissingOut {
		p.TimeIn = hm(timeIn, loc)
	}
	if early {
		p.LastPunch, p.TimeOut = hm(last, loc), hm(timeOut, loc)
	}
	return Reason{Code: code, Params: p}
}

// ReasonText is a reason in words in a UI language (stored codes en, ms, ch, es, jp, de, fr;
// English for any other), with its parameters filled in: "Late: first punch 08:07, time in
// 08:00". Exports use it; the web app has the same texts in its locale files.
func ReasonText(r Reason, lang string) string {
	words, ok := reasonTexts[lang]
	if !ok {
		words = reasonTexts["en"]
	}
	tpl, ok := words[string(r.Code)]
	if !ok {
		return string(r.Code)
	}
	p := r.Params
	if r.Code == ReasonManual {
		if p.By == "" {
			p.By = words["by_unknown"]
		}
		if p.Comment == "" {
			p.Comment = words["no_comment"]
		}
	}
	session := p.Session
	if w, ok := words[session]; ok && (session == "am" || session == "pm") {
		session = w
	}
	fill := strings.NewReplacer("{first_punch}", p.FirstPunch, "{last_punch}", p.LastPunch, "{time_in}", p.TimeIn, "{time_out}", p.TimeOut,
		"{cut_off}", p.CutOff, "{name}", p.Name, "{type}", p.Type, "{session}", session, "{by}", p.By, "{comment}", p.Comment)
	s := fill.Replace(tpl)
	if p.Session != "" && r.Code != ReasonHalfLeave && r.Code != ReasonHalfAway {
		s += fill.Replace(words["half_day"])
	}
	return s
}
