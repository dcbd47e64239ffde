package api

import (
	"net/http"

	"hadir/internal/account"
	"hadir/internal/leave"
	"hadir/internal/people"
)

// Access says who may call a route.
type Access int

// The kinds of access a route can declare.
const (
	Public   Access = iota // anyone
	SignedIn               // any valid session
	Perm                   // a session holding Route.Permission
	Device                 // an attendance terminal, known by its serial number (internal/iclock)
	// Manager is a session whose person manages people (a reporting line, issue 12): 403
	// when they manage nobody; a route with {id} addresses one of their direct reports, and
	// anybody else's id answers 404, as another organisation's would.
	Manager
)

// Route is one line of the route table.
type Route struct {
	Method     string
	Path       string
	Access     Access
	Permission string
	Handle     func(http.ResponseWriter, *http.Request) error
	Raw        http.Handler // for Device routes
	// Area is the area an API token needs in its scope to call the route (account.Areas);
	// a route of no area is closed to tokens. A token needs read/write for any method but
	// GET and HEAD. Set by inArea where the table is assembled, never in a handler.
	Area string
	// DuringTwoFactorSetup keeps the route open to an owner or admin whom the organisation's
	// policy sends to enrol in two-factor sign-in first (enrolment, /api/verify, logout).
	DuringTwoFactorSetup bool
}

func public(m, p string, h func(http.ResponseWriter, *http.Request) error) Route {
	return Route{Method: m, Path: p, Access: Public, Handle: h}
}

func signedIn(m, p string, h func(http.ResponseWriter, *http.Request) error) Route {
	return Route{Method: m, Path: p, Access: SignedIn, Handle: h}
}

// setup opens a route to callers who must set up two-factor sign-in first.
func setup(rt Route) Route {
	rt.DuringTwoFactorSetup = true
	return rt
}

// inArea puts routes in an API token area.
func inArea(area string, rs ...Route) []Route {
	for i := range rs {
		if rs[i].Access == Perm {
			rs[i].Area = area
		}
	}
	return rs
}

// Writes reports whether the route changes something, which a read-only token may not do.
func (rt Route) Writes() bool { return rt.Method != "GET" && rt.Method != "HEAD" }

func manager(m, p string, h func(http.ResponseWriter, *http.Request) error) Route {
	return Route{Method: m, Path: p, Access: Manager, Handle: h}
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
	// addOrgStaff is add.manage.school.employee or add.manage.company.employee, by the
	// caller's kind of organisation.
	addOrgStaff = "add.manage.{org}.employee"
	viewOrg     = "view.manage.{org}"
	addOrg      = "add.manage.{org}"
)

