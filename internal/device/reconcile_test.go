package device

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseUserList(t *testing.T) {
	body := "USER PIN=1\tName=Aminah\tPri=0\tPasswd=\tCard=0\tGrp=1\tTZ=0000000000000000\r\n" +
		"OPLOG 4\t0\t2026-11-20 08:00:00\t0\t0\t0\t0\n" +
		"PIN=E2\tName=Bas Kar\tPri=14\tPasswd=1\tCard=4455\tGrp=1\n" +
		"FP PIN=1\tFID=6\tSize=100\tValid=1\tTMP=abc\n" +
		"USER PIN=\tName=nobody\n"
	got := ParseUserList(body)
	want := []DeviceUser{{PIN: "1", Name: "Aminah", Pri: "0", Card: "0"}, {PIN: "E2", Name: "Bas Kar", Pri: "14", Card: "4455"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v", got)
	}
}

// The Security PUSH 3.x answer to "DATA QUERY tablename=user,..." (POST /iclock/querydata,
// type=tabledata, tablename=user): one keyed record a line, the table name in front, in the
// field order kittiu/thai_zkt's querydata handler reads (uid, cardno, pin, password, group,
// starttime, endtime, name, privilege); read by key, so newer fields anywhere do no harm.
func TestParseUserListSecurityPush(t *testing.T) {
	body := "user uid=1\tcardno=\tpin=1\tpassword=\tgroup=1\tstarttime=0\tendtime=0\tname=Aminah\tprivilege=0\r\n" +
		"user uid=2\tcardno=4455\tpin=E2\tpassword=1\tgroup=1\tstarttime=0\tendtime=0\tname=Bas Kar\tprivilege=14\tdisable=0\tverify=0\n" +
		"user uid=3\tpin=E3\tname=Chong Wei\n" + // fields in another order and some missing
		"biophoto pin=1\tfilename=1.jpg\ttype=9\n" + // another table's record: not a user
		"user uid=4\tcardno=\tpin=\tname=nobody\n"
	got := ParseUserList(body)
	want := []DeviceUser{{PIN: "1", Name: "Aminah", Pri: "0"}, {PIN: "E2", Name: "Bas Kar", Pri: "14", Card: "4455"}, {PIN: "E3", Name: "Chong Wei"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v", got)
	}
}

func FuzzParseUserList(f *testing.F) {
	f.Add("USER PIN=1\tName=Aminah\tPri=0\tPasswd=\tCard=0\tGrp=1\n")
	f.Add("PIN=E2\tName=Bas\tPri=14\n")
	f.Add("user uid=1\tcardno=\tpin=1\tpassword=\tgroup=1\tstarttime=0\tendtime=0\tname=Aminah\tprivilege=0\n")
	f.Add("FP PIN=1\tFID=6\nuser pin=\nuser =\t=\n")
	f.Fuzz(func(t *testing.T, body string) {
		for _, u := range ParseUserList(body) {
			if u.PIN == "" || strings.ContainsAny(u.PIN+u.Name+u.Pri+u.Card, "\t\n") {
				t.Fatalf("user %+v from %q", u, body)
			}
		}
	})
}
