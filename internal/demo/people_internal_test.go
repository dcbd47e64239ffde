package demo

import (
	"math/rand/v2"
	"testing"
)

func TestEmailsTransliterate(t *testing.T) {
	for _, c := range []struct{ first, last, want string }{
		{"Luca", "Fernández", "luca.fernandez7@x.demo"},
		{"Lukas", "Müller", "lukas.muller7@x.demo"},
		{"Søren", "Østergaard", "soren.ostergaard7@x.demo"},
		{"Björn", "Åkesson", "bjorn.akesson7@x.demo"},
		{"Zoë", "Dubois", "zoe.dubois7@x.demo"},
		{"Inés", "Muñoz", "ines.munoz7@x.demo"},
		{"Wei Ming 陈伟明", "Tan", "weiming.tan7@x.demo"},
		{"Nur Aisyah", "binti Yusof", "nuraisyah.yusof7@x.demo"},
		{"Priya", "a/p Subramaniam", "priya.subramaniam7@x.demo"},
		{"Haruto", "Sato 佐藤", "haruto.sato7@x.demo"},
	} {
		if got := emailOf(c.first, c.last, "x.demo", 7); got != c.want {
			t.Errorf("%s %s: %s, want %s", c.first, c.last, got, c.want)
		}
	}
}

// TestNamesUnique: the names of a demo as big as the default one (90 people) never repeat,
// and a school of 1,000 (the load test's) repeats none while combinations remain.
func TestNamesUnique(t *testing.T) {
	b := newNameBook()
	r := rand.New(rand.NewPCG(1, 2))
	seen := map[string]int{}
	for i := 1; i <= 300; i++ {
		f, l := b.name(r, i)
		seen[f+" "+l]++
		if seen[f+" "+l] > 1 {
			t.Fatalf("name %d repeats: %s %s", i, f, l)
		}
	}
	for i := 301; i <= 1000; i++ { // beyond the combinations: still a name, if not a new one
		if f, l := b.name(r, i); f == "" || l == "" {
			t.Fatalf("empty name at %d", i)
		}
	}
}
