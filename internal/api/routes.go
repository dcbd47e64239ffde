package api

import "net/http"

// Access says who may call a route.
type Access int

// The kinds of access a route can declare.
const (
	Public   Access = iota // anyone
	SignedIn               // any valid session
	Perm                   // a session holding Route.Permission
)

// Route is one line of the route table.
type Route struct {
	Method     string
	Path       string
	Access     Access
	Permission string
	Handle     func(http.ResponseWriter, *http.Request) error
}

func public(m, p string, h func(http.ResponseWriter, *http.Request) error) Route {
	return Route{Method: m, Path: p, Access: Public, Handle: h}
}

func signedIn(m, p string, h func(http.ResponseWriter, *http.Request) error) Route {
	return Route{Method: m, Path: p, Access: SignedIn, Handle: h}
}

func perm(permission, m, p string, h func(http.ResponseWriter, *http.Request) error) Route {
	return Route{Method: m, Path: p, Access: Perm, Permission: permission, Handle: h}
}

// Permission names (spec §6; companies use "company" for "school").
const (
	viewSchool       = "view.manage.school"
	viewSchoolStaff  = "view.manage.school.employee"
	addSchool        = "add.manage.school"
	addSchoolStaff   = "add.manage.school.employee"
	viewCompany      = "view.manage.company"
	viewCompanyStaff = "view.manage.company.employee"
	addCompany       = "add.manage.company"
	addCompanyStaff  = "add.manage.company.employee"
)

// Routes is the whole API: every route, its method, its access and its handler.
func (a *API) Routes() []Route {
	return []Route{
		// Auth and account (spec §7).
		public("POST", "/api/auth/login", a.login),
		public("POST", "/api/login", a.login),
		public("POST", "/api/auth/register", a.registerCompany),
		public("POST", "/api/users", a.registerCompany),
		public("POST", "/api/school/register", a.registerSchool),
		public("POST", "/api/auth/password/school/reset", a.forgotPassword),
		public("POST", "/api/auth/password/reset/new", a.resetPassword),
		signedIn("GET", "/api/verify", a.verify),
		signedIn("PUT", "/api/user", a.updateUser),
		signedIn("POST", "/api/auth/logout", a.logout),
		signedIn("POST", "/api/auth/account/email", a.changeEmail),
		signedIn("POST", "/api/auth/account/password", a.changePassword),

		// Reference data.
		signedIn("GET", "/api/ref/company/type", a.refCompanyTypes),
		signedIn("GET", "/api/ref/employee/contact", a.refContact),
		signedIn("GET", "/api/ref/marital", a.refMarital),

		// Company profile, registration details and positions.
		perm(viewCompany, "GET", "/api/company/profile", a.companyProfile),
		perm(addCompany, "POST", "/api/company/profile/update", a.updateCompanyProfile),
		perm(addCompany, "POST", "/api/company/register", a.updateCompanyRegistration),
		perm(viewCompany, "GET", "/api/company/settings/positions", a.listPositions),
		perm(addCompany, "POST", "/api/company/settings/positions", a.createPosition),
		perm(addCompany, "POST", "/api/company/settings/positions/update", a.updatePosition),
		perm(addCompany, "DELETE", "/api/company/settings/positions", a.deletePosition),

		// School profile.
		perm(viewSchool, "GET", "/api/school/management/form", a.schoolProfile),
		perm(addSchool, "POST", "/api/school/management", a.updateSchoolProfile),
	}
}
