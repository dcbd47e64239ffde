package attendance

import (
	"errors"
	"strconv"
	"time"
)

// Errors of the attendance domain.
var (
	ErrNotFound  = errors.New("attendance: not found")
	ErrGroupName = errors.New("attendance: group name taken")
)

// Group is a set of people who share a weekly schedule.
type Group struct {
	ID            int64  `json:"id"`
	OrgID         int64  `json:"-"`
	Kind          string `json:"kind"`
	Name          string `json:"name"`
	Description   string `json:"description"`
	Mode          string `json:"mode"`
	TimeIn        string `json:"time_in"`
	CutOffTimeIn  string `json:"cut_off_time_in"`
	TimeOut       string `json:"time_out"`
	CutOffTimeOut string `json:"cut_off_time_out"`
	// LateAfterCutOff: a first punch after cut-off-in counts as present and late (true) or
	// as absent (false, the default).
	LateAfterCutOff bool `json:"late_after_cut_off"`
	// OvertimeThreshold: overtime shorter than these minutes does not count (0: all counts).
	OvertimeThreshold int `json:"overtime_threshold_minutes"`
	// OvertimeApproval: counted overtime needs approval through the organisation's chain
	// (kind overtime) before payroll and the monthly sums take it as approved.
	OvertimeApproval bool   `json:"overtime_needs_approval"`
	Members          int    `json:"members"`
	EffectiveFrom    string `json:"effective_from"`
	// Created is when the group was made: the date its first times are reported from.
	Created time.Time `json:"-"`
}

// ScheduleDay is one weekday of a schedule: 1 Monday … 7 Sunday, its day type and times.
type ScheduleDay struct {
	Day     int    `json:"id"`
	Type    int    `json:"type"`
	TimeIn  string `json:"time_in"`
	TimeOut string `json:"time_out"`
}

// Version is a group's times and days in force from a date on.
type Version struct {
	GroupID       int64
	EffectiveFrom string
	TimeIn        string
	CutOffTimeIn  string
	TimeOut       string
	CutOffTimeOut string
	Days          []ScheduleDay
	// LateAfterCutOff is the group's setting (not versioned), read with the versions.
	LateAfterCutOff bool
	// OvertimeThreshold and OvertimeApproval are the group's overtime settings (not
	// versioned), read with the versions.
	OvertimeThreshold int
	OvertimeApproval  bool
}

// Membership is a person's stay in a group, from a date to a date (open when To is "").
type Membership struct {
	PersonID int64
	GroupID  int64
	From, To string
}

// Holiday is a named span of days off for the whole organisation.
type Holiday struct {
	ID    int64  `json:"holiday_id"`
	OrgID int64  `json:"-"`
	Name  string `json:"name"`
	Start string `json:"start"`
	End   string `json:"end"`
	Days  int    `json:"day"`
}

// Tracking is the window of dates attendance counts: from the organisation's tracking start
// and each person's joining date, to each person's leaving date ("" = no bound).
type Tracking struct {
	Start  string
	People map[int64][2]string // person → [joining date, leaving date]
}

// Tracked reports whether a person's date (YYYY-MM-DD) lies inside the window.
func (t Tracking) Tracked(personID int64, ds string) bool {
	if t.Start != "" && ds < t.Start {
		return false
	}
	w := t.People[personID]
	return (w[0] == "" || ds >= w[0]) && (w[1] == "" || ds <= w[1])
}

// Punch is one clock record.
type Punch struct {
	ID          int64     `json:"id"`
	OrgID       int64     `json:"-"`
	PersonID    int64     `json:"person_id"`
	At          time.Time `json:"at"`
	LocalTime   string    `json:"local_time"`
	Offset      int       `json:"utc_offset"` // minutes east of UTC
	Source      string    `json:"source"`
	DeviceID    *int64    `json:"device_id"`
	State       int       `json:"state"`
	VerifyMode  int       `json:"verify_mode"`
	Temperature *float64  `json:"temperature"`
	Mask        *bool     `json:"mask"` // a thermal terminal's mask detection; nil when not reported
	Raw         string    `json:"-"`
	CreatedBy   *int64    `json:"-"`
	// Where a web or kiosk punch was taken (issue 11): the position the phone reported,
	// its accuracy in metres, and the clock site it was accepted at.
	Latitude  *float64 `json:"latitude,omitempty"`
	Longitude *float64 `json:"longitude,omitempty"`
	Accuracy  *float64 `json:"accuracy,omitempty"`
	SiteID    *int64   `json:"site_id,omitempty"`
}

// Audit is one manual change of attendance, with the value it replaced.
type Audit struct {
	ID       int64     `json:"id"`
	PersonID int64     `json:"person_id"`
	Date     string    `json:"date"`
	Action   string    `json:"action"`
	OldValue string    `json:"old_value"`
	NewValue string    `json:"new_value"`
	Reason   string    `json:"reason"`
	UserName string    `json:"user_name"`
	At       time.Time `json:"at"`
}

// Sources of punches.
const (
	SourceWeb    = "web"
	SourceBeacon = "beacon"
	SourceManual = "manual"
	SourceKiosk  = "kiosk"
)

// DeviceSource is the source name of a punch from a device.
func DeviceSource(deviceID int64) string { return "device:" + strconv.FormatInt(deviceID, 10) }
