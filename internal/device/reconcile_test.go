package device

import (
	"reflect"
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