// Routes is the whole API: every route, its method, its access and its handler.
func (a *API) Routes() []Route {
	routes := []Route{
		// Auth and account (spec §7).
		public("POST", "/api/auth/login", a.login),
		public("POST", "/api/login", a.login),
		public("POST", "/api/auth/login/link", a.loginWithLink),
		// Single sign-on (issue 15): lookup, the provider round trip, ticket for a session.
		public("GET", "/api/auth/sso/lookup", a.ssoLookup),
		public("GET", "/api/auth/sso/start", a.ssoStart),
		public("GET", "/api/auth/sso/callback", a.ssoCallback),
		public("POST", "/api/auth/sso/session", a.ssoSession),
		public("POST", "/api/auth/register", a.registerCompany),
		public("POST", "/api/users", a.registerCompany),
		public("POST", "/api/school/register", a.registerSchool),
		public("POST", "/api/auth/password/school/reset", a.forgotPassword),
		public("POST", "/api/auth/password/reset/new", a.resetPassword),
		setup(signedIn("GET", "/api/verify", a.verify)),
		signedIn("PUT", "/api/user", a.updateUser),
		setup(signedIn("POST", "/api/auth/logout", a.logout)),
		signedIn("POST", "/api/auth/account/email", a.changeEmail),
		signedIn("POST", "/api/auth/account/password", a.changePassword),

		// Two-factor sign-in of one's own account, and the organisation's policy (issue 9).
		setup(signedIn("GET", "/api/account/two-factor", a.twoFactorStatus)),
		setup(signedIn("POST", "/api/account/two-factor/enrol", a.twoFactorStart)),
		setup(signedIn("POST", "/api/account/two-factor/confirm", a.twoFactorConfirm)),
		signedIn("POST", "/api/account/two-factor/disable", a.twoFactorDisable),
		signedIn("POST", "/api/account/two-factor/recovery-codes", a.twoFactorRecoveryCodes),
		perm(viewOrg, "GET", "/api/account/security/policy", a.securityPolicy),
		perm(addOrg, "PUT", "/api/account/security/policy", a.setSecurityPolicy),
		// How long records are kept before the retention job purges them (issue 18).
		perm(viewOrg, "GET", "/api/account/retention", a.retentionPolicy),
		perm(addOrgStaff, "PUT", "/api/account/retention", a.setRetentionPolicy),

		// The caller's own notifications: inbox, live stream, preferences (issue 12).
		signedIn("GET", "/api/notifications", a.listNotifications),
		signedIn("GET", "/api/notifications/stream", a.notificationStream),
		signedIn("POST", "/api/notifications/{id}/read", a.readNotification),
		signedIn("POST", "/api/notifications/read-all", a.readAllNotifications),
		signedIn("GET", "/api/notifications/preferences", a.notificationPreferences),
		signedIn("PUT", "/api/notifications/preferences", a.setNotificationPreferences),

		// The team calendar: who is off when (issue 12). Members see their own groups'.
		signedIn("GET", "/api/calendar", a.teamCalendar),
		signedIn("GET", "/api/leave/department-off", a.departmentOff),

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
		perm(addCompany, "DELETE", "/api/company/settings/positions", removeBy(a.Orgs.DeletePosition)),

		// School profile.
		perm(viewSchool, "GET", "/api/school/management/form", a.schoolProfile),
		perm(addSchool, "POST", "/api/school/management", a.updateSchoolProfile),

		// Employee verification, images and the personal profile (both kinds of organisation).
		public("GET", "/api/employee/check", a.checkCode),
		public("POST", "/api/auth/verification/register/employee", a.registerWithCode),
		signedIn("GET", "/api/employee/verify", a.myVerification),
		signedIn("POST", "/api/employee/verify", a.linkWithCode),
		public("GET", "/api/images/{key}", a.image),
		signedIn("GET", "/api/school/personal/profile/summary", a.profileSummary),
		signedIn("POST", "/api/school/personal/profile/image", a.personalImage),
	}
	// API tokens (issue 15): of no area, so no token reaches them.
	routes = append(routes,
		perm(viewOrg, "GET", "/api/integrations/tokens", a.listTokens),
		perm(addOrgStaff, "POST", "/api/integrations/tokens", a.createToken),
		perm(addOrgStaff, "DELETE", "/api/integrations/tokens/{id}", a.revokeToken),

		// Single sign-on providers and settings (issue 15). Closed to API tokens.
		perm(viewOrg, "GET", "/api/integrations/sso", a.ssoSettings),
		perm(addOrg, "PUT", "/api/integrations/sso", a.setSSOSettings),
		perm(addOrg, "POST", "/api/integrations/sso/providers", a.createSSOProvider),
		perm(addOrg, "PUT", "/api/integrations/sso/providers/{id}", a.updateSSOProvider),
		perm(addOrg, "DELETE", "/api/integrations/sso/providers/{id}", a.deleteSSOProvider),
		perm(addOrg, "POST", "/api/integrations/sso/requests/{id}/approve", a.decideSSORequest(true)),
		perm(addOrg, "DELETE", "/api/integrations/sso/requests/{id}", a.decideSSORequest(false)),
		// Webhooks (issue 15): of no area either; a webhook's secret is shown once.
		perm(viewOrg, "GET", "/api/integrations/webhooks", a.listWebhooks),
		perm(addOrgStaff, "POST", "/api/integrations/webhooks", a.createWebhook),
		perm(addOrgStaff, "PUT", "/api/integrations/webhooks/{id}", a.updateWebhook),
		perm(addOrgStaff, "DELETE", "/api/integrations/webhooks/{id}", a.deleteWebhook),
		perm(viewOrg, "GET", "/api/integrations/webhooks/{id}/deliveries", a.webhookDeliveries),
		perm(addOrgStaff, "POST", "/api/integrations/webhooks/{id}/deliveries/{delivery}/redeliver", a.redeliverWebhook),

		// Saved and scheduled reports (issue 15): admins'; closed to API tokens (they send
		// e-mail to people of the organisation).
		perm(viewOrg, "GET", "/api/reports/saved", a.listSavedReports),
		perm(addOrgStaff, "GET", "/api/reports/recipients", a.reportRecipients),
		perm(addOrgStaff, "POST", "/api/reports/saved", a.createSavedReport),
		perm(viewOrg, "GET", "/api/reports/saved/{id}", a.getSavedReport),
		perm(addOrgStaff, "PUT", "/api/reports/saved/{id}", a.updateSavedReport),
		perm(addOrgStaff, "DELETE", "/api/reports/saved/{id}", a.deleteSavedReport),
		perm(addOrgStaff, "POST", "/api/reports/saved/{id}/send", a.sendSavedReport),

		// The audit trail of every change made through the API (issue 15). Closed to API
		// tokens: it holds the old values of every change, personal data included.
		perm(viewOrg, "GET", "/api/audit", a.listAudit),
		perm(viewOrg, "GET", "/api/audit/export", a.exportAudit),
		perm(viewOrg, "GET", "/api/audit/settings", a.auditSettings),
		perm(addOrg, "PUT", "/api/audit/settings", a.setAuditSettings),
	)
	routes = append(routes, inArea(account.AreaPeople,
		perm(addOrgStaff, "POST", "/api/employee/verify/renew", a.renewInvite),
		// Company departments.
		perm(viewCompanyStaff, "GET", "/api/department/record", a.listDepartments),
		perm(addCompanyStaff, "POST", "/api/department/record/register", a.saveDepartment(false)),
		perm(addCompanyStaff, "POST", "/api/department/record/update", a.saveDepartment(true)),
		perm(addCompanyStaff, "DELETE", "/api/department/record", removeBy(a.People.DeleteDepartment)),
	)...)
	for _, k := range []people.Kind{people.Teacher, people.Staff} {
		routes = append(routes, inArea(account.AreaPeople, schoolPeopleRoutes(face{a: a, kind: k, idName: "id"})...)...)
		routes = append(routes, inArea(account.AreaAttendance, schoolAttendanceRoutes(attFace{a: a, kind: string(k), idName: "id"})...)...)
	}
	routes = append(routes, inArea(account.AreaPeople, companyPeopleRoutes(face{a: a, kind: people.Employee, idName: "employee_id"})...)...)
	routes = append(routes, inArea(account.AreaAttendance, companyAttendanceRoutes(attFace{a: a, kind: string(people.Employee), idName: "employee_id"})...)...)
	for _, kind := range []string{"leave", "away"} {
		routes = append(routes, inArea(account.AreaLeave, schoolLeaveRoutes(a, kind)...)...)
		routes = append(routes, personalLeaveRoutes(leaveFace{a: a, kind: kind})...)
		routes = append(routes, inArea(account.AreaLeave, companyLeaveRoutes(leaveFace{a: a, kind: kind, personKind: "employee", idName: "employee_id"})...)...)
	}
	routes = append(routes, inArea(account.AreaDevices, deviceRoutes(a)...)...)
	routes = append(routes, inArea(account.AreaAttendance, groupRoutes(attFace{a: a, kind: "school"}, "/api/school/group/management", "/api/school/group", viewSchool, addSchoolStaff)...)...)
	routes = append(routes, inArea(account.AreaAttendance, groupRoutes(attFace{a: a, kind: string(people.Employee)}, "/api/group/record", "/api/group", viewCompany, addCompanyStaff)...)...)
	routes = append(routes, inArea(account.AreaAttendance,
		// Holidays.
		perm(viewCompany, "GET", "/api/holiday/record", a.listHolidays),
		perm(addCompanyStaff, "POST", "/api/holiday/record", a.saveHoliday(false)),
		perm(addCompanyStaff, "POST", "/api/holiday/record/update", a.saveHoliday(true)),
		perm(addCompanyStaff, "DELETE", "/api/holiday/record", a.deleteHoliday),
		perm(viewSchool, "GET", "/api/school/holiday/management", a.listHolidays),
		perm(addSchoolStaff, "POST", "/api/school/holiday/management", a.saveHoliday(false)),
		perm(addSchoolStaff, "POST", "/api/school/holiday/management/update", a.saveHoliday(true)),
		perm(addSchoolStaff, "DELETE", "/api/school/holiday/management", a.deleteHoliday),
		// Public holidays from the embedded catalogue (issue 13).
		perm(viewCompany, "GET", "/api/holiday/import", a.holidayCatalogue),
		perm(viewCompany, "GET", "/api/holiday/import/preview", a.previewHolidayImport),
		perm(addCompanyStaff, "POST", "/api/holiday/import", a.importHolidays),
		perm(viewSchool, "GET", "/api/school/holiday/import", a.holidayCatalogue),
		perm(viewSchool, "GET", "/api/school/holiday/import/preview", a.previewHolidayImport),
		perm(addSchoolStaff, "POST", "/api/school/holiday/import", a.importHolidays),

		// Web clock-in with a location check, and kiosks (issue 11). Sites and kiosks are the
		// admins'; the kiosk tablet itself has no account and is known by its secret URL.
		perm(viewOrg, "GET", "/api/attendance/sites", a.listSites),
		perm(addOrgStaff, "POST", "/api/attendance/sites", a.saveSite(false)),
		perm(addOrgStaff, "PUT", "/api/attendance/sites/{id}", a.saveSite(true)),
		perm(addOrgStaff, "DELETE", "/api/attendance/sites/{id}", deleteByID(a.Clockin.DeleteSite)),
		signedIn("POST", "/api/attendance/web-clock", a.webClock),
		perm(viewOrg, "GET", "/api/attendance/kiosks", a.listKiosks),
		perm(addOrgStaff, "POST", "/api/attendance/kiosks", a.createKiosk),
		perm(addOrgStaff, "PATCH", "/api/attendance/kiosks/{id}", a.updateKiosk),
		perm(addOrgStaff, "DELETE", "/api/attendance/kiosks/{id}", deleteByID(a.Clockin.RevokeKiosk)),
		// Kiosk PINs: an admin sets or clears a person's (for people without a phone).
		perm(viewOrg, "GET", "/api/attendance/kiosk-pins", a.listPins),
		perm(addOrgStaff, "PUT", "/api/attendance/kiosk-pins/{id}", a.setPin(false)),
		perm(addOrgStaff, "DELETE", "/api/attendance/kiosk-pins/{id}", a.setPin(true)),
		// Offline logs (issue 14): a terminal's USB attendance log or a CSV, previewed, then imported.
		perm(addOrgStaff, "POST", "/api/attendance/punch-imports", a.importPunches),

		// Rosters and rotations (issue 13): shifts, rotation patterns, the pattern a group
		// follows, and the roster that overrides both for a person's date.
		perm(viewOrg, "GET", "/api/attendance/shifts", a.listShifts),
		perm(addOrgStaff, "POST", "/api/attendance/shifts", a.saveShift(false)),
		perm(addOrgStaff, "PUT", "/api/attendance/shifts/{id}", a.saveShift(true)),
		perm(addOrgStaff, "DELETE", "/api/attendance/shifts/{id}", deleteByID(a.Attendance.DeleteShift)),
		perm(viewOrg, "GET", "/api/attendance/patterns", a.listPatterns),
		perm(addOrgStaff, "POST", "/api/attendance/patterns", a.savePattern(false)),
		perm(addOrgStaff, "PUT", "/api/attendance/patterns/{id}", a.savePattern(true)),
		perm(addOrgStaff, "DELETE", "/api/attendance/patterns/{id}", deleteByID(a.Attendance.DeletePattern)),
		perm(viewOrg, "GET", "/api/attendance/group-patterns", a.listGroupPatterns),
		perm(addOrgStaff, "PUT", "/api/attendance/group-patterns/{id}", a.setGroupPattern),
		perm(addOrgStaff, "DELETE", "/api/attendance/group-patterns/{id}", a.clearGroupPattern),
		perm(viewOrg, "GET", "/api/attendance/roster", a.rosterWeek),
		perm(addOrgStaff, "POST", "/api/attendance/roster/fill", a.fillRoster),
		perm(addOrgStaff, "POST", "/api/attendance/roster/clear", a.clearRoster),
		perm(addOrgStaff, "POST", "/api/attendance/roster/copy", a.copyRosterWeek),
		// The monthly payroll export and its saved column mappings (issue 15).
		perm(viewOrg, "GET", "/api/payroll/mappings", a.payrollMappings),
		perm(addOrgStaff, "POST", "/api/payroll/mappings", a.savePayrollMapping(false)),
		perm(addOrgStaff, "PUT", "/api/payroll/mappings/{id}", a.savePayrollMapping(true)),
		perm(addOrgStaff, "DELETE", "/api/payroll/mappings/{id}", deleteByID(a.Payroll.DeleteMapping)),
		perm(viewOrg, "GET", "/api/payroll/export", a.payrollExport),
	)...)
	routes = append(routes, inArea(account.AreaLeave,
		// Leave attachments and the calendar feed.
		signedIn("GET", "/api/leave/attachments/{key}", a.leaveAttachment),
		perm(viewOrg, "GET", "/api/leave/calendar", a.calendarLink(false)),
		perm(addOrgStaff, "POST", "/api/leave/calendar/reset", a.calendarLink(true)),
		public("GET", "/api/calendar/{file}", a.calendarFeed),
		// Approval chains of leave and away types (and organisation-wide ones), issue 12.
		perm(viewOrg, "GET", "/api/approvals/chain", a.getChain),
		perm(addOrgStaff, "POST", "/api/approvals/chain", a.saveChain),
		// The one approvals inbox and members' requests (issue 12): the engine answers 403
		// when a request is not waiting for the caller, so these are open to anyone signed in.
		signedIn("GET", "/api/approvals", a.waitingList),
		signedIn("POST", "/api/approvals/{kind}/{id}/approve", a.decideApproval(true)),
		signedIn("POST", "/api/approvals/{kind}/{id}/reject", a.decideApproval(false)),
		signedIn("POST", "/api/requests/attendance", a.requestCorrection),
		signedIn("GET", "/api/requests/attendance/{id}/attachment", a.correctionAttachment),
		signedIn("GET", "/api/requests", a.myRequests),
		signedIn("POST", "/api/requests/overtime", a.askOvertime),
		signedIn("GET", "/api/requests/overtime", a.myOvertime),
		signedIn("POST", "/api/requests/overtime/{id}/withdraw", a.withdrawOvertime),
		// "My team": a manager's direct reports, their attendance, leave and requests.
		manager("GET", "/api/team", a.teamList),
		manager("GET", "/api/team/attendance/daily", a.teamDaily),
		manager("GET", "/api/team/{id}/attendance/monthly", a.teamMonthly),
		manager("GET", "/api/team/{id}/leave", a.teamLeave),
		manager("GET", "/api/team/{id}/requests", a.teamRequests),
		// Delegation: an approver names a substitute for a date range (visible to both).
		signedIn("GET", "/api/approvals/delegations", a.myDelegations),
		signedIn("GET", "/api/approvals/substitutes", a.substitutes),
		signedIn("POST", "/api/approvals/delegations", a.delegate),
		signedIn("DELETE", "/api/approvals/delegations", a.undelegate),
	)...)
	return append(routes,
		public("GET", "/api/kiosk/{secret}", a.kioskCode),
		public("POST", "/api/kiosk/{secret}/pin", a.kioskPin),
		signedIn("PUT", "/api/attendance/kiosk-pin", a.setMyPin),
		signedIn("POST", "/api/attendance/kiosk-clock", a.kioskClock),
		signedIn("GET", "/api/attendance/home", a.memberHome),

		// Personal data of one person (issue 18): export, and erasure of a leaver.
		perm(addOrgStaff, "GET", "/api/people/{id}/personal-data", a.exportPersonalData),
		perm(addOrgStaff, "POST", "/api/people/{id}/erase", a.erasePerson),

		// The personal area: a member's own attendance.
		signedIn("GET", "/api/school/personal/attendance/daily", a.personalDaily),
		signedIn("GET", "/api/school/personal/attendance/monthly", a.personalMonthly),
		signedIn("GET", "/api/school/personal/attendance/clock", a.personalClock),
	)
}

