package iclock

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// Lines as terminals send them (from recorded exchanges of SpeedFace/ProFace firmware).
const (
	attlog7  = "1001\t2026-11-16 07:52:10\t0\t15\t0\t0\t0"
	attlog12 = "1002\t2026-11-16 08:20:44\t1\t15\t\t0\t0\t0\t0\t36.6\t0\t0"
	userinfo = "USER PIN=1001\tName=Nurul Huda\tPri=0\tPasswd=\tCard=\tGrp=1\tTZ=0000000000000000\tVerify=0\tViceCard="
	biophoto = "BIOPHOTO PIN=1001\tNo=0\tIndex=0\tValid=1\tDuress=0\tType=9\tMajorVer=5\tMinorVer=8\tFormat=0\tTmp=QUJD"
)

func TestParseAttLog(t *testing.T) {
	kl, _ := time.LoadLocation("Asia/Kuala_Lumpur")
	a, err := ParseAttLog(attlog7, kl)
	if err != nil || a.PIN != "1001" || a.Status != 0 || a.Verify != 15 || !a.Time.Equal(time.Date(2026, 11, 16, 7, 52, 10, 0, kl)) {
		t.Fatalf("7 fields: %+v %v", a, err)
	}
	b, err := ParseAttLog(attlog12+"\r", kl)
	if err != nil || b.PIN != "1002" || b.Status != 1 || b.Time.UTC().Hour() != 0 || b.Time.UTC().Minute() != 20 {
		t.Fatalf("12 fields: %+v %v", b, err)
	}
	if got := FormatAttLog(a); !strings.HasPrefix(got, "1001\t2026-11-16 07:52:10\t0\t15") {
		t.Fatalf("format: %q", got)
	}
	for _, bad := range []string{"", "1001", "\t2026-11-16 07:52:10", "1001\t16/11/2026 07:52", "1001\t2026-11-16 07:52:10\tx", "1001\t2026-11-16 07:52:10\t0\t-3"} {
		if _, err := ParseAttLog(bad, kl); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}

func TestFields(t *testing.T) {
	u := Fields(userinfo)
	if u["PIN"] != "1001" || u["Name"] != "Nurul Huda" || u["Pri"] != "0" || u["Grp"] != "1" {
		t.Fatalf("%v", u)
	}
	b := Fields(biophoto)
	if b["PIN"] != "1001" || b["Type"] != "9" || b["Tmp"] != "QUJD" {
		t.Fatalf("%v", b)
	}
	c := Fields("DATA UPDATE USERINFO PIN=7\tName=A=B")
	if c["Name"] != "A=B" {
		t.Fatalf("%v", c)
	}
}

func TestParseResults(t *testing.T) {
	body := "ID=11&Return=0&CMD=DATA\nID=12&Return=-1001&CMD=DATA\r\nID=13&Return=0&CMD=INFO\n~DeviceName=SpeedFace-V5L\nFWVersion=Ver 6.60 Apr 21 2021\nUserCount=3\n"
	rs, err := ParseResults(body)
	if err != nil || len(rs) != 3 {
		t.Fatalf("%+v %v", rs, err)
	}
	if rs[1].Return != -1001 || rs[2].Cmd != "INFO" || !strings.Contains(rs[2].Extra, "FWVersion=Ver 6.60") || !strings.Contains(rs[2].Extra, "DeviceName=SpeedFace") {
		t.Fatalf("%+v", rs)
	}
	if _, err := ParseResults("ID=x&Return=0"); err == nil {
		t.Fatal("a bad id was accepted")
	}
}

func TestOptions(t *testing.T) {
	o := Options("SIM0001", "None", "8")
	for _, want := range []string{"GET OPTION FROM: SIM0001\n", "ATTLOGStamp=None\n", "TimeZone=8\n", "Realtime=1\n", "ErrorDelay=30\n", "TransFlag=", "ServerVer="} {
		if !strings.Contains(o, want) {
			t.Errorf("options lack %q:\n%s", want, o)
		}
	}
}

// TimeZone per firmware generation: whole hours for every generation when the offset is
// whole; minutes for newer firmware in half-hour and 45-minute zones; the hour toward zero
// for old firmware, whose punches are then read at that offset. Never a decimal.
func TestTimeZoneOption(t *testing.T) {
	zone := func(name string) *time.Location {
		l, err := time.LoadLocation(name)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	summer := time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
	winter := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		loc     string
		at      time.Time
		pushver string
		want    string
		told    int
	}{
		{"Asia/Kuala_Lumpur", winter, "2.4.1", "8", 8 * 3600},
		{"Asia/Kuala_Lumpur", winter, "", "8", 8 * 3600},
		{"Asia/Kolkata", winter, "2.4.1", "330", 330 * 60},
		{"Asia/Kolkata", winter, "2.2.14", "330", 330 * 60},
		{"Asia/Kolkata", winter, "", "5", 5 * 3600},
		{"Asia/Kathmandu", winter, "2.4.1", "345", 345 * 60},
		{"America/St_Johns", winter, "2.4.1", "-210", -210 * 60},
		{"America/St_Johns", winter, "", "-3", -3 * 3600},
		{"America/New_York", summer, "2.4.1", "-4", -4 * 3600},
		{"America/New_York", winter, "", "-5", -5 * 3600},
	} {
		got, told := TimeZoneOption(c.at, zone(c.loc), OldFirmware(c.pushver))
		if got != c.want || told != c.told {
			t.Errorf("%s %q: TimeZone=%s (told %d), want %s (%d)", c.loc, c.pushver, got, told, c.want, c.told)
		}
	}
	for v, old := range map[string]bool{"": true, "1.0": true, "2.2.14": false, "2.4.1": false, "3.1.2": false, "x": false} {
		if OldFirmware(v) != old {
			t.Errorf("OldFirmware(%q) = %v", v, !old)
		}
	}
}

func FuzzParseAttLog(f *testing.F) {
	for _, s := range []string{attlog7, attlog12, "1\t2026-01-01 00:00:00", "\t\t\t", "PIN\t9999-99-99 99:99:99\t0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		a, err := ParseAttLog(line, time.UTC)
		if err != nil {
			return
		}
		if a.PIN == "" || strings.ContainsAny(a.PIN, "\t") || a.Status < 0 || a.Verify < 0 {
			t.Fatalf("accepted a bad record %+v from %q", a, line)
		}
		again, err := ParseAttLog(FormatAttLog(a), time.UTC)
		if err != nil || again.PIN != a.PIN || !again.Time.Equal(a.Time) || again.Status != a.Status {
			t.Fatalf("round trip of %q: %+v %v", line, again, err)
		}
	})
}

