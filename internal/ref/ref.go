// Package ref holds the fixed reference lists of the product: company types, Malaysian
// states and federal territories, contact relations and marital statuses. Each item has a
// stable code the front end translates, and an English name.
package ref

// Item is one entry of a reference list.
type Item struct {
	ID   int    `json:"id"`
	Code string `json:"code"`
	Name string `json:"name"`
}

// CompanyTypes are the forms of business registration in Malaysia.
var CompanyTypes = []Item{
	{1, "sole_proprietorship", "Sole proprietorship"},
	{2, "partnership", "Partnership"},
	{3, "private_limited", "Private limited company (Sdn. Bhd.)"},
	{4, "public_limited", "Public limited company (Bhd.)"},
	{5, "llp", "Limited liability partnership"},
	{6, "non_profit", "Non-profit organisation"},
	{7, "government", "Government agency"},
	{8, "other", "Other"},
}

// States are the thirteen states and three federal territories of Malaysia.
var States = []Item{
	{1, "johor", "Johor"}, {2, "kedah", "Kedah"}, {3, "kelantan", "Kelantan"}, {4, "melaka", "Melaka"},
	{5, "negeri_sembilan", "Negeri Sembilan"}, {6, "pahang", "Pahang"}, {7, "penang", "Pulau Pinang"},
	{8, "perak", "Perak"}, {9, "perlis", "Perlis"}, {10, "sabah", "Sabah"}, {11, "sarawak", "Sarawak"},
	{12, "selangor", "Selangor"}, {13, "terengganu", "Terengganu"}, {14, "kuala_lumpur", "W.P. Kuala Lumpur"},
	{15, "labuan", "W.P. Labuan"}, {16, "putrajaya", "W.P. Putrajaya"},
}

// Relations are the ways an emergency contact relates to a person.
var Relations = []Item{
	{1, "spouse", "Spouse"}, {2, "father", "Father"}, {3, "mother", "Mother"}, {4, "child", "Child"},
	{5, "sibling", "Sibling"}, {6, "relative", "Relative"}, {7, "friend", "Friend"}, {8, "guardian", "Guardian"},
	{9, "other", "Other"},
}

// MaritalStatuses are the marital states a person record can hold.
var MaritalStatuses = []Item{
	{1, "single", "Single"}, {2, "married", "Married"}, {3, "divorced", "Divorced"}, {4, "widowed", "Widowed"},
	{5, "separated", "Separated"},
}

// Has reports whether id is in the list.
func Has(list []Item, id int) bool {
	for _, it := range list {
		if it.ID == id {
			return true
		}
	}
	return false
}
