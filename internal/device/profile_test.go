package device

import "testing"

// Names are cut on a character boundary, never inside a multi-byte letter; codes are checked
// against the model's PIN rules (issue 14).
func TestProfileFitNameAndMisfit(t *testing.T) {
	bw := Profiles["bw_660"]
	for name, want := range map[string]string{
		"Nurul Huda binti Abdullah Rahman": "Nurul Huda binti Abdulla",
		"Zoë Ångström-Müller Søren":        "Zoë Ångström-Müller",     // 23 bytes and a space, trimmed
		"aaaaaaaaaaaaaaaaaaaaaaaé":         "aaaaaaaaaaaaaaaaaaaaaaa", // byte 24 is inside "é": backs off to 23
		"陈小明陈小明陈小明陈小明":                     "陈小明陈小明陈小",                // 3 bytes each: 8 whole letters
		"Short":                            "Short",
	} {
		if got := bw.FitName(name); got != want || len(got) > 24 {
			t.Errorf("FitName(%q) = %q (%d bytes), want %q", name, got, len(got), want)
		}
	}
	if got := Profiles["unlimited"].FitName("Nurul Huda binti Abdullah Rahman"); got != "Nurul Huda binti Abdullah Rahman" {
		t.Errorf("unlimited cut %q", got)
	}
	for code, want := range map[string]string{"1207": "", "E7": "device.pin_not_numeric", "1234567890": "device.pin_too_long", "123456789": ""} {
		if got, _ := bw.Misfit(code); got != want {
			t.Errorf("Misfit(%q) = %q, want %q", code, got, want)
		}
	}
	if got, _ := Profiles["face"].Misfit("E7"); got != "" {
		t.Errorf("face refuses E7: %s", got)
	}
}
