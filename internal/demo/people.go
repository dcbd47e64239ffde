package demo

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"hadir/internal/account"
	"hadir/internal/app"
	"hadir/internal/people"
)

// Names of Malaysia's communities and of a few colleagues from abroad, so lists, exports and
// reports show every script the UI supports.
var (
	malayMale    = []string{"Ahmad", "Muhammad Faiz", "Hafiz", "Amirul", "Syafiq", "Azlan", "Khairul", "Zulkifli", "Iskandar", "Haziq"}
	malayFemale  = []string{"Nur Aisyah", "Siti Nurhaliza", "Farah", "Nurul Huda", "Aminah", "Zarina", "Hidayah", "Sofea", "Balqis", "Izzati"}
	malayFathers = []string{"Abdullah", "Ismail", "Hassan", "Ibrahim", "Yusof", "Rahman", "Osman", "Salleh", "Hamid", "Aziz"}
	chinese      = [][2]string{{"Tan", "Wei Ming 陈伟明"}, {"Lim", "Mei Ling 林美玲"}, {"Wong", "Kah Wai 黄家伟"}, {"Lee", "Siew Lan 李秀兰"},
		{"Ng", "Boon Keat 黄文杰"}, {"Chong", "Hui Min 张慧敏"}, {"Goh", "Jia Hui 吴佳慧"}, {"Ong", "Kok Leong 王国良"}, {"Chan", "Xin Yi 陈欣怡"}, {"Teo", "Zhi Hao 张志豪"}}
	indian = [][2]string{{"Rajesh", "a/l Kumar"}, {"Priya", "a/p Subramaniam"}, {"Suresh", "a/l Krishnan"}, {"Kavitha", "a/p Raman"},
		{"Arjun", "a/l Muthu"}, {"Devi", "a/p Ganesan"}, {"Vikram", "a/l Pillai"}, {"Lakshmi", "a/p Nair"}}
	abroad = [][2]string{{"Sakura", "Tanaka 田中"}, {"José", "García"}, {"Lukas", "Müller"}, {"Camille", "Lefèvre"}, {"Haruto", "Sato 佐藤"}, {"Lucía", "Fernández"}}
)

func demoName(r *rand.Rand, i int) (first, last string) {
	switch i % 10 {
	case 0, 1, 2, 3:
		fathers := malayFathers[r.IntN(len(malayFathers))]
		if i%2 == 0 {
			return malayMale[r.IntN(len(malayMale))], "bin " + fathers
		}
		return malayFemale[r.IntN(len(malayFemale))], "binti " + fathers
	case 4, 5, 6:
		n := chinese[r.IntN(len(chinese))]
		return n[1], n[0]
	case 7, 8:
		n := indian[r.IntN(len(indian))]
		return n[0], n[1]
	}
	n := abroad[r.IntN(len(abroad))]
	return n[0], n[1]
}

func emailOf(first, last, domain string, i int) string {
	clean := func(s string) string {
		var b strings.Builder
		for _, r := range strings.ToLower(s) {
			if r >= 'a' && r <= 'z' {
				b.WriteRune(r)
			}
		}
		return b.String()
	}
	return fmt.Sprintf("%s.%s%d@%s", clean(first), clean(last), i, domain)
}

// seedPeople adds count people of a kind; every third has an e-mail (and so a pending code).
func seedPeople(ctx context.Context, a *app.App, orgID int64, kind people.Kind, prefix string, count int, domain string, r *rand.Rand) ([]people.Person, error) {
	var out []people.Person
	for i := 1; i <= count; i++ {
		first, last := demoName(r, i)
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
