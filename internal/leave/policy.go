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

// civil is a calendar date with its day number (days since 1970-01-01), so the policy maths
// compare and step dates with integers instead of time.Time (issue 13: the 12,000 computed
// years of the balances of 6,000 people spent most of their time in time.Date).
type civil struct{ y, m, d, n int }

// zeroDay is what parseDay gives for anything but a date: 0001-01-01, the zero time.Time's
// date, as the maths read it before.
var zeroDay = civil{1, 1, 1, -719162}

// daysFromCivil is the day number of a year, month (1–12) and day; a day past the month's
// end counts on into the next month, as time.Date normalises it.
func daysFromCivil(y, m, d int) int {
	if m <= 2 {
		y--
	}
	era := y
	if era < 0 {
		era -= 399
	}
	era /= 400
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// civilFromDays is the date of a day number.
func civilFromDays(n int) civil {
	z := n + 719468
	era := z
	if era < 0 {
		era -= 146096
	}
	era /= 146097
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d := doy - (153*mp+2)/5 + 1
	m := mp + 3
	if m > 12 {
		m -= 12
	}
	y := yoe + era*400
	if m <= 2 {
		y++
	}
	return civil{y, m, d, n}
}

// dateOf is a year, month and day, normalised as time.Date does for days past the month's
// end (months must be 1–12).
func dateOf(y, m, d int) civil {
	n := daysFromCivil(y, m, d)
	if d > 28 || d < 1 {
		return civilFromDays(n)
	}
	return civil{y, m, d, n}
}

// monthDays is the number of days of a month (1–12).
func monthDays(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// parseDay reads YYYY-MM-DD without allocating (zeroDay for anything else).
func parseDay(s string) civil {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return zeroDay
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
		return zeroDay
	}
	return dateOf(y, m, d)
}

// appendDate writes a date as YYYY-MM-DD (years 0–9999).
func appendDate(b []byte, c civil) []byte {
	return append(b, byte('0'+c.y/1000%10), byte('0'+c.y/100%10), byte('0'+c.y/10%10), byte('0'+c.y%10), '-',
		byte('0'+c.m/10), byte('0'+c.m%10), '-', byte('0'+c.d/10), byte('0'+c.d%10))
}

// rateOn is the year's days for a person who joined on a date (known: false when unknown)
// on a date: the tier of the whole years of service then, or Days without tiers (or
// without a joining date, the first tier).
func (p Policy) rateOn(join civil, known bool, d civil) Amount {
	if len(p.Tiers) == 0 {
		return p.Days
	}
	years := 0
	if known {
		years = d.y - join.y
		if d.m < join.m || (d.m == join.m && d.d < join.d) {
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

// Compute works a balance out by the policy. Accruals are events on their dates up to the
// as-of date; takes are events on their first dates (all approved ones, as the balance
// always counted future approved leave). Carried days are available from the period's start
// and are used first by takes up to the expiry date; what is left of them after that date
// expires once the as-of date has passed it. Accrual stops at the maximum balance: the part
// of an accrual that would take the balance above it is capped (lost). The manual grant
// credits the stored entitlement on the period's start. Dates are day numbers throughout;
// nothing is allocated but the expiry date's text and, past 16, the takes' order.
func (p Policy) Compute(in PolicyInput) Breakdown {
	b := Breakdown{Grant: p.Grant, Adjustment: in.Adjustment, Pending: in.Pending, ProRata: 1}
	start, end := parseDay(in.PeriodStart), parseDay(in.PeriodEnd)
	asOf := parseDay(in.AsOf)
	join := parseDay(in.Join)
	known := join != zeroDay // as time.Time.IsZero read it
	from, to := start, end
	if in.Join != "" && in.Join > in.PeriodStart {
		from = join
	}
	if in.Leaving != "" && in.Leaving < in.PeriodEnd {
		to = parseDay(in.Leaving)
	}
	b.Rate = p.rateOn(join, known, asOf)
	type accrual struct {
		on  int
		amt Amount
	}
	var buf [13]accrual
	acc := buf[:0]
	employed := to.n >= from.n
	switch p.Grant {
	case GrantYearly:
		if employed {
			if p.ProRata {
				b.ProRata = float64(to.n-from.n+1) / float64(end.n-start.n+1)
			}
			b.Granted = Amount(math.Round(float64(p.rateOn(join, known, from)) * b.ProRata))
			b.ProRata = math.Round(b.ProRata*10000) / 10000
			if from.n <= asOf.n {
				acc = append(acc, accrual{from.n, b.Granted})
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
		anniv := p.Grant == GrantAnniversary && known
		for y, mo := start.y, start.m; ; {
			first := daysFromCivil(y, mo, 1)
			if first > end.n {
				break
			}
			last := monthDays(y, mo)
			var on civil
			frac := 0.0
			if anniv {
				// the monthly anniversary of joining in this month (the month's last day
				// when it is shorter); the accrual is for the month completed then.
				d := min(join.d, last)
				on = civil{y, mo, d, first + d - 1}
				if on.n > join.n && on.n <= to.n && on.n >= start.n {
					frac = 1
				}
			} else {
				lo, hi := civil{y, mo, 1, first}, first+last-1
				if from.n > lo.n {
					lo = from
				}
				hi = min(hi, to.n)
				if hi >= lo.n {
					frac = 1
					if p.ProRata {
						frac = float64(hi-lo.n+1) / float64(last)
					}
				}
				on = lo
			}
			if mo++; mo > 12 {
				y, mo = y+1, 1
			}
			if frac == 0 {
				continue
			}
			share += frac
			cum += float64(p.rateOn(join, known, on)) * frac / 12
			amt := Amount(math.Round(cum)) - prev
			prev += amt
			b.Granted += amt
			if on.n <= asOf.n {
				acc = append(acc, accrual{on.n, amt})
			}
		}
		b.ProRata = math.Round(share/12*10000) / 10000
	default: // manual: the stored entitlement is the grant
		b.Granted, b.Adjustment = in.Adjustment, 0
		acc = append(acc, accrual{start.n, in.Adjustment})
	}
	b.Carried = in.Carried
	if in.MaxCarry > 0 && b.Carried > in.MaxCarry {
		b.Carried = in.MaxCarry
	}
	expiry, expires := math.MaxInt, false
	if p.CarryExpiry != "" && b.Carried > 0 {
		if t, ok := carryExpiryIn(start.y, p.CarryExpiry); ok && t.n >= start.n {
			expiry = t.n
			var s [10]byte
			b.CarryExpiry = string(appendDate(s[:0], t))
			expires = expiry < asOf.n
		}
	}
	// Takes in date order (few; insertion sort keeps it allocation-free).
	var tbuf [16]accrual
	takes := tbuf[:0]
	if len(in.Takes) > len(tbuf) {
		takes = make([]accrual, 0, len(in.Takes))
	}
	for i, t := range in.Takes {
		takes = append(takes, accrual{parseDay(t.Date).n, t.Amount})
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

// carryExpiryIn is the date of a policy's carry expiry (MM-DD) in a year, normalised as a
// date past the month's end was (02-29 in a common year is 1 March); false when the text is
// not a month and day or the year is not four digits.
func carryExpiryIn(y int, mmdd string) (civil, bool) {
	if y < 0 || y > 9999 || len(mmdd) != 5 || mmdd[2] != '-' {
		return civil{}, false
	}
	for _, i := range []int{0, 1, 3, 4} {
		if mmdd[i] < '0' || mmdd[i] > '9' {
			return civil{}, false
		}
	}
	m, d := int(mmdd[0]-'0')*10+int(mmdd[1]-'0'), int(mmdd[3]-'0')*10+int(mmdd[4]-'0')
	if m < 1 || m > 12 || d < 1 || d > 31 {
		return civil{}, false
	}
	t := dateOf(y, m, d)
	return t, t != zeroDay // the zero time was read as no date
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