// groupRoutes are the routes of groups, their weekly schedule and members. base is the
// group resource; prefix holds schedule and employees.
func groupRoutes(f attFace, base, prefix, view, change string) []Route {
	return []Route{
		perm(view, "GET", base, f.listGroups),
		perm(change, "POST", base+map[bool]string{true: "", false: "/register"}[f.kind == "school"], f.createGroup),
		perm(change, "POST", base+"/update", f.updateGroup),
		perm(change, "DELETE", base, f.deleteGroup),
		perm(view, "GET", prefix+"/schedule", f.getSchedule),
		perm(change, "POST", prefix+"/schedule", f.saveSchedule),
		perm(change, "DELETE", prefix+"/schedule", f.clearSchedule),
		perm(view, "GET", prefix+"/employees", f.groupPeople(true)),
		perm(view, "GET", prefix+"/employees/not", f.groupPeople(false)),
		perm(change, "POST", prefix+"/employees", f.changeMembers(true)),
		perm(change, "DELETE", prefix+"/employees", f.changeMembers(false)),
	}
}

// schoolAttendanceRoutes are the attendance, report and dashboard routes of teachers or staff.
func schoolAttendanceRoutes(f attFace) []Route {
	b := "/api/school/attendance/" + f.kind
	d := "/api/school/dashboard/" + f.kind
	return []Route{
		perm(viewSchool, "GET", b, f.daily),
		perm(viewSchool, "GET", b+"/report", f.dailyExport),
		perm(viewSchool, "GET", b+"/monthly", f.rangeReport(false, 30)),
		perm(viewSchool, "GET", b+"/monthly/range", f.rangeReport(false, 30)),
		perm(viewSchool, "GET", b+"/monthly/report", f.rangeExport),
		perm(viewSchool, "GET", b+"/monthly/single", f.rangeReport(true, 30)),
		perm(viewSchool, "GET", b+"/monthly/report/detailed", f.rangeReport(false, 150)),
		perm(viewSchool, "GET", b+"/yearly", f.yearly(false, 30)),
		perm(viewSchool, "GET", b+"/yearly/report", f.yearlyExport),
		perm(viewSchool, "GET", b+"/yearly/individual", f.yearly(true, 30)),
		perm(viewSchool, "GET", b+"/yearly/report/detailed", f.yearly(false, 150)),
		perm(addSchoolStaff, "POST", b+"/manage", f.setStatus),
		perm(addSchoolStaff, "POST", b+"/manage/time/update", f.setTime),
		perm(viewSchool, "GET", b+"/audit", f.audit),
		perm(viewSchool, "GET", "/api/school/attendance/clock/"+f.kind, f.clock),
		perm(viewSchool, "GET", d, f.headcount),
		perm(viewSchool, "GET", d+"/attendance/daily", f.dashboardDaily),
		perm(viewSchool, "GET", d+"/attendance/daily/detailed", f.dashboardDetailed),
		perm(viewSchool, "GET", d+"/attendance/trend", f.trend),
	}
}

