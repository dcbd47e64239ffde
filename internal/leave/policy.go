package leave

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"hadir/internal/platform/validate"
)

// Grant modes of a policy.
const (
	GrantManual      = "manual"      // the entitlements as typed (the behaviour before policies)
	GrantYearly      = "yearly"      // the year's days up front on the period's start (or the joining date)
	GrantMonthly     = "monthly"     // a twelfth of the year's days on the 1st of each month
	GrantAnniversary = "anniversary" // a twelfth on each monthly anniversary of the joining date
)

// Tier is the yearly days from a length of service on (in whole years).
type Tier struct {
	FromYears int    `json:"from_years"`
	Days      Amount `json:"days"`
}

// Blackout is a range of dates a type cannot be applied for (admins may still assign).
type Blackout struct {
	From string `json:"from"`
	To   string `json:"to"`
	Note string `json:"note"`
}

// Policy is how a type's days are earned and used. Its zero value (grant manual, nothing
// else) is the behaviour before policies: the entitlement rows as typed.
type Policy struct {
	Grant string `json:"grant"`
	// Days is the year's days when no tier applies.
	Days  Amount `json:"days"`
	Tiers []Tier `json:"tiers"`
	// ProRata scales the year by the days employed in it (joining and leaving dates).
	ProRata bool `json:"pro_rata"`
	// MaxBalance stops accrual at this balance (0: no maximum).
	MaxBalance Amount `json:"max_balance"`
	// CarryExpiry is the month and day (MM-DD) of the period's year after which the days
	// carried in from the year before expire ("": they do not).
	CarryExpiry   string     `json:"carry_expiry"`
	Blackouts     []Blackout `json:"blackouts"`
	MinNoticeDays int        `json:"min_notice_days"`
}

// MarshalJSON writes the lists as [] when empty, never null (the contract's arrays are not
// nullable; a policy read from an empty column has nil lists).
func (p Policy) MarshalJSON() ([]byte, error) {
	type plain Policy
	if p.Tiers == nil {
		p.Tiers = []Tier{}
	}
	if p.Blackouts == nil {
		p.Blackouts = []Blackout{}
	}
	return json.Marshal(plain(p))
}

// Accrues reports whether the policy computes the days (every grant but manual).
func (p Policy) Accrues() bool { return p.Grant != "" && p.Grant != GrantManual }

// Empty reports whether the policy is the zero value (stored as ”).
func (p Policy) Empty() bool {
	return !p.Accrues() && p.Days == 0 && len(p.Tiers) == 0 && !p.ProRata && p.MaxBalance == 0 && p.CarryExpiry == "" &&
		len(p.Blackouts) == 0 && p.MinNoticeDays == 0
}

// encode is the stored form: ” for the empty policy.
func (p Policy) encode() string {
	if p.Empty() {
		return ""
	}
	b, _ := json.Marshal(p)
	return string(b)
}

func decodePolicy(s string) Policy {
	var p Policy
	if s != "" {
		_ = json.Unmarshal([]byte(s), &p)
	}
	if p.Grant == "" {
		p.Grant = GrantManual
	}
	return p
}

