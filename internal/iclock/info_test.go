package iclock

import (
	"strconv"
	"testing"
	"time"
	"unicode/utf8"

	"hadir/internal/device"
)

func TestEncodeTimeMatchesTheProtocolFormula(t *testing.T) {
	// 2026-11-19 08:05:30: ((26*12*31) + (10*31) + 18) days.
	at := time.Date(2026, 11, 19, 8, 5, 30, 0, time.UTC)
	want := int64(26*12*31+10*31+18)*86400 + (8*60+5)*60 + 30
	if got := EncodeTime(at); got != want {
		t.Fatalf("EncodeTime = %d, want %d", got, want)
	}
	for _, at := range []time.Time{at, time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2030, 2, 28, 23, 59, 59, 0, time.UTC), time.Date(2028, 12, 31, 12, 0, 0, 0, time.UTC)} {
		if back := DecodeTime(EncodeTime(at), time.UTC); !back.Equal(at) {
			t.Errorf("%v came back as %v", at, back)
		}
	}
}

func TestTimeReplyOffsets(t *testing.T) {
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
		loc  string
		at   time.Time
		want string
	}{
		{"Asia/Kolkata", summer, ",ServerTZ=+0530"},
		{"Asia/Kathmandu", winter, ",ServerTZ=+0545"},
		{"America/New_York", summer, ",ServerTZ=-0400"},
		{"America/New_York", winter, ",ServerTZ=-0500"},
		{"UTC", winter, ",ServerTZ=+0000"},
	} {
		got := TimeReply(c.at, zone(c.loc))
		if want := "DateTime=" + strconv.FormatInt(EncodeTime(c.at), 10) + c.want; got != want {
			t.Errorf("%s: %q, want %q", c.loc, got, want)
		}
	}
}

func TestParseInfoParam(t *testing.T) {
	// As a TFT terminal of firmware 2.x sends it on getrequest.
	r := ParseInfoParam("Ver 8.0.4.2-20191120,18,7,1502,192.168.1.201,10,7,12,5,111")
	if r.Firmware != "Ver 8.0.4.2-20191120" || *r.Users != 18 || *r.Fingerprints != 7 || *r.Logs != 1502 || *r.Faces != 5 || r.MaxUsers != nil {
		t.Fatalf("%+v", r)
	}
	// B&W firmware sends fewer fields: the rest stay unknown.
	r = ParseInfoParam("Ver 6.60 Apr 28 2017,3,2,150")
	if r.Firmware != "Ver 6.60 Apr 28 2017" || *r.Users != 3 || r.Faces != nil {
		t.Fatalf("%+v", r)
	}
	if r := ParseInfoParam(""); r.Firmware != "" || r.Users != nil || r.Info != "" {
		t.Fatalf("empty: %+v", r)
	}
	if r := ParseInfoParam("x,-1,abc"); r.Users != nil || r.Fingerprints != nil {
		t.Fatalf("bad counts: %+v", r)
	}
}

func TestParseInfoReply(t *testing.T) {
	r := ParseInfoReply("~DeviceName=SpeedFace-V5L\nMAC=00:17:61:10:50:1a\nTransactionCount=120\nMaxAttLogCount=100\nUserCount=12\nMaxUserCount=3000\nFPCount=4\nFaceCount=9\nFWVersion=ZAM180-NF-Ver1.0.12\nIPAddress=192.168.1.201\n")
	if r.Firmware != "ZAM180-NF-Ver1.0.12" || *r.Users != 12 || *r.MaxUsers != 3000 || *r.Logs != 120 || *r.MaxLogs != 100 || *r.Faces != 9 || *r.Fingerprints != 4 {
		t.Fatalf("%+v", r)
	}
}

type deviceReport struct {
	firmware, info string
	counts         []*int
}

func report(r device.Report) deviceReport {
	return deviceReport{r.Firmware, r.Info, []*int{r.Users, r.Fingerprints, r.Faces, r.Logs, r.MaxUsers, r.MaxLogs}}
}

func FuzzParseInfo(f *testing.F) {
	f.Add("Ver 8.0.4.2-20191120,18,7,1502,192.168.1.201,10,7,12,5,111")
	f.Add("~DeviceName=X\nUserCount=3\nMaxUserCount=-1\nFWVersion=\xff\xfe")
	f.Add(",,,,,,,,,,,,")
	f.Fuzz(func(t *testing.T, s string) {
		for _, rep := range []deviceReport{report(ParseInfoParam(s)), report(ParseInfoReply(s))} {
			if len(rep.info) > 4096 || len(rep.firmware) > 100 || !utf8.ValidString(rep.firmware) {
				t.Fatalf("unbounded or invalid text from %q: %+v", s, rep)
			}
			for _, n := range rep.counts {
				if n != nil && *n < 0 {
					t.Fatalf("negative count from %q", s)
				}
			}
		}
	})
}

func FuzzTimeCodec(f *testing.F) {
	f.Add(int64(0))
	f.Add(int64(1_790_000_000))
	f.Fuzz(func(t *testing.T, sec int64) {
		at := time.Unix(946_684_800+(sec%(100*365*86400)+100*365*86400)%(100*365*86400), 0).UTC() // 2000 to 2099
		if back := DecodeTime(EncodeTime(at), time.UTC); !back.Equal(at) {
			t.Fatalf("%v came back as %v", at, back)
		}
	})
}
