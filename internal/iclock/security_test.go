package iclock

import (
	"strings"
	"testing"
	"time"

	"hadir/internal/device"
)

// Recorded Security PUSH 3.x exchanges, as public ADMS server projects show them
// (docs/api-devices.md names the sources). Tabs are real tabs.
const (
	// POST /iclock/registry?SN=...: comma-separated, "~" marks optional keys.
	registryBody = "DeviceType=acc,~DeviceName=SpeedFace-V5L-RFID[TI],FirmVer=ZAM180-Ver1.1.17,PushVersion=3.1.2,StringPinFunOn=0,~MaxUserCount=3000,~MaxAttLogCount=100000,LockCount=1"
	// POST /iclock/cdata?SN=...&table=rtlog: one event per line, keyed and TAB-separated.
	rtlogGranted = "time=2017-01-10 11:49:32\tpin=1001\tcardno=0\teventaddr=1\tevent=0\tinoutstatus=0\tverifytype=15\tindex=42"
	// Newer firmware adds fields (sitecode, linkid, maskflag, temperature) in any order.
	rtlogThermal = "time=2026-09-28 11:40:45\tpin=41235478\tcardno=0\tsitecode=0\tlinkid=0\teventaddr=1\tevent=3\tinoutstatus=1\tverifytype=0000000000000010\tindex=7\tmaskflag=1\ttemperature=36.5"
	rtlogDoor    = "time=2026-09-28 11:41:02\tpin=0\tcardno=0\teventaddr=1\tevent=206\tinoutstatus=2\tverifytype=200\tindex=8"
	rtlogDenied  = "time=2026-09-28 11:42:10\tpin=1001\tcardno=0\teventaddr=2\tevent=27\tinoutstatus=0\tverifytype=15\tindex=9"
	// POST /iclock/cdata?SN=...&table=tabledata&tablename=user&count=1: the table name
	// leads the record, separated by a space.
	tabledataUser = "user uid=1\tcardno=\tpin=1\tpassword=\tgroup=1\tstarttime=0\tendtime=0\tname=Aminah\tprivilege=14\tdisable=0\tverify=0"
)

func TestParseRTLog(t *testing.T) {
	kl, _ := time.LoadLocation("Asia/Kuala_Lumpur")
	r, err := ParseRTLog(rtlogGranted, kl)
	if err != nil || r.PIN != "1001" || r.Event != 0 || r.InOut != 0 || r.Door != 1 || r.VerifyType != "15" || r.Index != "42" ||
		!r.Time.Equal(time.Date(2017, 1, 10, 11, 49, 32, 0, kl)) || r.LocalTime != "2017-01-10T11:49:32" {
		t.Fatalf("%+v %v", r, err)
	}
	if r.Mask != nil || r.Temperature != nil {
		t.Fatalf("a record without thermal fields has %v %v", r.Mask, r.Temperature)
	}
	r, err = ParseRTLog(rtlogThermal, kl)
	if err != nil || r.PIN != "41235478" || r.Event != 3 || r.InOut != 1 || r.VerifyType != "0000000000000010" ||
		r.Mask == nil || !*r.Mask || r.Temperature == nil || *r.Temperature != 36.5 {
		t.Fatalf("thermal: %+v %v", r, err)
	}
	// Read by key: in front of the other fields, in Fahrenheit, or "not measured" (255).
	r, _ = ParseRTLog("temperature=98.6\tmaskflag=0\t"+rtlogGranted, kl)
	if r.Mask == nil || *r.Mask || r.Temperature == nil || *r.Temperature != 37 {
		t.Fatalf("thermal first, °F: %v %v", r.Mask, r.Temperature)
	}
	if r, _ = ParseRTLog(rtlogGranted+"\tmaskflag=0\ttemperature=255", kl); r.Mask != nil || r.Temperature != nil {
		t.Fatalf("not measured: %v %v", r.Mask, r.Temperature)
	}
	for _, bad := range []string{"", "pin=1\tevent=0", "time=2026-13-01 00:00:00\tpin=1\tevent=0", "time=2026-01-01 00:00:00\tpin=1\tevent=x",
		"time=2026-01-01 00:00:00\tpin=1", "time=2026-01-01 00:00:00\tpin=1\tevent=0\teventaddr=door"} {
		if _, err := ParseRTLog(bad, kl); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}

func TestEventKind(t *testing.T) {
	for _, c := range []struct {
		line, kind string
	}{{rtlogGranted, "granted"}, {rtlogThermal, "granted"}, {rtlogDoor, "device"}, {rtlogDenied, "denied"}} {
		r, err := ParseRTLog(c.line, time.UTC)
		if err != nil {
			t.Fatal(err)
		}
		if k := EventKind(r.PIN, r.Event); k != c.kind {
			t.Errorf("%q: %s, want %s", c.line, k, c.kind)
		}
	}
	for _, c := range []struct {
		pin   string
		event int
		kind  string
	}{{"7", 19, "granted"}, {"7", 20, "denied"}, {"7", 99, "denied"}, {"7", 100, "alarm"}, {"7", 199, "alarm"}, {"7", 200, "granted"},
		{"7", 253, "granted"}, {"7", 254, "unknown"}, {"7", -1, "unknown"}, {"", 0, "device"}, {"000", 0, "device"}, {"E1", 0, "granted"}} {
		if k := EventKind(c.pin, c.event); k != c.kind {
			t.Errorf("%s/%d: %s, want %s", c.pin, c.event, k, c.kind)
		}
	}
}

func TestParseRegistry(t *testing.T) {
	r := ParseRegistry(registryBody)
	if r.Firmware != "ZAM180-Ver1.1.17" || r.PushVersion != "3.1.2" || r.Info != "DeviceName=SpeedFace-V5L-RFID[TI]" ||
		r.MaxUsers == nil || *r.MaxUsers != 3000 || r.MaxLogs == nil || *r.MaxLogs != 100000 {
		t.Fatalf("%+v", r)
	}
	if r := ParseRegistry("garbage,,=,~=x"); r.Firmware != "" || r.MaxUsers != nil {
		t.Fatalf("%+v", r)
	}
}

func TestKeyedFields(t *testing.T) {
	f := KeyedFields(tabledataUser)
	if f["uid"] != "1" || f["pin"] != "1" || f["name"] != "Aminah" || f["privilege"] != "14" || f["cardno"] != "" {
		t.Fatalf("%v", f)
	}
	// Without the table name in front, the same.
	if f := KeyedFields(strings.TrimPrefix(tabledataUser, "user ")); f["uid"] != "1" || f["name"] != "Aminah" {
		t.Fatalf("%v", f)
	}
}

func TestSecurityOptions(t *testing.T) {
	d := device.Device{RegistryCode: "RC1", SessionID: "S1"}
	hs := SecurityOptions(d, true)
	if !strings.HasPrefix(hs, "registry=ok\nRegistryCode=RC1\n") || !strings.Contains(hs, "\nSessionID=S1\n") || !strings.Contains(hs, "\nRealtime=1\n") {
		t.Fatalf("%q", hs)
	}
	if p := SecurityOptions(d, false); strings.Contains(p, "registry=") || !strings.Contains(p, "SessionID=S1") {
		t.Fatalf("%q", p)
	}
}

func TestSecurityCommand(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{device.UserCommand("E1", "Aminah\tbinti Ali"), "DATA UPDATE user CardNo=\tPin=E1\tPassword=\tGroup=0\tStartTime=0\tEndTime=0\tName=Aminah binti Ali\tPrivilege=0"},
		{"DATA DELETE USERINFO PIN=E1", "DATA DELETE user Pin=E1"},
		{device.PhotoCommand("E1", []byte("jpg")), "DATA UPDATE biophoto PIN=E1\tType=9\tSize=4\tContent=anBn\tFormat=0\tUrl=\tPostBackTmpFlag=0"},
		{"INFO", ""}, {"CHECK", ""}, {"REBOOT", "REBOOT"},
	} {
		if got := device.SecurityCommand(c.in); got != c.out {
			t.Errorf("%q:\n got %q\nwant %q", c.in, got, c.out)
		}
	}
}

