package leave

import (
	"encoding/json"
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
			// a policy type's: few strings and a float, written as encoding/json does
			bd, _ := json.Marshal(e.Breakdown)
			b = append(b, `,"breakdown":`...)
			b = append(b, bd...)
		}
		b = append(b, '}')
	}
	return append(b, ']')
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
