package web

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
)

// FlexString accepts a JSON string or number (forms send "12" or 12 for the same field).
type FlexString string

// UnmarshalJSON implements json.Unmarshaler.
func (f *FlexString) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if string(b) == "null" {
		*f = ""
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*f = FlexString(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return &json.UnmarshalTypeError{Value: string(b), Type: reflect.TypeOf("")}
	}
	*f = FlexString(n.String())
	return nil
}

// FlexInt accepts a JSON number or a numeric string; empty and null are zero.
type FlexInt int64

// UnmarshalJSON implements json.Unmarshaler.
func (f *FlexInt) UnmarshalJSON(b []byte) error {
	var s FlexString
	if err := s.UnmarshalJSON(b); err != nil {
		return err
	}
	v := strings.TrimSpace(string(s))
	if v == "" {
		*f = 0
		return nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return &json.UnmarshalTypeError{Value: "string " + strconv.Quote(v), Type: reflect.TypeOf(int64(0))}
	}
	*f = FlexInt(n)
	return nil
}