func FuzzParseRTLog(f *testing.F) {
	for _, s := range []string{rtlogGranted, rtlogThermal, rtlogDoor, rtlogDenied, "time=\tpin=\tevent=", "=\t=\t=", "x y=z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		r, err := ParseRTLog(line, time.UTC)
		if err != nil {
			return
		}
		if !storable(r.PIN) || len(r.PIN) > 40 || len(r.VerifyType) > 32 || len(r.Card) > 40 || len(r.Raw) > 1000 || r.LocalTime != r.Time.Format("2006-01-02T15:04:05") ||
			(r.Temperature != nil && (*r.Temperature < 25 || *r.Temperature > 45)) {
			t.Fatalf("accepted a bad record %+v from %q", r, line)
		}
		switch EventKind(r.PIN, r.Event) {
		case "granted", "denied", "alarm", "device", "unknown":
		default:
			t.Fatalf("kind of %+v", r)
		}
	})
}

func FuzzParseRegistry(f *testing.F) {
	f.Add(registryBody)
	f.Add("~MaxUserCount=-1,FirmVer=" + strings.Repeat("x", 300))
	f.Fuzz(func(t *testing.T, body string) {
		r := ParseRegistry(body)
		if len(r.Firmware) > 100 || len(r.PushVersion) > 40 || len(r.Info) > 500 || (r.MaxUsers != nil && *r.MaxUsers < 0) {
			t.Fatalf("%+v from %q", r, body)
		}
	})
}

func FuzzKeyedFields(f *testing.F) {
	f.Add(tabledataUser)
	f.Add(rtlogThermal)
	f.Fuzz(func(t *testing.T, s string) {
		for k := range KeyedFields(s) {
			if strings.ContainsAny(k, "\t") {
				t.Fatalf("key %q", k)
			}
		}
	})
}

func FuzzSecurityCommand(f *testing.F) {
	f.Add(device.UserCommand("E1", "Aminah"))
	f.Add("DATA DELETE USERINFO PIN=E1")
	f.Add(device.PhotoCommand("E1", []byte("x")))
	f.Fuzz(func(t *testing.T, cmd string) {
		out := device.SecurityCommand(cmd)
		if strings.Contains(out, "\n") && !strings.Contains(cmd, "\n") {
			t.Fatalf("a line break from %q", cmd)
		}
	})
}
