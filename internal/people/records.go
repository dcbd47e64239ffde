package people

import (
	"encoding/json"
	"errors"
	"regexp"
	"strconv"
	"strings"
	"time"

	"hadir/internal/platform/validate"
	"hadir/internal/ref"
)

// Areas are the record areas besides general details (spec §1, §3).
var Areas = []string{"contact", "personal", "job", "payroll", "family", "education"}

// IsArea reports whether a is a record area.
func IsArea(a string) bool {
	for _, x := range Areas {
		if x == a {
			return true
		}
	}
	return false
}

// Contact is the contact record: the person's number and address, and an emergency contact.
type Contact struct {
	ContactNumber  string `json:"contact_number"`
	EmergencyName  string `json:"emergency_name"`
	RelationID     int    `json:"relation_id"`
	Relationship   string `json:"relationship"`
	EmergencyPhone string `json:"emergency_number"`
	Address1       string `json:"address1"`
	Address2       string `json:"address2"`
	Address3       string `json:"address3"`
	Locality       string `json:"locality"`
	City           string `json:"city"`
	PostalCode     string `json:"postal_code"`
	StateID        int    `json:"state_id"`
}

// Personal is the personal record.
type Personal struct {
	BirthDate string `json:"birth_date"`
	Gender    string `json:"gender"`
	MaritalID int    `json:"marital_id"`
	Religion  string `json:"religion"`
	Race      string `json:"race"`
}

// Job is the job record. Position is the position's name as free text (a school has no
// list of positions); a company may pick one of its positions as PositionID as well.
type Job struct {
	Position         string `json:"position"`
	PositionID       int64  `json:"position_id"`
	PositionCode     string `json:"position_code"`
	Type             string `json:"type"`
	EffectiveDate    string `json:"effective_date"`
	EndOfProbation   string `json:"end_of_probation"`
	EmploymentStatus string `json:"employment_status"`
	Remark           string `json:"remark"`
}

// Payroll is the payroll record with the Malaysian statutory fields.
type Payroll struct {
	BasicSalary     string `json:"basic_salary"`
	Currency        string `json:"currency"`
	PaymentType     string `json:"payment_type"`
	Method          string `json:"method"`
	Bank            string `json:"bank"`
	BankAccount     string `json:"bank_account"`
	EPFEmployerRate string `json:"epf_employer_rate"`
	EPFEmployeeRate string `json:"epf_employee_rate"`
	EPFNumber       string `json:"epf_number"`
	TaxNumber       string `json:"tax_number"`
	TaxStatus       string `json:"tax_status"`
	ChildRelief     int    `json:"child_relief"`
	EIS             bool   `json:"eis_contribution"`
	SOCSOCategory   string `json:"socso_category"`
	Zakat           string `json:"zakat"`
}

// Family is the family record.
type Family struct {
	MaritalID     int    `json:"marital_id"`
	Children      int    `json:"children"`
	SpouseName    string `json:"spouse_name"`
	SpouseWorking bool   `json:"spouse_working"`
	SpouseNRIC    string `json:"spouse_nric"`
	Nationality   string `json:"nationality"`
	NRIC          string `json:"nric"`
	Passport      string `json:"passport"`
}

// Education is one education row.
type Education struct {
	School       string `json:"school"`
	Degree       string `json:"degree"`
	FieldOfStudy string `json:"field_of_study"`
	Grade        string `json:"grade"`
	From         string `json:"from"`
	To           string `json:"to"`
}

// Choices of the enumerated record fields; the front end translates their codes.
var (
	Genders            = []string{"male", "female"}
	JobTypes           = []string{"full_time", "part_time", "contract", "internship", "temporary"}
	EmploymentStatuses = []string{"probation", "confirmed", "resigned", "terminated", "retired"}
	PaymentTypes       = []string{"monthly", "daily", "hourly"}
	PaymentMethods     = []string{"bank_transfer", "cash", "cheque"}
	TaxStatuses        = []string{"single", "married_spouse_working", "married_spouse_not_working", "divorced_widowed"}
	SOCSOCategories    = []string{"first", "second", "none"}
)

var (
	nricPattern     = regexp.MustCompile(`^\d{6}-?\d{2}-?\d{4}$`)
	decimalPattern  = regexp.MustCompile(`^\d{1,10}(\.\d{1,2})?$`)
	currencyPattern = regexp.MustCompile(`^[A-Z]{3}$`)
)