// companyAttendanceRoutes are the employee attendance, report and dashboard routes.
func companyAttendanceRoutes(f attFace) []Route {
	b := "/api/employee/attendance"
	d := "/api/dashboard/employee"
	return []Route{
		perm(viewCompany, "GET", b, f.daily),
		perm(viewCompany, "GET", b+"/clock/today", f.clock),
		perm(viewCompany, "GET", b+"/admin/report/daily", f.dailyExport),
		perm(viewCompany, "GET", b+"/admin/report/monthly", f.rangeExport),
		perm(viewCompany, "GET", b+"/admin/report/yearly", f.yearlyExport),
		perm(viewCompany, "GET", b+"/monthly", f.rangeReport(false, 30)),
		perm(viewCompany, "GET", b+"/monthly/individual", f.rangeReport(true, 30)),
		perm(viewCompany, "GET", b+"/yearly", f.yearly(false, 30)),
		perm(viewCompany, "GET", b+"/yearly/individual", f.yearly(true, 30)),
		perm(addCompanyStaff, "POST", b+"/admin/status", f.setStatus),
		perm(addCompanyStaff, "POST", b+"/admin/time", f.setTime),
		perm(viewCompany, "GET", b+"/audit", f.audit),
		perm(viewCompany, "GET", d, f.headcount),
		perm(viewCompany, "GET", d+"/attendance/daily", f.dashboardDaily),
		perm(viewCompany, "GET", d+"/attendance/daily/detailed", f.dashboardDetailed),
		perm(viewCompany, "GET", d+"/attendance/trend", f.trend),
	}
}

