package leave

import (
	"errors"
	"reflect"
	"testing"

	"hadir/internal/platform/validate"
)

// The policy maths, every expected number worked by hand in the case's comment. Amounts are
// hundredths of a day (1400 = 14 days).
func TestPolicyCompute(t *testing.T) {
	year := func(in PolicyInput) PolicyInput {
		in.PeriodStart, in.PeriodEnd = "2026-01-01", "2026-12-31"
		return in
	}
	tiers := []Tier{{0, 1400}, {2, 1800}, {5, 2200}}
	cases := []struct {
		name string
		p    Policy
		in   PolicyInput
		want Breakdown
	}{
		{"yearly up front, no dates", Policy{Grant: GrantYearly, Days: 1400}, year(PolicyInput{AsOf: "2026-06-30"}),
			// the 14 days on 1 January; nothing taken.
			Breakdown{Rate: 1400, ProRata: 1, Granted: 1400, Accrued: 1400, Balance: 1400, Available: 1400}},
		{"yearly pro-rata, joining 1 July", Policy{Grant: GrantYearly, Days: 1400, ProRata: true}, year(PolicyInput{AsOf: "2026-08-01", Join: "2026-07-01"}),
			// employed 1 Jul–31 Dec = 31+31+30+31+30+31 = 184 of 365 days: factor 0.5041;
			// 14 × 184/365 = 7.0575 → 7.06.
			Breakdown{Rate: 1400, ProRata: 0.5041, Granted: 706, Accrued: 706, Balance: 706, Available: 706}},
		{"yearly pro-rata, leaving 31 March", Policy{Grant: GrantYearly, Days: 1400, ProRata: true}, year(PolicyInput{AsOf: "2026-02-01", Join: "2024-01-10", Leaving: "2026-03-31"}),
			// employed 1 Jan–31 Mar = 31+28+31 = 90 of 365 days: 14 × 90/365 = 3.452 → 3.45.
			Breakdown{Rate: 1400, ProRata: 0.2466, Granted: 345, Accrued: 345, Balance: 345, Available: 345}},
		{"yearly without pro-rata, joining 1 July", Policy{Grant: GrantYearly, Days: 1400}, year(PolicyInput{AsOf: "2026-08-01", Join: "2026-07-01"}),
			// no pro-rata: the whole 14 days on the joining date.
			Breakdown{Rate: 1400, ProRata: 1, Granted: 1400, Accrued: 1400, Balance: 1400, Available: 1400}},
		{"monthly on the 1st, 15 May", Policy{Grant: GrantMonthly, Days: 1400}, year(PolicyInput{AsOf: "2026-05-15"}),
			// 1 Jan … 1 May: 5 × 14/12 = 5.8333 → 5.83; the year 14.
			Breakdown{Rate: 1400, ProRata: 1, Granted: 1400, Accrued: 583, Balance: 583, Available: 583}},
		{"monthly pro-rata, joining 16 July", Policy{Grant: GrantMonthly, Days: 1200, ProRata: true}, year(PolicyInput{AsOf: "2026-09-01", Join: "2026-07-16"}),
			// July: 16 of 31 days × 1 = 0.516 → 0.52 on 16 Jul; 1 Aug +1 → 1.52; 1 Sep +1 → 2.52.
			// The year: 0.516 + 5 = 5.516 → 5.52; factor 5.516/12 = 0.4597.
			Breakdown{Rate: 1200, ProRata: 0.4597, Granted: 552, Accrued: 252, Balance: 252, Available: 252}},
		{"monthly pro-rata, leaving 15 June", Policy{Grant: GrantMonthly, Days: 1200, ProRata: true}, year(PolicyInput{AsOf: "2026-12-31", Leaving: "2026-06-15"}),
			// January–May 5 × 1 = 5; June 15 of 30 days × 1 = 0.5: 5.5; factor 5.5/12 = 0.4583.
			Breakdown{Rate: 1200, ProRata: 0.4583, Granted: 550, Accrued: 550, Balance: 550, Available: 550}},
		{"anniversary accrual, joined 20 November", Policy{Grant: GrantAnniversary, Days: 1200}, year(PolicyInput{AsOf: "2026-04-19", Join: "2025-11-20"}),
			// accruals on the 20th: 20 Jan, 20 Feb, 20 Mar (20 Apr is after 19 Apr): 3 × 1 = 3;
			// the year has twelve anniversaries: 12.
			Breakdown{Rate: 1200, ProRata: 1, Granted: 1200, Accrued: 300, Balance: 300, Available: 300}},
		{"anniversary accrual, joined 31 January, leaving 30 June", Policy{Grant: GrantAnniversary, Days: 1200}, year(PolicyInput{AsOf: "2026-12-31", Join: "2026-01-31", Leaving: "2026-06-30"}),
			// 28 Feb (the month's last day), 31 Mar, 30 Apr, 31 May, 30 Jun: 5 × 1 = 5;
			// 31 Jan is the joining day itself, no month completed. Factor 5/12 = 0.4167.
			Breakdown{Rate: 1200, ProRata: 0.4167, Granted: 500, Accrued: 500, Balance: 500, Available: 500}},
		{"service tier 2–5 years, yearly", Policy{Grant: GrantYearly, Tiers: tiers}, year(PolicyInput{AsOf: "2026-01-05", Join: "2023-03-01"}),
			// on 1 Jan 2026: 2 years 10 months of service → the 2-year tier, 18 days.
			Breakdown{Rate: 1800, ProRata: 1, Granted: 1800, Accrued: 1800, Balance: 1800, Available: 1800}},
		{"service tier over 5 years, yearly", Policy{Grant: GrantYearly, Tiers: tiers}, year(PolicyInput{AsOf: "2026-01-05", Join: "2020-06-01"}),
			// 5 years 7 months → 22 days.
			Breakdown{Rate: 2200, ProRata: 1, Granted: 2200, Accrued: 2200, Balance: 2200, Available: 2200}},
		{"service tier under 2 years, yearly", Policy{Grant: GrantYearly, Tiers: tiers}, year(PolicyInput{AsOf: "2026-01-05", Join: "2025-01-02"}),
			// 11 months → 14 days.
			Breakdown{Rate: 1400, ProRata: 1, Granted: 1400, Accrued: 1400, Balance: 1400, Available: 1400}},
		{"service tier changing mid-year, monthly", Policy{Grant: GrantMonthly, Tiers: []Tier{{0, 1200}, {2, 2400}}}, year(PolicyInput{AsOf: "2026-07-01", Join: "2024-07-01"}),
			// 1 Jan–1 Jun: 1 year of service, 12/12 = 1 a month: 6; 1 Jul: 2 years, 24/12 = 2: 8.
			// The year: 6 × 1 + 6 × 2 = 18. The rate on 1 Jul is 24.
			Breakdown{Rate: 2400, ProRata: 1, Granted: 1800, Accrued: 800, Balance: 800, Available: 800}},
		{"maximum balance stops accrual", Policy{Grant: GrantMonthly, Days: 2400, MaxBalance: 500},
			year(PolicyInput{AsOf: "2026-06-30", Takes: []Take{{"2026-04-10", 100}}}),
			// 2 a month: 1 Jan 2, 1 Feb 4, 1 Mar 6 → 5 (1 capped), 1 Apr 5 (2 capped),
			// 10 Apr take 1 → 4, 1 May 6 → 5 (1 capped), 1 Jun 5 (2 capped). Accrued 12,
			// capped 6, taken 1: 12 − 6 − 1 = 5.
			Breakdown{Rate: 2400, ProRata: 1, Granted: 2400, Accrued: 1200, Capped: 600, Taken: 100, Balance: 500, Available: 500}},
		{"carried used first, the rest expires 31 March", Policy{Grant: GrantYearly, Days: 1400, CarryExpiry: "03-31"},
			year(PolicyInput{AsOf: "2026-06-01", Carried: 500, Takes: []Take{{"2026-05-04", 400}, {"2026-02-10", 200}}}),
			// carried 5; 10 Feb take 2 from the carried → 3 carried; 31 Mar passes: 3 expire;
			// 4 May take 4 from the year's 14 → 10. 14 + 5 − 3 − 6 = 10.
			Breakdown{Rate: 1400, ProRata: 1, Granted: 1400, Accrued: 1400, Carried: 500, CarryExpiry: "2026-03-31", Expired: 300, Taken: 600, Balance: 1000, Available: 1000}},
		{"carried before its expiry", Policy{Grant: GrantYearly, Days: 1400, CarryExpiry: "03-31"},
			year(PolicyInput{AsOf: "2026-03-15", Carried: 500, Takes: []Take{{"2026-05-04", 400}, {"2026-02-10", 200}}, Pending: 100}),
			// 10 Feb uses 2 of the 5 carried (3 left, not yet expired); the approved 4 May leave is
			// after the expiry date, so it uses the year's days: 14 − 4 = 10; balance 3 + 10 = 13;
			// available 13 − 1 pending = 12.
			Breakdown{Rate: 1400, ProRata: 1, Granted: 1400, Accrued: 1400, Carried: 500, CarryExpiry: "2026-03-31", Taken: 600, Pending: 100, Balance: 1300, Available: 1200}},
		{"maximum carry and expiry", Policy{Grant: GrantYearly, Days: 1400, CarryExpiry: "03-31"},
			year(PolicyInput{AsOf: "2026-06-01", Carried: 500, MaxCarry: 400, Takes: []Take{{"2026-02-10", 200}, {"2026-05-04", 400}}}),
			// at most 4 carried; 10 Feb uses 2 → 2 left, which expire after 31 Mar; 4 May from the
			// year: 14 − 4 = 10. 14 + 4 − 2 − 6 = 10.
			Breakdown{Rate: 1400, ProRata: 1, Granted: 1400, Accrued: 1400, Carried: 400, CarryExpiry: "2026-03-31", Expired: 200, Taken: 600, Balance: 1000, Available: 1000}},
		{"manual adjustment on top of monthly", Policy{Grant: GrantMonthly, Days: 1200}, year(PolicyInput{AsOf: "2026-03-01", Adjustment: 150}),
			// 1 Jan, 1 Feb, 1 Mar: 3; the adjustment 1.5: 4.5.
			Breakdown{Rate: 1200, ProRata: 1, Granted: 1200, Accrued: 300, Adjustment: 150, Balance: 450, Available: 450}},
		{"manual grant with expiry", Policy{Grant: GrantManual, CarryExpiry: "03-31"},
			year(PolicyInput{AsOf: "2026-06-01", Adjustment: 1000, Carried: 300, Takes: []Take{{"2026-05-01", 100}}}),
			// the stored 10 days are the grant; nothing taken by 31 Mar: the 3 carried expire;
			// 1 May from the 10: 9.
			Breakdown{Rate: 0, ProRata: 1, Granted: 1000, Accrued: 1000, Carried: 300, CarryExpiry: "2026-03-31", Expired: 300, Taken: 100, Balance: 900, Available: 900}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := c.p.Compute(c.in)
			c.want.Grant = c.p.Grant
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("\n got %+v\nwant %+v", got, c.want)
			}
			// the breakdown adds up by hand
			if sum := got.Adjustment + got.Accrued - got.Capped + got.Carried - got.Expired - got.Taken; sum != got.Balance {
				t.Fatalf("breakdown sums to %s, balance %s", sum, got.Balance)
			}
		})
	}
}