// decodeArea parses and validates the JSON of an area into its normalised JSON.
// positionExists answers whether a position id belongs to the organisation.
func decodeArea(area string, raw json.RawMessage, positionExists func(int64) bool) (json.RawMessage, error) {
	c := validate.New()
	var v any
	switch area {
	case "contact":
		var x Contact
		if err := strictUnmarshal(raw, &x); err != nil {
			return nil, err
		}
		trimAll(&x.ContactNumber, &x.EmergencyName, &x.Relationship, &x.EmergencyPhone, &x.Address1, &x.Address2, &x.Address3, &x.Locality, &x.City, &x.PostalCode)
		optPhone(c, "contact_number", x.ContactNumber)
		optPhone(c, "emergency_number", x.EmergencyPhone)
		c.MaxLen("emergency_name", x.EmergencyName, 100)
		c.MaxLen("relationship", x.Relationship, 50)
		for f, s := range map[string]string{"address1": x.Address1, "address2": x.Address2, "address3": x.Address3, "locality": x.Locality, "city": x.City} {
			c.MaxLen(f, s, 200)
		}
		c.MaxLen("postal_code", x.PostalCode, 10)
		if x.RelationID != 0 && !ref.Has(ref.Relations, x.RelationID) {
			c.Invalid("relation_id")
		}
		if x.StateID != 0 && !ref.Has(ref.States, x.StateID) {
			c.Invalid("state_id")
		}
		v = x
	case "personal":
		var x Personal
		if err := strictUnmarshal(raw, &x); err != nil {
			return nil, err
		}
		trimAll(&x.BirthDate, &x.Gender, &x.Religion, &x.Race)
		if optDate(c, "birth_date", x.BirthDate) && x.BirthDate != "" && x.BirthDate > time.Now().Format(time.DateOnly) {
			c.Invalid("birth_date")
		}
		oneOf(c, "gender", x.Gender, Genders)
		if x.MaritalID != 0 && !ref.Has(ref.MaritalStatuses, x.MaritalID) {
			c.Invalid("marital_id")
		}
		c.MaxLen("religion", x.Religion, 50)
		c.MaxLen("race", x.Race, 50)
		v = x
	case "job":
		var x Job
		if err := strictUnmarshal(raw, &x); err != nil {
			return nil, err
		}
		trimAll(&x.Position, &x.PositionCode, &x.Type, &x.EffectiveDate, &x.EndOfProbation, &x.EmploymentStatus, &x.Remark)
		if x.PositionID != 0 && !positionExists(x.PositionID) {
			c.Invalid("position_id")
		}
		c.MaxLen("position", x.Position, 100)
		c.MaxLen("position_code", x.PositionCode, 30)
		oneOf(c, "type", x.Type, JobTypes)
		oneOf(c, "employment_status", x.EmploymentStatus, EmploymentStatuses)
		optDate(c, "effective_date", x.EffectiveDate)
		if optDate(c, "end_of_probation", x.EndOfProbation) && x.EndOfProbation != "" && x.EffectiveDate != "" && x.EndOfProbation < x.EffectiveDate {
			c.Add("end_of_probation", "validation.after", "end of probation must not be before the effective date", nil)
		}
		c.MaxText("remark", x.Remark, 2000)
		v = x
	case "payroll":
		var x Payroll
		if err := strictUnmarshal(raw, &x); err != nil {
			return nil, err
		}
		trimAll(&x.BasicSalary, &x.Currency, &x.PaymentType, &x.Method, &x.Bank, &x.BankAccount, &x.EPFEmployerRate, &x.EPFEmployeeRate, &x.EPFNumber, &x.TaxNumber, &x.TaxStatus, &x.SOCSOCategory, &x.Zakat)
		x.Currency = strings.ToUpper(x.Currency)
		if x.Currency == "" {
			x.Currency = "MYR"
		}
		optDecimal(c, "basic_salary", x.BasicSalary, -1)
		optDecimal(c, "zakat", x.Zakat, -1)
		optDecimal(c, "epf_employer_rate", x.EPFEmployerRate, 100)
		optDecimal(c, "epf_employee_rate", x.EPFEmployeeRate, 100)
		if !currencyPattern.MatchString(x.Currency) {
			c.Invalid("currency")
		}
		oneOf(c, "payment_type", x.PaymentType, PaymentTypes)
		oneOf(c, "method", x.Method, PaymentMethods)
		oneOf(c, "tax_status", x.TaxStatus, TaxStatuses)
		oneOf(c, "socso_category", x.SOCSOCategory, SOCSOCategories)
		c.MaxLen("bank", x.Bank, 100)
		if x.BankAccount != "" && !digitsDash(x.BankAccount, 5, 20) {
			c.Invalid("bank_account")
		}
		c.MaxLen("epf_number", x.EPFNumber, 20)
		c.MaxLen("tax_number", x.TaxNumber, 20)
		if x.ChildRelief < 0 || x.ChildRelief > 30 {
			c.Invalid("child_relief")
		}
		v = x
	case "family":
		var x Family
		if err := strictUnmarshal(raw, &x); err != nil {
			return nil, err
		}
		trimAll(&x.SpouseName, &x.SpouseNRIC, &x.Nationality, &x.NRIC, &x.Passport)
		if x.MaritalID != 0 && !ref.Has(ref.MaritalStatuses, x.MaritalID) {
			c.Invalid("marital_id")
		}
		if x.Children < 0 || x.Children > 30 {
			c.Invalid("children")
		}
		c.MaxLen("spouse_name", x.SpouseName, 100)
		c.MaxLen("nationality", x.Nationality, 50)
		c.MaxLen("passport", x.Passport, 20)
		if x.NRIC != "" && !nricPattern.MatchString(x.NRIC) {
			c.Add("nric", "validation.nric", "NRIC must have 12 digits (YYMMDD-PB-###G)", nil)
		}
		if x.SpouseNRIC != "" && !nricPattern.MatchString(x.SpouseNRIC) {
			c.Add("spouse_nric", "validation.nric", "NRIC must have 12 digits (YYMMDD-PB-###G)", nil)
		}
		v = x
	case "education":
		var x Education
		if err := strictUnmarshal(raw, &x); err != nil {
			return nil, err
		}
		trimAll(&x.School, &x.Degree, &x.FieldOfStudy, &x.Grade, &x.From, &x.To)
		if c.Required("school", x.School) {
			c.MaxLen("school", x.School, 200)
		}
		c.MaxLen("degree", x.Degree, 100)
		c.MaxLen("field_of_study", x.FieldOfStudy, 100)
		c.MaxLen("grade", x.Grade, 30)
		optDate(c, "from", x.From)
		if optDate(c, "to", x.To) && x.To != "" && x.From != "" && x.To < x.From {
			c.Add("to", "validation.after", "the end must not be before the start", nil)
		}
		v = x
	default:
		return nil, ErrNotFound
	}
	if err := c.Err(); err != nil {
		return nil, err
	}
	return json.Marshal(v)
}