// schoolPeopleRoutes are the teacher or staff routes: /api/school/employee/{teacher|staff}/...
func schoolPeopleRoutes(f face) []Route {
	b := "/api/school/employee/" + string(f.kind)
	rs := []Route{
		perm(viewSchoolStaff, "GET", b, f.list(false)),
		perm(viewSchoolStaff, "GET", b+"/archived", f.list(true)),
		perm(addSchoolStaff, "POST", b, f.create),
		perm(addSchoolStaff, "DELETE", b, f.archive),
		perm(addSchoolStaff, "POST", b+"/restore", f.restore),
		perm(viewSchoolStaff, "GET", b+"/code", f.code),
		perm(viewSchoolStaff, "GET", b+"/details", f.details),
		perm(addSchoolStaff, "POST", b+"/details/general", f.updateGeneral),
		perm(addSchoolStaff, "DELETE", b+"/details/education", f.deleteEducation),
		perm(addSchoolStaff, "POST", b+"/image", f.image),
		perm(viewSchoolStaff, "GET", b+"/privilege", f.privilegeList),
		perm(addSchool, "POST", b+"/privilege/assign", f.privilege("assign")),
		perm(addSchool, "POST", b+"/privilege/remove", f.privilege("remove")),
		perm(addSchool, "POST", b+"/privilege/transfer", f.privilege("transfer")),
		perm(addSchool, "DELETE", b+"/privilege", f.deleteAccount),
		perm(viewSchoolStaff, "GET", b+"/report", f.report),
		perm(viewSchoolStaff, "GET", b+"/import/template", f.importTemplate),
		perm(addSchoolStaff, "POST", b+"/import", f.importPeople),
	}
	for _, area := range people.Areas {
		rs = append(rs, perm(addSchoolStaff, "POST", b+"/details/"+area, f.saveArea(area)))
	}
	return rs
}

