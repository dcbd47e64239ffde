// Package iclock speaks the ZKTeco "PUSH" (ADMS/iclock) HTTP protocol of attendance
// terminals: the handshake with its options block, ATTLOG uploads turned into punches,
// other uploads recorded, command polling and results, and the heartbeat. The device starts
// every exchange; its serial number (SN) names it.
package iclock

import (
	"errors"
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"
	"time"

	"hadir/internal/device"
)

// AttLog is one punch line of an ATTLOG upload.
type AttLog struct {
	PIN      string
	Time     time.Time // wall time as the device shows it (zone applied by the caller)
	Status   int       // 0 check-in, 1 check-out, 2 break out, 3 break in, 4 OT in, 5 OT out
	Verify   int       // 1 fingerprint, 15 face, ...
	WorkCode string
	// Thermal firmware (body temperature and mask detection) adds MaskFlag and Temperature
	// after the two reserved fields: PIN, time, status, verify, work code, reserved,
	// reserved, mask flag (1 mask, 0 none), temperature (°C, e.g. "36.6"). Nil when the line
	// does not carry them or carries the "not measured" value (0, 255, empty). These two
	// positions could not be checked against a public source with the search tools (issue 14:
	// public ATTLOG parsers name fields 7 onward only as reserved); a line whose fields there are
	// no plausible temperature is read as not thermal (thermal), so a wrong guess loses the
	// reading, never the punch. Security PUSH terminals send them by key (RTLog).
	Mask        *bool
	Temperature *float64
	Raw         string
}

// ErrBadLine is a line that is not a valid record.
var ErrBadLine = errors.New("iclock: bad line")

// ParseAttLog reads one ATTLOG line: PIN, "YYYY-MM-DD HH:MM:SS", status, verify, work code
// and reserved fields, separated by tabs (7 fields on older firmware, 12 on newer; extra
// fields are ignored). The time is read in loc.
func ParseAttLog(line string, loc *time.Location) (AttLog, error) {
	line = strings.TrimRight(line, "\r")
	f := strings.Split(line, "\t")
	if len(f) < 2 {
		return AttLog{}, fmt.Errorf("%w: %q", ErrBadLine, line)
	}
	a := AttLog{PIN: strings.TrimSpace(f[0]), Raw: line}
	if a.PIN == "" || len(a.PIN) > 24 {
		return AttLog{}, fmt.Errorf("%w: PIN %q", ErrBadLine, a.PIN)
	}
	t, err := time.ParseInLocation("2006-01-02 15:04:05", strings.TrimSpace(f[1]), loc)
	if err != nil {
		return AttLog{}, fmt.Errorf("%w: time %q", ErrBadLine, f[1])
	}
	a.Time = t
	if len(f) > 2 && strings.TrimSpace(f[2]) != "" {
		if a.Status, err = strconv.Atoi(strings.TrimSpace(f[2])); err != nil || a.Status < 0 || a.Status > 255 {
			return AttLog{}, fmt.Errorf("%w: status %q", ErrBadLine, f[2])
		}
	}
	if len(f) > 3 && strings.TrimSpace(f[3]) != "" {
		if a.Verify, err = strconv.Atoi(strings.TrimSpace(f[3])); err != nil || a.Verify < 0 || a.Verify > 255 {
			return AttLog{}, fmt.Errorf("%w: verify %q", ErrBadLine, f[3])
		}
	}
	if len(f) > 4 {
		a.WorkCode = strings.TrimSpace(f[4])
	}
	if len(f) > 8 {
		a.Mask, a.Temperature = thermal(strings.TrimSpace(f[7]), strings.TrimSpace(f[8]))
	}
	return a, nil
}

// thermal reads the mask flag and temperature of a thermal terminal's ATTLOG line. A
// temperature outside what a person can measure (the firmware's 0 / 255 "not measured") is
// no reading; one in the Fahrenheit range (a terminal set to °F) is converted to °C. The
// mask flag counts only beside a temperature field, and "no mask" only beside a real
// reading, since 12-field lines of non-thermal firmware have zeros or blanks in the same
// places. A bad value never rejects the punch.
func thermal(mask, temp string) (*bool, *float64) {
	if temp == "" {
		return nil, nil
	}
	v, err := strconv.ParseFloat(temp, 64)
	if err != nil || math.IsNaN(v) {
		return nil, nil
	}
	var t *float64
	switch {
	case v >= 25 && v <= 45:
		t = &v
	case v >= 77 && v <= 113:
		c := math.Round((v-32)*5/9*10) / 10
		t = &c
	}
	var m *bool
	if mask == "0" || mask == "1" {
		b := mask == "1"
		m = &b
	}
	if t == nil && v != 0 && v != 255 {
		return nil, nil // not a temperature at all: the fields mean something else
	}
	if t == nil && m != nil && !*m {
		// Zeros in both places are also what non-thermal firmware pads with: no reading.
		return nil, nil
	}
	return m, t
}