// check validates a policy, naming each field as policy.<field>.
func (p *Policy) check(c *validate.Checker) {
	switch p.Grant {
	case "":
		p.Grant = GrantManual
	case GrantManual, GrantYearly, GrantMonthly, GrantAnniversary:
	default:
		c.Add("policy.grant", "validation.invalid", "grant must be manual, yearly, monthly or anniversary", nil)
	}
	if p.Days < 0 || p.Days > 366*100 {
		c.Add("policy.days", "validation.invalid", "days must be between 0 and 366", nil)
	}
	sort.SliceStable(p.Tiers, func(i, j int) bool { return p.Tiers[i].FromYears < p.Tiers[j].FromYears })
	for i, t := range p.Tiers {
		if t.FromYears < 0 || t.FromYears > 80 || (i > 0 && t.FromYears == p.Tiers[i-1].FromYears) {
			c.Add(fmt.Sprintf("policy.tiers.%d.from_years", i), "validation.invalid", "each tier starts at a different number of years (0–80)", nil)
		}
		if t.Days < 0 || t.Days > 366*100 {
			c.Add(fmt.Sprintf("policy.tiers.%d.days", i), "validation.invalid", "days must be between 0 and 366", nil)
		}
	}
	if p.MaxBalance < 0 {
		c.Add("policy.max_balance", "validation.invalid", "max_balance must not be negative", nil)
	}
	if p.CarryExpiry != "" {
		if _, err := time.Parse("2006-01-02", "2000-"+p.CarryExpiry); err != nil || len(p.CarryExpiry) != 5 {
			c.Add("policy.carry_expiry", "validation.invalid", "carry_expiry is a month and day (MM-DD)", nil)
		}
	}
	if p.MinNoticeDays < 0 || p.MinNoticeDays > 365 {
		c.Add("policy.min_notice_days", "validation.invalid", "min_notice_days must be between 0 and 365", nil)
	}
	if len(p.Blackouts) > 100 {
		c.Add("policy.blackouts", "validation.max_value", "at most 100 blackout ranges", nil)
	}
	for i := range p.Blackouts {
		b := &p.Blackouts[i]
		b.Note = strings.TrimSpace(b.Note)
		f, errF := time.Parse(time.DateOnly, b.From)
		t, errT := time.Parse(time.DateOnly, b.To)
		if errF != nil {
			c.Add(fmt.Sprintf("policy.blackouts.%d.from", i), "validation.date", "from must be a date (YYYY-MM-DD)", nil)
		}
		if errT != nil || (errF == nil && t.Before(f)) {
			c.Add(fmt.Sprintf("policy.blackouts.%d.to", i), "validation.date", "to must be a date not before from", nil)
		}
		c.MaxText(fmt.Sprintf("policy.blackouts.%d.note", i), b.Note, MaxDescription)
	}
}

// rateOn is the year's days for a person who joined on a date (zero time: unknown) on a
// date: the tier of the whole years of service then, or Days without tiers (or without a
// joining date, the first tier).
func (p Policy) rateOn(join, d time.Time) Amount {
	if len(p.Tiers) == 0 {
		return p.Days
	}
	years := 0
	if !join.IsZero() {
		years = d.Year() - join.Year()
		if d.Month() < join.Month() || (d.Month() == join.Month() && d.Day() < join.Day()) {
			years--
		}
	}
	rate := p.Tiers[0].Days
	for _, t := range p.Tiers {
		if years >= t.FromYears {
			rate = t.Days
		}
	}
	return rate
}

// Take is an approved application's amount on its first date.
type Take struct {
	Date   string
	Amount Amount
}

// PolicyInput is what a policy balance is computed from: the entitlement's period and the
// person's dates, the stored entitlement (its entitled is a manual adjustment, its carried
// what the year-end carried in), and the applications.
type PolicyInput struct {
	PeriodStart, PeriodEnd string
	AsOf                   string // the date of the balance
	Join, Leaving          string // '' for none
	Adjustment             Amount
	Carried                Amount
	MaxCarry               Amount // the type's; 0 for no cap on what was carried in
	Takes                  []Take // approved, any order
	Pending                Amount
}

// Breakdown is how a balance was reached, for a person to check by hand.
type Breakdown struct {
	Grant       string  `json:"grant"`
	Rate        Amount  `json:"rate"`             // the year's days of the service tier on the as-of date
	ProRata     float64 `json:"pro_rata_factor"`  // share of the period the person is employed (1 without pro-rata)
	Granted     Amount  `json:"granted"`          // what the period grants in all (rate × factor, per month when accrued)
	Accrued     Amount  `json:"accrued_to_date"`  // of which earned by the as-of date
	Capped      Amount  `json:"capped"`           // accrual lost at the maximum balance
	Adjustment  Amount  `json:"adjustment"`       // manual entitlement, with its reason in the note
	Carried     Amount  `json:"carried_over"`     // carried in (at most the type's maximum carry)
	CarryExpiry string  `json:"carry_expires_on"` // '' when carried days do not expire
	Expired     Amount  `json:"expired"`          // carried days not used by the expiry date
	Taken       Amount  `json:"taken"`
	Pending     Amount  `json:"pending"`
	Balance     Amount  `json:"balance"`
	Available   Amount  `json:"available"`
}

