package validate

import "testing"

func TestControlChar(t *testing.T) {
	cases := []struct {
		v         string
		multi     bool
		wantIndex int
	}{
		{"Ali bin Abu", false, -1},
		{"Kewangan – 財務 ✓ é", false, -1},
		{"Ali\rX", false, 3},
		{"Ali\nX", false, 3},
		{"Ali\tX", false, 3},
		{"a\x00", false, 1},
		{"a\x1b[31m", false, 1},
		{"a\x7f", false, 1},
		{"é\u0085", false, 2},
		{"a\u2028b", false, 1},
		{"a\u2029b", true, 1},
		{"line\nline\r\n\tx", true, -1},
		{"line\rline", true, 4},
		{"ends with CR\r", true, 12},
		{"a\r\r\n", true, 1},
		{"a\x0bb", true, 1},
		{"a\u009bb", true, 1},
	}
	for _, c := range cases {
		if got := ControlChar(c.v, c.multi); got != c.wantIndex {
			t.Errorf("ControlChar(%q, %v) = %d, want %d", c.v, c.multi, got, c.wantIndex)
		}
	}
}

func TestMaxLenAndMaxTextRefuseControlCharacters(t *testing.T) {
	c := New()
	c.MaxLen("name", "A\rB", 100)
	c.MaxText("reason", "one\ntwo", 100)
	c.MaxText("remark", "one\rtwo", 100)
	c.Password("password", "pass\tword with tab")
	errs, _ := c.Err().(Errors)
	if errs["name"][0].Code != "validation.control_chars" || errs["remark"][0].Code != "validation.control_chars" {
		t.Fatalf("%v", errs)
	}
	if _, ok := errs["reason"]; ok {
		t.Fatalf("a line break in a multi-line text was refused: %v", errs)
	}
	if _, ok := errs["password"]; ok {
		t.Fatalf("a password may hold any character: %v", errs)
	}
	if errs["name"][0].Params["char"] != "U+000D" {
		t.Fatalf("%v", errs["name"][0].Params)
	}
}