// companyPeopleRoutes are the employee routes under the names of the spec (employee/record,
// employee/detail/{area}, employee/privilege).
func companyPeopleRoutes(f face) []Route {
	rs := []Route{
		perm(viewCompanyStaff, "GET", "/api/employee/record", f.list(false)),
		perm(viewCompanyStaff, "GET", "/api/employee/record/archived", f.list(true)),
		perm(addCompanyStaff, "POST", "/api/employee/record/register", f.create),
		perm(addCompanyStaff, "DELETE", "/api/employee/record", f.archive),
		perm(addCompanyStaff, "POST", "/api/employee/record/restore", f.restore),
		perm(viewCompanyStaff, "GET", "/api/employee/code", f.code),
		perm(viewCompanyStaff, "GET", "/api/employee/details", f.details),
		perm(addCompanyStaff, "DELETE", "/api/employee/detail/education", f.deleteEducation),
		perm(addCompanyStaff, "POST", "/api/employee/profile/image", f.image),
		perm(viewCompanyStaff, "GET", "/api/employee/privilege", f.privilegeList),
		perm(addCompany, "POST", "/api/employee/privilege/assign", f.privilege("assign")),
		perm(addCompany, "POST", "/api/employee/privilege/remove", f.privilege("remove")),
		perm(addCompany, "POST", "/api/employee/privilege/transfer", f.privilege("transfer")),
		perm(addCompany, "DELETE", "/api/employee/privilege", f.deleteAccount),
		perm(viewCompanyStaff, "GET", "/api/employee/report", f.report),
		perm(viewCompanyStaff, "GET", "/api/employee/import/template", f.importTemplate),
		perm(addCompanyStaff, "POST", "/api/employee/import", f.importPeople),
		perm(viewCompanyStaff, "GET", "/api/employee/detail/general", f.detail("general")),
		perm(addCompanyStaff, "POST", "/api/employee/detail/general", f.updateGeneral),
		perm(addCompanyStaff, "POST", "/api/employee/detail/general/update", f.updateGeneral),
	}
	for _, area := range people.Areas {
		rs = append(rs,
			perm(viewCompanyStaff, "GET", "/api/employee/detail/"+area, f.detail(area)),
			perm(addCompanyStaff, "POST", "/api/employee/detail/"+area, f.saveArea(area)),
			perm(addCompanyStaff, "POST", "/api/employee/detail/"+area+"/update", f.saveArea(area)))
	}
	return rs
}