func FuzzParseResults(f *testing.F) {
	f.Add("ID=11&Return=0&CMD=DATA\nID=13&Return=0&CMD=INFO\n~DeviceName=X\n")
	f.Add("ID=%zz&Return=0")
	f.Fuzz(func(t *testing.T, body string) {
		rs, _ := ParseResults(body)
		for _, r := range rs {
			if len(r.Extra) > 8192 {
				t.Fatalf("unbounded extra text: %d", len(r.Extra))
			}
		}
	})
}

func FuzzFields(f *testing.F) {
	f.Add(userinfo)
	f.Add(biophoto)
	f.Fuzz(func(t *testing.T, s string) {
		for k := range Fields(s) {
			if strings.Contains(k, "\t") {
				t.Fatalf("key with a tab: %q", k)
			}
		}
	})
}

// Thermal firmware's ATTLOG line carries the mask flag and temperature after the two reserved
// fields; "not measured" values, °F terminals and non-thermal 12-field lines are read right,
// and a bad thermal value never rejects the punch (issue 14).
func TestParseAttLogThermal(t *testing.T) {
	show := func(a AttLog) string {
		m, tt := "-", "-"
		if a.Mask != nil {
			m = fmt.Sprint(*a.Mask)
		}
		if a.Temperature != nil {
			tt = fmt.Sprint(*a.Temperature)
		}
		return m + " " + tt
	}
	for line, want := range map[string]string{
		"7\t2026-11-19 08:05:00\t0\t15\t0\t0\t0\t1\t36.6":            "true 36.6",
		"7\t2026-11-19 08:05:00\t0\t15\t0\t0\t0\t0\t37.9\t\t\t":      "false 37.9",
		"7\t2026-11-19 08:05:00\t0\t15\t0\t0\t0\t1\t0.0":             "true -",  // mask detection on, no thermometer reading
		"7\t2026-11-19 08:05:00\t0\t15\t0\t0\t0\t0\t255":             "- -",     // the firmware's "not measured"
		"1002\t2026-11-16 08:20:44\t1\t15\t\t0\t0\t0\t0\t36.6\t0\t0": "- -",     // zeros padded by non-thermal firmware
		"7\t2026-11-19 08:05:00\t0\t15\t0\t0\t0\t1\t98.6":            "true 37", // a terminal set to °F
		"7\t2026-11-19 08:05:00\t0\t15\t0\t0\t0\t1\t1234":            "- -",     // not a temperature: the fields mean something else
		"7\t2026-11-19 08:05:00\t0\t15\t0\t0\t0\tx\tabc":             "- -",
		"7\t2026-11-19 08:05:00\t0\t15\t0\t0\t0\t\t\t\t\t":           "- -", // pushver 2.4 non-thermal, 12 fields
		"7\t2026-11-19 08:05:00\t0\t1\t0\t0\t0":                      "- -", // B&W 6.60, 7 fields
		"7\t2026-11-19 08:05:00\t0\t15\t0\t0\t0\t2\t36.4":            "- 36.4",
	} {
		a, err := ParseAttLog(line, time.UTC)
		if err != nil || show(a) != want {
			t.Errorf("%q: %s (%v), want %s", line, show(a), err, want)
		}
	}
	// The simulator's thermal line reads back the same.
	temp, mask := 36.8, true
	at := time.Date(2026, 11, 19, 8, 5, 0, 0, time.UTC)
	back, err := ParseAttLog(FormatAttLog(AttLog{PIN: "7", Time: at, Verify: 15, Temperature: &temp, Mask: &mask}), time.UTC)
	if err != nil || show(back) != "true 36.8" || !back.Time.Equal(at) {
		t.Fatalf("round trip: %s %v", show(back), err)
	}
	if plain := FormatAttLog(AttLog{PIN: "7", Time: at}); strings.Count(plain, "\t") != 6 {
		t.Fatalf("plain line %q", plain)
	}
}
