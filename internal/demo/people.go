package demo

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"golang.org/x/text/unicode/norm"

	"hadir/internal/account"
	"hadir/internal/app"
	"hadir/internal/people"
)

// Names of Malaysia's communities and of a few colleagues from abroad, so lists, exports and
// reports show every script the UI supports. Given names and family names combine, so a
// demo of ninety people needs no name twice (see nameBook).
var (
	malayMale    = []string{"Ahmad", "Muhammad Faiz", "Hafiz", "Amirul", "Syafiq", "Azlan", "Khairul", "Zulkifli", "Iskandar", "Haziq"}
	malayFemale  = []string{"Nur Aisyah", "Siti Nurhaliza", "Farah", "Nurul Huda", "Aminah", "Zarina", "Hidayah", "Sofea", "Balqis", "Izzati"}
	malayFathers = []string{"Abdullah", "Ismail", "Hassan", "Ibrahim", "Yusof", "Rahman", "Osman", "Salleh", "Hamid", "Aziz"}
	// Chinese family names (romanised, in Han) and given names (romanised, in Han).
	chineseFamily = [][2]string{{"Tan", "陈"}, {"Lim", "林"}, {"Wong", "黄"}, {"Lee", "李"}, {"Ng", "吴"}, {"Chong", "张"}, {"Goh", "吴"}, {"Ong", "王"}, {"Chan", "陈"}, {"Teo", "张"}}
	chineseGiven  = [][2]string{{"Wei Ming", "伟明"}, {"Mei Ling", "美玲"}, {"Kah Wai", "家伟"}, {"Siew Lan", "秀兰"}, {"Boon Keat", "文杰"}, {"Hui Min", "慧敏"},
		{"Jia Hui", "佳慧"}, {"Kok Leong", "国良"}, {"Xin Yi", "欣怡"}, {"Zhi Hao", "志豪"}}
	indianMale    = []string{"Rajesh", "Suresh", "Arjun", "Vikram", "Ganesh", "Karthik"}
	indianFemale  = []string{"Priya", "Kavitha", "Devi", "Lakshmi", "Meena", "Anjali"}
	indianFathers = []string{"Kumar", "Subramaniam", "Krishnan", "Raman", "Muthu", "Ganesan", "Pillai", "Nair"}
	abroad        = [][2]string{{"Sakura", "Tanaka 田中"}, {"José", "García"}, {"Lukas", "Müller"}, {"Camille", "Lefèvre"}, {"Haruto", "Sato 佐藤"},
		{"Lucía", "Fernández"}, {"Luca", "Fernandez"}, {"Zoë", "Dubois"}, {"Søren", "Østergaard"}, {"Yui", "Suzuki 鈴木"}, {"Björn", "Åkesson"}, {"Inés", "Muñoz"}}
)

// nameBook draws names no one in the demo has yet. Beyond the combinations a community has
// (the load test's school of 1,000), it falls back to any unused name, and only when every
// combination is taken does a name repeat.
type nameBook struct {
	used map[string]bool
}

func newNameBook() *nameBook { return &nameBook{used: map[string]bool{}} }

// draw is one random name of a community (0 Malay, 1 Chinese, 2 Indian, 3 abroad).
func draw(r *rand.Rand, community, i int) (first, last string) {
	switch community {
	case 0:
		fathers := malayFathers[r.IntN(len(malayFathers))]
		if i%2 == 0 {
			return malayMale[r.IntN(len(malayMale))], "bin " + fathers
		}
		return malayFemale[r.IntN(len(malayFemale))], "binti " + fathers
	case 1:
		f, g := chineseFamily[r.IntN(len(chineseFamily))], chineseGiven[r.IntN(len(chineseGiven))]
		return g[0] + " " + f[1] + g[1], f[0]
	case 2:
		father := indianFathers[r.IntN(len(indianFathers))]
		if i%2 == 0 {
			return indianMale[r.IntN(len(indianMale))], "a/l " + father
		}
		return indianFemale[r.IntN(len(indianFemale))], "a/p " + father
	}
	n := abroad[r.IntN(len(abroad))]
	return n[0], n[1]
}

// name picks the i-th person's name: the community by i (four in ten Malay, three Chinese,
// two Indian, one from abroad), a combination not used yet.
func (b *nameBook) name(r *rand.Rand, i int) (first, last string) {
	community := [10]int{0, 0, 0, 0, 1, 1, 1, 2, 2, 3}[i%10]
	for attempt := 0; attempt < 400; attempt++ {
		c := community
		if attempt >= 100 { // this community is (nearly) exhausted: any other will do
			c = attempt % 4
		}
		first, last = draw(r, c, i+attempt)
		if !b.used[first+" "+last] {
			b.used[first+" "+last] = true
			return first, last
		}
	}
	return first, last
}

// particles are the words of a name that say "son of" or "daughter of"; an address leaves them out.
var particles = map[string]bool{"bin": true, "binti": true, "a/l": true, "a/p": true}

// asciiName spells a name for an e-mail address: accents transliterated (Fernández →
// fernandez, Müller → muller, Søren → soren), scripts without a Latin spelling (Han) dropped,
// particles left out.
func asciiName(s string) string {
	special := strings.NewReplacer("ß", "ss", "ø", "o", "Ø", "o", "æ", "ae", "Æ", "ae", "œ", "oe", "Œ", "oe", "đ", "d", "Đ", "d", "ł", "l", "Ł", "l")
	var b strings.Builder
	for _, word := range strings.Fields(s) {
		if particles[strings.ToLower(word)] {
			continue
		}
		for _, r := range norm.NFD.String(special.Replace(strings.ToLower(word))) {
			if r >= 'a' && r <= 'z' {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

func emailOf(first, last, domain string, i int) string {
	return fmt.Sprintf("%s.%s%d@%s", asciiName(first), asciiName(last), i, domain)
}

// seedPeople adds count people of a kind; every third has an e-mail (and so a pending code).
func seedPeople(ctx context.Context, a *app.App, orgID int64, kind people.Kind, prefix string, count int, domain string, names *nameBook, r *rand.Rand) ([]people.Person, error) {
	var out []people.Person
	for i := 1; i <= count; i++ {
		first, last := names.name(r, i)
		g := people.General{Code: fmt.Sprintf("%s%03d", prefix, i), FirstName: first, LastName: last,
			JoinDate: fmt.Sprintf("20%02d-%02d-%02d", 15+r.IntN(10), 1+r.IntN(12), 1+r.IntN(28))}
		if i%3 == 0 {
			g.Email = emailOf(first, last, domain, i)
		}
		p, err := a.People.Create(ctx, orgID, kind, g)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", g.Code, first, err)
		}
		out = append(out, p)
	}
	return out, nil
}

// linkDemoAccount gives a demo person an account with the demo password and a role.
func linkDemoAccount(ctx context.Context, a *app.App, orgID int64, p people.Person, email, role string) error {
	s, err := a.Accounts.CreateMember(ctx, orgID, strings.TrimSpace(p.FirstName+" "+p.LastName), email, Password, "email", account.ClientMeta{IP: "demo"})
	if err != nil {
		return err
	}
	if err := a.People.Link(ctx, orgID, p.ID, s.User.ID); err != nil {
		return err
	}
	if role == account.RoleAdmin {
		return a.Accounts.SetAdmin(ctx, account.Principal{OrgID: orgID, UserID: 0, Role: account.RoleOwner}, s.User.ID, true)
	}
	return nil
}
