package leave

import (
	"math"
	"strconv"

	"hadir/internal/platform/jsontext"
)

// AppendEntitlementsJSON appends the JSON array of entitlements, byte for byte what
// encoding/json writes for []Entitlement (HTML characters escaped, as its Encoder does by
// default). The balances of everyone are 18,000 entitlements at 6,000 people, and encoding
// them by reflection was a fifth of the call (issue 16).
func AppendEntitlementsJSON(b []byte, es []Entitlement) []byte {
	if es == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range es {
		if i > 0 {
			b = append(b, ',')
		}
		e := &es[i]
		b = append(b, `{"id":`...)
		b = strconv.AppendInt(b, e.ID, 10)
		b = append(b, `,"employee_id":`...)
		b = strconv.AppendInt(b, e.PersonID, 10)
		b = append(b, `,"leave_type_id":`...)
		b = strconv.AppendInt(b, e.TypeID, 10)
		b = append(b, `,"leave_type":`...)
		b = jsontext.AppendString(b, e.TypeName)
		b = append(b, `,"unit":`...)
		b = jsontext.AppendString(b, e.Unit)
		b = append(b, `,"period_start":`...)
		b = jsontext.AppendString(b, e.PeriodStart)
		b = append(b, `,"valid_until":`...)
		b = jsontext.AppendString(b, e.ValidUntil)
		b = append(b, `,"entitled":`...)
		b = e.Entitled.appendJSON(b)
		b = append(b, `,"carried_over":`...)
		b = e.Carried.appendJSON(b)
		b = append(b, `,"taken":`...)
		b = e.Taken.appendJSON(b)
		b = append(b, `,"pending":`...)
		b = e.Pending.appendJSON(b)
		b = append(b, `,"balance":`...)
		b = e.Balance.appendJSON(b)
		b = append(b, `,"available":`...)
		b = e.Available.appendJSON(b)
		b = append(b, `,"note":`...)
		b = jsontext.AppendString(b, e.Note)
		b = append(b, `,"expired":`...)
		b = e.Expired.appendJSON(b)
		if e.Breakdown != nil {
			b = append(b, `,"breakdown":`...)
			b = appendBreakdownJSON(b, e.Breakdown)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendBreakdownJSON writes a breakdown as encoding/json does (issue 13: json.Marshal of
// the 18,000 breakdowns of the balances with accrual cost more than the rest of the array).
func appendBreakdownJSON(b []byte, d *Breakdown) []byte {
	b = append(b, `{"grant":`...)
	b = jsontext.AppendString(b, d.Grant)
	b = append(b, `,"rate":`...)
	b = d.Rate.appendJSON(b)
	b = append(b, `,"pro_rata_factor":`...)
	b = appendFloatJSON(b, d.ProRata)
	for _, f := range [...]struct {
		key string
		v   Amount
	}{{`,"granted":`, d.Granted}, {`,"accrued_to_date":`, d.Accrued}, {`,"capped":`, d.Capped}, {`,"adjustment":`, d.Adjustment}, {`,"carried_over":`, d.Carried}} {
		b = append(b, f.key...)
		b = f.v.appendJSON(b)
	}
	b = append(b, `,"carry_expires_on":`...)
	b = jsontext.AppendString(b, d.CarryExpiry)
	for _, f := range [...]struct {
		key string
		v   Amount
	}{{`,"expired":`, d.Expired}, {`,"taken":`, d.Taken}, {`,"pending":`, d.Pending}, {`,"balance":`, d.Balance}, {`,"available":`, d.Available}} {
		b = append(b, f.key...)
		b = f.v.appendJSON(b)
	}
	return append(b, '}')
}

// appendFloatJSON writes a float64 as encoding/json does: the shortest decimal, with an
// exponent (e-7, not e-07) below 1e-6 or from 1e21 on. NaN and infinities, which
// encoding/json refuses, never occur in a breakdown; they are written as 0.
func appendFloatJSON(b []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(b, '0')
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// appendJSON writes the amount as MarshalJSON does (1.5, 12, -0.25), without floats.
func (a Amount) appendJSON(b []byte) []byte {
	v := int64(a)
	if v < 0 {
		b = append(b, '-')
		v = -v
	}
	b = strconv.AppendInt(b, v/100, 10)
	if f := v % 100; f != 0 {
		b = append(b, '.', byte('0'+f/10))
		if f%10 != 0 {
			b = append(b, byte('0'+f%10))
		}
	}
	return b
}