// FormatAttLog writes a punch as a 7-field ATTLOG line (what the simulator sends), or as a
// thermal terminal's 9-field line when it carries a temperature or mask flag.
func FormatAttLog(a AttLog) string {
	line := fmt.Sprintf("%s\t%s\t%d\t%d\t%s\t0\t0", a.PIN, a.Time.Format("2006-01-02 15:04:05"), a.Status, a.Verify, a.WorkCode)
	if a.Mask == nil && a.Temperature == nil {
		return line
	}
	mask, temp := "0", "0.0"
	if a.Mask != nil && *a.Mask {
		mask = "1"
	}
	if a.Temperature != nil {
		temp = strconv.FormatFloat(*a.Temperature, 'f', 1, 64)
	}
	return line + "\t" + mask + "\t" + temp
}

// Fields parses "KEY=value\tKEY=value" (USERINFO, BIOPHOTO and command bodies), after an
// optional leading word such as "USER" or "BIOPHOTO".
func Fields(s string) map[string]string {
	out := map[string]string{}
	s = strings.TrimRight(s, "\r")
	if i := strings.IndexAny(s, " \t"); i > 0 && !strings.Contains(s[:i], "=") {
		s = s[i+1:]
	}
	for _, part := range strings.Split(s, "\t") {
		k, v, ok := strings.Cut(part, "=")
		if ok {
			out[strings.TrimSpace(k)] = v
		}
	}
	return out
}

// Result is one command result a device posts to devicecmd.
type Result struct {
	ID     int64
	Return int
	Cmd    string
	Extra  string
}

// ParseResults reads devicecmd bodies: lines of "ID=12&Return=0&CMD=DATA" (several may come
// in one post); lines that follow a result (an INFO reply's KEY=value lines) are kept as its
// Extra text.
func ParseResults(body string) ([]Result, error) {
	var out []Result
	for _, line := range strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "ID=") {
			v, err := url.ParseQuery(line)
			if err != nil {
				return out, fmt.Errorf("%w: %q", ErrBadLine, line)
			}
			id, err1 := strconv.ParseInt(v.Get("ID"), 10, 64)
			ret, err2 := strconv.Atoi(strings.TrimSpace(v.Get("Return")))
			if err1 != nil || err2 != nil {
				return out, fmt.Errorf("%w: %q", ErrBadLine, line)
			}
			out = append(out, Result{ID: id, Return: ret, Cmd: v.Get("CMD")})
			continue
		}
		if len(out) > 0 {
			last := &out[len(out)-1]
			if len(last.Extra) < 4096 {
				last.Extra += strings.TrimPrefix(line, "~") + "\n"
			}
		}
	}
	return out, nil
}

// OldFirmware tells the black-and-white generation (6.60 and before), which sends no pushver
// (or one below 2) and reads TimeZone in whole hours only.
func OldFirmware(pushver string) bool {
	pushver = strings.TrimSpace(pushver)
	if pushver == "" {
		return true
	}
	major, _, _ := strings.Cut(pushver, ".")
	n, err := strconv.Atoi(major)
	return err == nil && n < 2
}

// TimeZoneOption is the handshake's TimeZone for the offset of loc at now, and the offset in
// seconds the terminal will run at. A whole-hour offset is sent in hours (8, -5), which every
// generation reads. Half-hour and 45-minute zones (+05:30, +05:45) are sent in minutes (330,
// 345): newer firmware reads a value beyond ±14 as minutes. Old firmware takes whole hours
// only; it is told the hour toward zero (5 for +05:30) and its punches are read at that
// offset, so they are stored at the right instant although its display is off by the rest.
// A decimal (5.5) is read by no firmware as meant: the field reported 30-minute drift.
func TimeZoneOption(now time.Time, loc *time.Location, old bool) (string, int) {
	_, off := now.In(loc).Zone()
	if off%3600 == 0 {
		return strconv.Itoa(off / 3600), off
	}
	if old {
		h := off / 3600 // toward zero
		return strconv.Itoa(h), h * 3600
	}
	return strconv.Itoa(off / 60), off - off%60
}

// Options is the handshake's answer block; tz is the TimeZone value (TimeZoneOption). Delay
// is the command-poll interval (device.PollInterval), which the health checker judges by.
func Options(sn, attStamp, tz string) string {
	return strings.Join([]string{
		"GET OPTION FROM: " + sn,
		"ATTLOGStamp=" + attStamp,
		"OPERLOGStamp=9999",
		"ATTPHOTOStamp=None",
		"ErrorDelay=30",
		"Delay=" + strconv.Itoa(int(device.PollInterval/time.Second)),
		"TransTimes=00:00;14:05",
		"TransInterval=1",
		"TransFlag=TransData AttLog OpLog EnrollUser ChgUser UserPic FACE",
		"TimeZone=" + tz,
		"Realtime=1",
		"Encrypt=None",
		"ServerVer=2.4.1 Hadir",
	}, "\n") + "\n"
}
