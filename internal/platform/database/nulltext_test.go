package database

import "testing"

func TestNullTextScan(t *testing.T) {
	var s string
	for _, c := range []struct {
		src  any
		want string
	}{{nil, ""}, {"2026-01-05", "2026-01-05"}, {[]byte("photo.jpg"), "photo.jpg"}, {nil, ""}} {
		s = "before"
		if err := NullText(&s).(interface{ Scan(any) error }).Scan(c.src); err != nil || s != c.want {
			t.Errorf("%#v: %q %v, want %q", c.src, s, err, c.want)
		}
	}
	if err := NullText(&s).(interface{ Scan(any) error }).Scan(int64(3)); err == nil {
		t.Error("a number scanned as text")
	}
}