// parseDay reads YYYY-MM-DD without allocating (zero time for anything else).
func parseDay(s string) time.Time {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return time.Time{}
	}
	n := func(a, b int) int {
		v := 0
		for _, c := range s[a:b] {
			if c < '0' || c > '9' {
				return -1
			}
			v = v*10 + int(c-'0')
		}
		return v
	}
	y, m, d := n(0, 4), n(5, 7), n(8, 10)
	if y < 0 || m < 1 || m > 12 || d < 1 || d > 31 {
		return time.Time{}
	}
	return time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
}

// day is a date as a number of days, for cheap comparisons.
func day(t time.Time) int { return int(t.Unix() / 86400) }

// Compute works a balance out by the policy. Accruals are events on their dates up to the
// as-of date; takes are events on their first dates (all approved ones, as the balance
// always counted future approved leave). Carried days are available from the period's start
// and are used first by takes up to the expiry date; what is left of them after that date
// expires once the as-of date has passed it. Accrual stops at the maximum balance: the part
// of an accrual that would take the balance above it is capped (lost). The manual grant
// credits the stored entitlement on the period's start.
func (p Policy) Compute(in PolicyInput) Breakdown {
	b := Breakdown{Grant: p.Grant, Adjustment: in.Adjustment, Pending: in.Pending, ProRata: 1}
	start, end, asOfT := parseDay(in.PeriodStart), parseDay(in.PeriodEnd), parseDay(in.AsOf)
	asOf := day(asOfT)
	join := parseDay(in.Join)
	from, to := start, end
	if in.Join != "" && in.Join > in.PeriodStart {
		from = join
	}
	if in.Leaving != "" && in.Leaving < in.PeriodEnd {
		to = parseDay(in.Leaving)
	}
	b.Rate = p.rateOn(join, asOfT)
	type accrual struct {
		on  int
		amt Amount
	}
	var buf [13]accrual
	acc := buf[:0]
	employed := !to.Before(from)
	switch p.Grant {
	case GrantYearly:
		if employed {
			if p.ProRata {
				b.ProRata = float64(day(to)-day(from)+1) / float64(day(end)-day(start)+1)
			}
			b.Granted = Amount(math.Round(float64(p.rateOn(join, from)) * b.ProRata))
			b.ProRata = math.Round(b.ProRata*10000) / 10000
			if day(from) <= asOf {
				acc = append(acc, accrual{day(from), b.Granted})
			}
		} else {
			b.ProRata = 0
		}
	case GrantMonthly, GrantAnniversary:
		// One accrual a month: the month's twelfth of the rate on the accrual date, times
		// the share of the month employed with pro-rata (else the whole month if employed
		// any day of it). Amounts are the differences of the rounded running total, so a
		// whole year gives exactly the rate.
		var cum float64
		var prev Amount
		share := 0.0
		anniv := p.Grant == GrantAnniversary && !join.IsZero()
		for m := time.Date(start.Year(), start.Month(), 1, 0, 0, 0, 0, time.UTC); !m.After(end); m = m.AddDate(0, 1, 0) {
			mEnd := time.Date(m.Year(), m.Month()+1, 0, 0, 0, 0, 0, time.UTC)
			var on time.Time
			frac := 0.0
			if anniv {
				// the monthly anniversary of joining in this month (the month's last day
				// when it is shorter); the accrual is for the month completed then.
				on = time.Date(m.Year(), m.Month(), min(join.Day(), mEnd.Day()), 0, 0, 0, 0, time.UTC)
				if on.After(join) && !on.After(to) && !on.Before(start) {
					frac = 1
				}
			} else {
				lo, hi := m, mEnd
				if from.After(lo) {
					lo = from
				}
				if to.Before(hi) {
					hi = to
				}
				if !hi.Before(lo) {
					frac = 1
					if p.ProRata {
						frac = float64(day(hi)-day(lo)+1) / float64(mEnd.Day())
					}
				}
				on = lo
			}
			if frac == 0 {
				continue
			}
			share += frac
			cum += float64(p.rateOn(join, on)) * frac / 12
			amt := Amount(math.Round(cum)) - prev
			prev += amt
			b.Granted += amt
			if day(on) <= asOf {
				acc = append(acc, accrual{day(on), amt})
			}
		}
		b.ProRata = math.Round(share/12*10000) / 10000
	default: // manual: the stored entitlement is the grant
		b.Granted, b.Adjustment = in.Adjustment, 0
		acc = append(acc, accrual{day(start), in.Adjustment})
	}
	b.Carried = in.Carried
	if in.MaxCarry > 0 && b.Carried > in.MaxCarry {
		b.Carried = in.MaxCarry
	}
	expiry, expires := math.MaxInt, false
	if p.CarryExpiry != "" && b.Carried > 0 {
		if t := parseDay(start.Format("2006") + "-" + p.CarryExpiry); !t.IsZero() && !t.Before(start) {
			expiry = day(t)
			b.CarryExpiry = t.Format(time.DateOnly)
			expires = expiry < asOf
		}
	}
	// Takes in date order (few; insertion sort keeps it allocation-free).
	takes := make([]accrual, len(in.Takes))
	for i, t := range in.Takes {
		takes[i] = accrual{day(parseDay(t.Date)), t.Amount}
		for j := i; j > 0 && takes[j].on < takes[j-1].on; j-- {
			takes[j], takes[j-1] = takes[j-1], takes[j]
		}
	}
	carried, own := b.Carried, b.Adjustment
	accrue := func(a accrual) {
		b.Accrued += a.amt
		if p.MaxBalance > 0 && carried+own+a.amt > p.MaxBalance {
			keep := max(0, p.MaxBalance-carried-own)
			b.Capped += a.amt - keep
			own += keep
		} else {
			own += a.amt
		}
	}
	expire := func() {
		if expires {
			b.Expired, carried, expires = carried, 0, false
		}
	}
	// Merge by date: on one date, accruals before takes; the expiry is the day after its date.
	ai := 0
	for _, t := range takes {
		for ai < len(acc) && acc[ai].on <= t.on {
			if acc[ai].on > expiry {
				expire()
			}
			accrue(acc[ai])
			ai++
		}
		if t.on > expiry {
			expire()
		}
		b.Taken += t.amt
		use := Amount(0)
		if t.on <= expiry {
			use = min(t.amt, carried)
			carried -= use
		}
		own -= t.amt - use
	}
	for ; ai < len(acc); ai++ {
		if acc[ai].on > expiry {
			expire()
		}
		accrue(acc[ai])
	}
	expire()
	b.Balance = carried + own
	b.Available = b.Balance - b.Pending
	return b
}

// Rules an admin may set aside for an application (recorded in policy_override).
const (
	RuleBlackout = "blackout"
	RuleNotice   = "notice"
)

// DateRules checks an application's dates against the blackout ranges and the minimum notice
// (today in the organisation's zone). It returns the rules broken and, for the first broken,
// a validation error naming from_date.
func (p Policy) DateRules(from, to, today string) ([]string, error) {
	var broken []string
	var err error
	for _, b := range p.Blackouts {
		if from <= b.To && to >= b.From {
			broken = append(broken, RuleBlackout)
			msg := "the dates fall in a blackout period of this type (" + b.From + " to " + b.To + ")"
			if b.Note != "" {
				msg += ": " + b.Note
			}
			err = validate.Field("from_date", "leave.blackout", msg)
			break
		}
	}
	if p.MinNoticeDays > 0 {
		if earliest := addDays(today, p.MinNoticeDays); from < earliest {
			broken = append(broken, RuleNotice)
			if err == nil {
				err = validate.Field("from_date", "leave.min_notice", fmt.Sprintf("this type needs %d days' notice: the earliest start is %s", p.MinNoticeDays, earliest))
			}
		}
	}
	return broken, err
}