// strictUnmarshal decodes an area's fields; a value of the wrong type names its field.
func strictUnmarshal(raw json.RawMessage, dst any) error {
	if len(raw) == 0 {
		raw = json.RawMessage("{}")
	}
	err := json.Unmarshal(raw, dst)
	var te *json.UnmarshalTypeError
	if err != nil {
		field := "body"
		if errors.As(err, &te) && te.Field != "" {
			field = te.Field
		}
		return validate.Field(field, "validation.invalid", field+" is not valid")
	}
	return nil
}

func trimAll(fields ...*string) {
	for _, f := range fields {
		*f = strings.TrimSpace(*f)
	}
}

func optDate(c *validate.Checker, field, v string) bool {
	if v == "" {
		return true
	}
	if _, err := time.Parse(time.DateOnly, v); err != nil {
		c.Add(field, "validation.date", field+" must be a date (YYYY-MM-DD)", nil)
		return false
	}
	return true
}

func oneOf(c *validate.Checker, field, v string, allowed []string) {
	if v == "" {
		return
	}
	for _, a := range allowed {
		if a == v {
			return
		}
	}
	c.Invalid(field)
}

func optDecimal(c *validate.Checker, field, v string, max float64) {
	if v == "" {
		return
	}
	if !decimalPattern.MatchString(v) {
		c.Add(field, "validation.decimal", field+" must be a number with at most two decimals", nil)
		return
	}
	if f, _ := strconv.ParseFloat(v, 64); max >= 0 && f > max {
		c.Add(field, "validation.max_value", field+" is too large", map[string]any{"max": max})
	}
}

func optPhone(c *validate.Checker, field, v string) {
	if v != "" && !digitsDash(strings.TrimPrefix(v, "+"), 7, 20) {
		c.Invalid(field)
	}
}

// digitsDash accepts digits with spaces and dashes, counting between min and max digits.
func digitsDash(v string, min, max int) bool {
	n := 0
	for _, r := range v {
		switch {
		case r >= '0' && r <= '9':
			n++
		case r == ' ' || r == '-':
		default:
			return false
		}
	}
	return n >= min && n <= max
}