// schoolLeaveRoutes are the school's leave or away routes (school/{leave|away}/...).
func schoolLeaveRoutes(a *API, kind string) []Route {
	b := "/api/school/" + kind
	all := leaveFace{a: a, kind: kind, personKind: "school", idName: "id"}
	rs := []Route{
		perm(viewSchool, "GET", b+"/management", all.listTypes),
		perm(viewSchool, "GET", b+"/management/form", all.getType),
		perm(addSchoolStaff, "POST", b+"/management", all.saveType(false)),
		perm(addSchoolStaff, "POST", b+"/management/update", all.saveType(true)),
		perm(addSchoolStaff, "DELETE", b+"/management", all.deleteType),
		perm(viewSchool, "GET", b+"/statistics", all.stats),
		perm(viewSchoolStaff, "GET", b+"/statistics/report", all.statsExport),
		perm(viewSchoolStaff, "GET", b+"/balances", all.balances),
		perm(addSchoolStaff, "POST", b+"/carry-forward", all.carryForward),
		perm(viewSchoolStaff, "GET", b+"/ledger", all.ledger),
	}
	for _, pk := range []string{"teacher", "staff"} {
		f := leaveFace{a: a, kind: kind, personKind: pk, idName: "id"}
		rs = append(rs,
			perm(viewSchoolStaff, "GET", b+"/"+pk+"/entitlement", f.listEntitlements),
			perm(viewSchoolStaff, "GET", b+"/"+pk+"/entitlement/form", f.entitlementForm),
			perm(addSchoolStaff, "POST", b+"/"+pk+"/entitlement", f.saveEntitlement),
			perm(addSchoolStaff, "DELETE", b+"/"+pk+"/entitlement", f.deleteEntitlement),
			perm(addSchoolStaff, "POST", b+"/"+pk+"/entitlement/bulk", f.bulkEntitle),
			perm(addSchoolStaff, "POST", b+"/assignment/"+pk, f.assign),
			perm(addSchoolStaff, "POST", b+"/assignment/"+pk+"/bulk", f.bulkAssign),
			perm(viewSchoolStaff, "GET", b+"/application/"+pk, f.listApplications),
			perm(viewSchoolStaff, "GET", b+"/application/"+pk+"/individual", f.listApplications),
			perm(addSchoolStaff, "POST", b+"/application/"+pk+"/approve", f.decide(leave.Approved)),
			perm(addSchoolStaff, "POST", b+"/application/"+pk+"/reject", f.decide(leave.Rejected)),
			perm(addSchoolStaff, "POST", b+"/application/"+pk+"/cancel", f.decide(leave.Cancelled)),
		)
	}
	return rs
}

// companyLeaveRoutes are the company's leave or away routes (company/{leave|away}/...).
func companyLeaveRoutes(f leaveFace) []Route {
	b := "/api/company/" + f.kind
	return []Route{
		perm(viewCompany, "GET", b, f.listTypes),
		perm(viewCompany, "GET", b+"/form", f.getType),
		perm(viewCompany, "GET", b+"/single", f.getType),
		perm(addCompanyStaff, "POST", b, f.saveType(false)),
		perm(addCompanyStaff, "POST", b+"/update", f.saveType(true)),
		perm(addCompanyStaff, "DELETE", b, f.deleteType),
		perm(viewCompanyStaff, "GET", b+"/employee/entitlement", f.listEntitlements),
		perm(viewCompanyStaff, "GET", b+"/employee/entitlement/form", f.entitlementForm),
		perm(addCompanyStaff, "POST", b+"/employee/entitlement", f.saveEntitlement),
		perm(addCompanyStaff, "DELETE", b+"/employee/entitlement", f.deleteEntitlement),
		perm(addCompanyStaff, "POST", b+"/employee/entitlement/bulk", f.bulkEntitle),
		perm(addCompanyStaff, "POST", b+"/assignment", f.assign),
		perm(addCompanyStaff, "POST", b+"/assignment/bulk", f.bulkAssign),
		perm(viewCompanyStaff, "GET", b+"/application", f.listApplications),
		perm(addCompanyStaff, "POST", b+"/application/approve", f.decide(leave.Approved)),
		perm(addCompanyStaff, "POST", b+"/application/reject", f.decide(leave.Rejected)),
		perm(addCompanyStaff, "POST", b+"/application/cancel", f.decide(leave.Cancelled)),
		perm(viewCompany, "GET", b+"/statistics", f.stats),
		perm(viewCompanyStaff, "GET", b+"/statistics/report", f.statsExport),
		perm(viewCompanyStaff, "GET", b+"/balances", f.balances),
		perm(addCompanyStaff, "POST", b+"/carry-forward", f.carryForward),
		perm(viewCompanyStaff, "GET", b+"/ledger", f.ledger),
	}
}

