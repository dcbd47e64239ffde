package leave

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

// The policy maths as they were written with time.Time (before issue 13's benchmark asked
// for them without it), kept only as the reference the day-number version is checked
// against on random inputs (TestComputeMatchesTimeReference).

// rateOn is the year's days for a person who joined on a date (zero time: unknown) on a
// date: the tier of the whole years of service then, or Days without tiers (or without a
// joining date, the first tier).
func (p Policy) refRateOn(join, d time.Time) Amount {
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

// parseDay reads YYYY-MM-DD without allocating (zero time for anything else).
func refParseDay(s string) time.Time {
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
func refDay(t time.Time) int { return int(t.Unix() / 86400) }

// Compute works a balance out by the policy. Accruals are events on their dates up to the
// as-of date; takes are events on their first dates (all approved ones, as the balance
// always counted future approved leave). Carried days are available from the period's start
// and are used first by takes up to the expiry date; what is left of them after that date
// expires once the as-of date has passed it. Accrual stops at the maximum balance: the part
// of an accrual that would take the balance above it is capped (lost). The manual grant
// credits the stored entitlement on the period's start.
func (p Policy) refCompute(in PolicyInput) Breakdown {
	b := Breakdown{Grant: p.Grant, Adjustment: in.Adjustment, Pending: in.Pending, ProRata: 1}
	start, end, asOfT := refParseDay(in.PeriodStart), refParseDay(in.PeriodEnd), refParseDay(in.AsOf)
	asOf := refDay(asOfT)
	join := refParseDay(in.Join)
	from, to := start, end
	if in.Join != "" && in.Join > in.PeriodStart {
		from = join
	}
	if in.Leaving != "" && in.Leaving < in.PeriodEnd {
		to = refParseDay(in.Leaving)
	}
	b.Rate = p.refRateOn(join, asOfT)
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
				b.ProRata = float64(refDay(to)-refDay(from)+1) / float64(refDay(end)-refDay(start)+1)
			}
			b.Granted = Amount(math.Round(float64(p.refRateOn(join, from)) * b.ProRata))
			b.ProRata = math.Round(b.ProRata*10000) / 10000
			if refDay(from) <= asOf {
				acc = append(acc, accrual{refDay(from), b.Granted})
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
						frac = float64(refDay(hi)-refDay(lo)+1) / float64(mEnd.Day())
					}
				}
				on = lo
			}
			if frac == 0 {
				continue
			}
			share += frac
			cum += float64(p.refRateOn(join, on)) * frac / 12
			amt := Amount(math.Round(cum)) - prev
			prev += amt
			b.Granted += amt
			if refDay(on) <= asOf {
				acc = append(acc, accrual{refDay(on), amt})
			}
		}
		b.ProRata = math.Round(share/12*10000) / 10000
	default: // manual: the stored entitlement is the grant
		b.Granted, b.Adjustment = in.Adjustment, 0
		acc = append(acc, accrual{refDay(start), in.Adjustment})
	}
	b.Carried = in.Carried
	if in.MaxCarry > 0 && b.Carried > in.MaxCarry {
		b.Carried = in.MaxCarry
	}
	expiry, expires := math.MaxInt, false
	if p.CarryExpiry != "" && b.Carried > 0 {
		if t := refParseDay(start.Format("2006") + "-" + p.CarryExpiry); !t.IsZero() && !t.Before(start) {
			expiry = refDay(t)
			b.CarryExpiry = t.Format(time.DateOnly)
			expires = expiry < asOf
		}
	}
	// Takes in date order (few; insertion sort keeps it allocation-free).
	takes := make([]accrual, len(in.Takes))
	for i, t := range in.Takes {
		takes[i] = accrual{refDay(refParseDay(t.Date)), t.Amount}
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

// TestDayNumbers: the day numbers are Unix days, and dates past a month's end count on as
// time.Date normalises them.
func TestDayNumbers(t *testing.T) {
	if zeroDay.n != int(time.Time{}.Unix()/86400) {
		t.Fatalf("zeroDay %d, want %d", zeroDay.n, time.Time{}.Unix()/86400)
	}
	for n := daysFromCivil(-1, 1, 1); n < daysFromCivil(2200, 1, 1); n += 7 {
		c := civilFromDays(n)
		tm := time.Unix(int64(n)*86400, 0).UTC()
		if c.y != tm.Year() || c.m != int(tm.Month()) || c.d != tm.Day() || daysFromCivil(c.y, c.m, c.d) != n {
			t.Fatalf("%d: %+v, want %s", n, c, tm)
		}
		if monthDays(c.y, c.m) != time.Date(c.y, time.Month(c.m)+1, 0, 0, 0, 0, 0, time.UTC).Day() {
			t.Fatalf("%+v: %d days", c, monthDays(c.y, c.m))
		}
		if c.y >= 0 && c.y <= 9999 && string(appendDate(nil, c)) != tm.Format(time.DateOnly) {
			t.Fatalf("%+v: %s", c, appendDate(nil, c))
		}
	}
	for _, s := range []string{"2026-02-29", "2024-02-30", "2026-04-31", "2026-12-31", "0001-01-01", "0000-03-01", "2026-13-01", "x", "2026-1-01", ""} {
		got, want := parseDay(s), refParseDay(s)
		if got.n != refDay(want) || got.y != want.Year() || got.m != int(want.Month()) || got.d != want.Day() {
			t.Fatalf("%q: %+v, want %s", s, got, want)
		}
	}
}

// TestComputeMatchesTimeReference: Compute on day numbers gives the breakdown the time.Time
// version gave, for random policies, periods, joining and leaving dates, as-of dates and
// takes (including dates past a month's end and carry expiries such as 02-29).
func TestComputeMatchesTimeReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 100))
	date := func(lo, hi int) string {
		if rng.IntN(40) == 0 {
			return fmt.Sprintf("20%02d-%02d-%02d", rng.IntN(40), 1+rng.IntN(12), 29+rng.IntN(3)) // maybe past the month's end
		}
		return civilFromDays(lo + rng.IntN(hi-lo+1)).format()
	}
	grants := []string{GrantManual, GrantYearly, GrantMonthly, GrantAnniversary, ""}
	expiries := []string{"", "03-31", "02-29", "01-01", "12-31", "06-31", "04-15"}
	for i := 0; i < 200000; i++ {
		p := Policy{Grant: grants[rng.IntN(len(grants))], Days: Amount(rng.IntN(3000)), ProRata: rng.IntN(2) == 0,
			MaxBalance: Amount(rng.IntN(3) * rng.IntN(3000)), CarryExpiry: expiries[rng.IntN(len(expiries))]}
		for y, n := 0, rng.IntN(4); len(p.Tiers) < n; y += 1 + rng.IntN(5) {
			p.Tiers = append(p.Tiers, Tier{FromYears: y, Days: Amount(rng.IntN(3000))})
		}
		y := 2015 + rng.IntN(15)
		s := daysFromCivil(y, 1+rng.IntN(12), 1+rng.IntN(28))
		if rng.IntN(2) == 0 {
			s = daysFromCivil(y, 1, 1)
		}
		e := s + 1 + rng.IntN(400)
		if rng.IntN(2) == 0 {
			e = daysFromCivil(y, 12, 31)
		}
		in := PolicyInput{PeriodStart: civilFromDays(s).format(), PeriodEnd: civilFromDays(e).format(), AsOf: date(s-30, e+30),
			Adjustment: Amount(rng.IntN(1000) - 200), Carried: Amount(rng.IntN(3) * rng.IntN(1500)), MaxCarry: Amount(rng.IntN(2) * rng.IntN(1000)),
			Pending: Amount(rng.IntN(500))}
		if rng.IntN(4) > 0 {
			in.Join = date(s-4000, e+30)
		}
		if rng.IntN(3) == 0 {
			in.Leaving = date(s-30, e+30)
		}
		for n := rng.IntN(25); len(in.Takes) < n; {
			in.Takes = append(in.Takes, Take{Date: date(s-5, e+5), Amount: Amount(50 * (1 + rng.IntN(10)))})
		}
		if got, want := p.Compute(in), p.refCompute(in); got != want {
			t.Fatalf("%+v %+v:\n got %+v\nwant %+v", p, in, got, want)
		}
	}
}

func (c civil) format() string { return string(appendDate(nil, c)) }
