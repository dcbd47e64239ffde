package iclock

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"hadir/internal/device"
)

// ParseInfoParam reads the INFO parameter that firmware 2.x adds to its command polls
// (getrequest?INFO=...): comma-separated firmware version, user count, fingerprint count,
// attendance record count, IP address, fingerprint and face algorithm versions, faces needed
// per person, face count and a function flag string. Fields missing or not numbers are left
// unknown; an empty parameter reports nothing.
func ParseInfoParam(v string) device.Report {
	var r device.Report
	v = strings.TrimSpace(asText(v))
	if v == "" {
		return r
	}
	f := strings.Split(v, ",")
	at := func(i int) string {
		if i < len(f) {
			return strings.TrimSpace(f[i])
		}
		return ""
	}
	r.Firmware = clip(at(0), 100)
	r.Users = count(at(1))
	r.Fingerprints = count(at(2))
	r.Logs = count(at(3))
	r.Faces = count(at(8))
	r.Info = clip(v, 4096)
	return r
}

// ParseInfoReply reads the reply to an INFO command: KEY=value lines (FWVersion, UserCount,
// FPCount, FaceCount, TransactionCount, MaxUserCount, MaxAttLogCount, ...), kept whole as the
// device's info text too.
func ParseInfoReply(extra string) device.Report {
	extra = strings.TrimSpace(asText(extra))
	kv := Fields(strings.ReplaceAll(extra, "\n", "\t"))
	get := func(keys ...string) string {
		for _, k := range keys {
			if v, ok := kv[k]; ok {
				return strings.TrimSpace(v)
			}
		}
		return ""
	}
	return device.Report{
		Firmware:     clip(get("FWVersion", "~FWVersion", "FirmVer"), 100),
		Info:         clip(extra, 4096),
		Users:        count(get("UserCount", "~UserCount")),
		Fingerprints: count(get("FPCount", "FingerCount", "~FPCount")),
		Faces:        count(get("FaceCount", "~FaceCount")),
		Logs:         count(get("TransactionCount", "AttLogCount", "~TransactionCount")),
		MaxUsers:     count(get("MaxUserCount", "~MaxUserCount")),
		MaxLogs:      count(get("MaxAttLogCount", "~MaxAttLogCount")),
	}
}

// count reads a non-negative count; anything else is unknown (nil).
func count(s string) *int {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 100_000_000 {
		return nil
	}
	return &n
}

func clip(s string, n int) string {
	if len(s) > n {
		s = strings.ToValidUTF8(s[:n], "")
	}
	return s
}

// EncodeTime is the protocol's own encoding of a wall time as one number (the Security and
// Attendance PUSH documents' appendix): every month counts 31 days and every year 12 months,
// from 2000-01-01 00:00:00.
func EncodeTime(t time.Time) int64 {
	days := int64((t.Year()-2000)*12*31 + (int(t.Month())-1)*31 + t.Day() - 1)
	return days*86400 + int64((t.Hour()*60+t.Minute())*60+t.Second())
}

// DecodeTime reverses EncodeTime, giving the wall time in loc.
func DecodeTime(n int64, loc *time.Location) time.Time {
	sec := int(n % 86400)
	days := int(n / 86400)
	day := days%31 + 1
	month := (days/31)%12 + 1
	year := days/(31*12) + 2000
	return time.Date(year, time.Month(month), day, sec/3600, sec/60%60, sec%60, 0, loc)
}

// TimeReply is the answer to rtdata?type=time: the instant in UTC, encoded, and the offset
// of loc at that instant as ±HHMM (+0530 for India, -0400 for New York in summer).
func TimeReply(now time.Time, loc *time.Location) string {
	_, off := now.In(loc).Zone()
	sign := "+"
	if off < 0 {
		sign, off = "-", -off
	}
	return fmt.Sprintf("DateTime=%d,ServerTZ=%s%02d%02d", EncodeTime(now.UTC()), sign, off/3600, off/60%60)
}