// personalLeaveRoutes are a member's own leave or away (school/personal/{leave|away}/...).
func personalLeaveRoutes(f leaveFace) []Route {
	b := "/api/school/personal/" + f.kind
	return []Route{
		signedIn("GET", b+"/types", f.myTypes),
		signedIn("GET", b+"/entitlement", f.myEntitlements),
		signedIn("GET", b+"/entitlement/form", f.myEntitlementForm),
		signedIn("POST", b+"/application", f.myApply),
		signedIn("GET", b+"/application", f.myApplications),
		signedIn("POST", b+"/application/cancel", f.myCancel),
	}
}

// deviceRoutes are the facial devices (company device/facial..., school
// school/device/facial...), beacons, beacon clock-in and the terminals' own protocol.
func deviceRoutes(a *API) []Route {
	f := deviceFace{a: a}
	rs := []Route{
		perm(viewCompany, "GET", "/api/device/facial", f.list),
		perm(viewCompany, "GET", "/api/device/facial/form", f.form),
		perm(addCompanyStaff, "POST", "/api/device/facial/register", f.save(false)),
		perm(addCompanyStaff, "POST", "/api/device/facial/update", f.save(true)),
		perm(addCompanyStaff, "DELETE", "/api/device/facial", removeBy(a.Devices.Delete)),
		perm(viewCompany, "GET", "/api/device/code", f.code),
		perm(viewCompany, "GET", "/api/device/facial/employees", f.people("employee", true)),
		perm(viewCompany, "GET", "/api/device/facial/employees/not", f.people("employee", false)),
		perm(addCompanyStaff, "POST", "/api/device/facial/employees", f.enrol("employee", true)),
		perm(addCompanyStaff, "POST", "/api/device/facial/employees/delete", f.enrol("employee", false)),
		perm(addCompanyStaff, "POST", "/api/device/facial/synchronize", f.synchronise),
		perm(viewCompany, "GET", "/api/device/facial/commands", f.commands),
		perm(viewCompany, "GET", "/api/device/facial/access-events", f.accessEvents),

		perm(viewSchool, "GET", "/api/school/device/facial", f.list),
		perm(viewSchool, "GET", "/api/school/device/facial/form", f.form),
		perm(addSchoolStaff, "POST", "/api/school/device/facial", f.save(false)),
		perm(addSchoolStaff, "POST", "/api/school/device/facial/update", f.save(true)),
		perm(addSchoolStaff, "DELETE", "/api/school/device/facial", removeBy(a.Devices.Delete)),
		perm(viewSchool, "GET", "/api/school/device/facial/code", f.code),
		perm(addSchoolStaff, "POST", "/api/school/device/facial/synchronize", f.synchronise),
		perm(viewSchool, "GET", "/api/school/device/facial/commands", f.commands),
		perm(viewSchool, "GET", "/api/school/device/facial/access-events", f.accessEvents),

		perm(viewOrg, "GET", "/api/device/beacon", a.listBeacons),
		perm(addOrgStaff, "POST", "/api/device/beacon", a.saveBeacon(false)),
		perm(addOrgStaff, "POST", "/api/device/beacon/update", a.saveBeacon(true)),
		perm(addOrgStaff, "DELETE", "/api/device/beacon", removeBy(a.Devices.DeleteBeacon)),
		signedIn("POST", "/api/attendance/beacon", a.beaconClockIn),
	}
	for _, k := range []string{"teacher", "staff"} {
		b := "/api/school/device/facial/" + k
		rs = append(rs,
			perm(viewSchool, "GET", b, f.people(k, true)),
			perm(viewSchool, "GET", b+"/not", f.people(k, false)),
			perm(addSchoolStaff, "POST", b, f.enrol(k, true)),
			perm(addSchoolStaff, "POST", b+"/delete", f.enrol(k, false)),
		)
	}
	if a.ICLock != nil {
		for _, r := range a.ICLock.Routes() {
			rs = append(rs, Route{Method: r.Method, Path: r.Path, Access: Device, Raw: r.Handle})
		}
	}
	return rs
}