func TestPolicyDateRules(t *testing.T) {
	p := Policy{Blackouts: []Blackout{{From: "2026-12-20", To: "2026-12-31", Note: "year-end close"}}, MinNoticeDays: 7}
	cases := []struct {
		name, from, to, today string
		broken                []string
		field, code           string
	}{
		// today 1 Dec + 7 = 8 Dec is the earliest start.
		{"clear", "2026-12-08", "2026-12-10", "2026-12-01", nil, "", ""},
		{"one day short of notice", "2026-12-07", "2026-12-07", "2026-12-01", []string{RuleNotice}, "from_date", "leave.min_notice"},
		{"ends in the blackout", "2026-12-18", "2026-12-20", "2026-12-01", []string{RuleBlackout}, "from_date", "leave.blackout"},
		{"spans the blackout", "2026-12-19", "2027-01-02", "2026-12-01", []string{RuleBlackout}, "from_date", "leave.blackout"},
		{"after the blackout", "2027-01-01", "2027-01-02", "2026-12-01", nil, "", ""},
		{"both", "2026-12-21", "2026-12-21", "2026-12-18", []string{RuleBlackout, RuleNotice}, "from_date", "leave.blackout"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			broken, err := p.DateRules(c.from, c.to, c.today)
			if !reflect.DeepEqual(broken, c.broken) {
				t.Fatalf("broken %v, want %v", broken, c.broken)
			}
			if c.field == "" {
				if err != nil {
					t.Fatalf("err %v", err)
				}
				return
			}
			var ve validate.Errors
			if !errors.As(err, &ve) || len(ve[c.field]) == 0 || ve[c.field][0].Code != c.code {
				t.Fatalf("err %#v, want %s on %s", err, c.code, c.field)
			}
		})
	}
}

func TestPolicyCheck(t *testing.T) {
	p := Policy{Grant: "weekly", Days: -1, Tiers: []Tier{{2, 100}, {2, 200}}, CarryExpiry: "02-30", MinNoticeDays: -1,
		Blackouts: []Blackout{{From: "2026-02-01", To: "2026-01-01"}}}
	c := validate.New()
	p.check(c)
	var ve validate.Errors
	if !errors.As(c.Err(), &ve) {
		t.Fatal("no errors")
	}
	for _, f := range []string{"policy.grant", "policy.days", "policy.tiers.1.from_years", "policy.carry_expiry", "policy.min_notice_days", "policy.blackouts.0.to"} {
		if len(ve[f]) == 0 {
			t.Errorf("no error on %s: %v", f, ve)
		}
	}
}
