// Package demo seeds a demonstration school and company so that a fresh install has
// something to show. Seeding is idempotent: what exists already is left alone.
package demo

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"hadir/internal/account"
	"hadir/internal/app"
	"hadir/internal/leave"
	"hadir/internal/org"
	"hadir/internal/people"
	"hadir/internal/platform/validate"
)

// Password is the password of every demo account.
const Password = "hadir-demo-2026"

// Login is one demo sign-in.
type Login struct {
	Org, Role, Email string
}

// Options size the demo data.
type Options struct {
	// Teachers is how many teachers the demo school has (40 when zero); the load test
	// seeds 1,000 to measure a school of that size.
	Teachers int
}

// Seed creates the demo organisations and returns their sign-ins.
func Seed(ctx context.Context, a *app.App) ([]Login, error) {
	return SeedWith(ctx, a, Options{})
}

// SeedWith is Seed with the size of the demo school chosen.
func SeedWith(ctx context.Context, a *app.App, opt Options) ([]Login, error) {
	if opt.Teachers < 30 {
		opt.Teachers = 40
	}
	var logins []Login
	school, err := a.Accounts.RegisterSchool(ctx, account.SchoolSignup{Name: "SMK Taman Hadir", Code: "SMKTH01",
		Email: "office@smktamanhadir.edu.my", ContactNumber: "+60 3-7781 2200", Timezone: "Asia/Kuala_Lumpur",
		AdminName: "Puan Aminah Yusof", AdminEmail: "admin@school.demo", Password: Password, Terms: true}, account.ClientMeta{IP: "demo"})
	if err := existing(err); err != nil {
		return nil, fmt.Errorf("demo school: %w", err)
	}
	logins = append(logins, Login{"SMK Taman Hadir (school)", account.RoleOwner, "admin@school.demo"},
		Login{"SMK Taman Hadir (school)", account.RoleAdmin, "teacher.admin@school.demo"},
		Login{"SMK Taman Hadir (school)", account.RoleMember, "teacher@school.demo"})
	r := rand.New(rand.NewPCG(2026, 11))
	names := newNameBook() // no name twice in the whole demo
	if school.Org.ID != 0 {
		selangor := 12
		if _, err := a.Orgs.UpdateSchool(ctx, school.Org.ID, org.SchoolProfile{Code: "SMKTH01", Name: "SMK Taman Hadir",
			Email: "office@smktamanhadir.edu.my", ContactNumber: "+60 3-7781 2200", Timezone: "Asia/Kuala_Lumpur",
			Address1: "Jalan SS 2/75", City: "Petaling Jaya", PostalCode: "47300", StateID: &selangor}); err != nil {
			return nil, err
		}
		teachers, err := seedPeople(ctx, a, school.Org.ID, people.Teacher, "T", opt.Teachers, "smktamanhadir.edu.my", names, r)
		if err != nil {
			return nil, err
		}
		staff, err := seedPeople(ctx, a, school.Org.ID, people.Staff, "S", 20, "smktamanhadir.edu.my", names, r)
		if err != nil {
			return nil, err
		}
		weekdays := []int{1, 2, 3, 4, 5}
		if err := seedAttendance(ctx, a, school.Org.ID, []demoGroup{
			{"Sesi Pagi", "teacher", "07:30", "09:00", "13:30", "20:00", weekdays, teachers[:25]},
			{"Sesi Petang", "teacher", "12:45", "14:00", "18:30", "23:00", weekdays, teachers[25:]},
			{"Pejabat", "staff", "08:00", "10:00", "17:00", "23:00", weekdays, staff[:16]},
			{"Keselamatan (malam)", "staff", "20:00", "21:30", "07:00", "10:00", []int{1, 2, 3, 4, 5, 6, 7}, staff[16:]},
		}, r); err != nil {
			return nil, err
		}
		admin := leave.Actor{UserID: school.User.ID, Name: school.User.Name, IsAdmin: true}
		if err := seedLeave(ctx, a, school.Org.ID, "school", append(teachers, staff...), admin, r); err != nil {
			return nil, err
		}
		if err := seedDevice(ctx, a, school.Org.ID, "HDR-SCH-0001", "school", append(teachers, staff...), 100); err != nil {
			return nil, err
		}
		if err := linkDemoAccount(ctx, a, school.Org.ID, teachers[0], "teacher.admin@school.demo", account.RoleAdmin); err != nil {
			return nil, err
		}
		if err := linkDemoAccount(ctx, a, school.Org.ID, teachers[1], "teacher@school.demo", account.RoleMember); err != nil {
			return nil, err
		}
	}
	company, err := a.Accounts.RegisterCompany(ctx, account.CompanySignup{Name: "Tan Wei Ming", Email: "hr@company.demo",
		CompanySize: "85", Employer: "Hadir Demo Sdn. Bhd.", Password: Password, Timezone: "Asia/Kuala_Lumpur", Terms: true}, account.ClientMeta{IP: "demo"})
	if err := existing(err); err != nil {
		return nil, fmt.Errorf("demo company: %w", err)
	}
	logins = append(logins, Login{"Hadir Demo Sdn. Bhd. (company)", account.RoleOwner, "hr@company.demo"},
		Login{"Hadir Demo Sdn. Bhd. (company)", account.RoleMember, "employee@company.demo"})
	if company.Org.ID != 0 {
		id := company.Org.ID
		if _, err := a.Orgs.UpdateCompanyProfile(ctx, id, org.CompanyProfile{Name: "Hadir Demo Sdn. Bhd.",
			Description: "A demonstration company for Hadir.", Email: "hr@company.demo", Phone: "+60 3-2202 1000",
			Address1: "Level 8, Menara Demo", Address2: "Jalan Sultan Ismail", City: "Kuala Lumpur", PostalCode: "50250",
			StateID: 14, Timezone: "Asia/Kuala_Lumpur"}); err != nil {
			return nil, err
		}
		if _, err := a.Orgs.UpdateCompanyRegistration(ctx, id, org.CompanyRegistration{FullName: "Hadir Demo Sendirian Berhad",
			CompanyTypeID: 3, RegistrationNumber: "202401012345 (1550123-X)"}); err != nil {
			return nil, err
		}
		for _, p := range [][3]string{{"Chief Executive Officer", "CEO", "Leads the company"}, {"Human Resources Manager", "HRM", "Runs people operations"},
			{"Software Engineer", "SWE", "Builds the product"}, {"Accountant", "ACC", "Keeps the books"}, {"Sales Executive", "SE", "Sells the product"},
			{"Administrative Assistant", "AA", "Supports the office"}} {
			if _, err := a.Orgs.SavePosition(ctx, org.Position{OrgID: id, Name: p[0], Code: p[1], Description: p[2]}); err != nil {
				return nil, err
			}
		}
		var depts []int64
		for _, d := range [][2]string{{"Management", "Leadership and strategy"}, {"Finance", "Accounts and payroll"}, {"Engineering", "Product development"},
			{"Sales", "Customers and partners"}, {"Human Resources", "People operations"}} {
			dep, err := a.People.SaveDepartment(ctx, people.Department{OrgID: id, Name: d[0], Description: d[1]})
			if err != nil {
				return nil, err
			}
			depts = append(depts, dep.ID)
		}
		emps, err := seedPeople(ctx, a, id, people.Employee, "E", 30, "company.demo", names, r)
		if err != nil {
			return nil, err
		}
		for i, e := range emps {
			g := people.General{Code: e.Code, FirstName: e.FirstName, LastName: e.LastName, Email: e.Email, JoinDate: e.JoinDate, DepartmentID: depts[i%len(depts)]}
			if _, err := a.People.UpdateGeneral(ctx, id, people.Employee, e.ID, g); err != nil {
				return nil, err
			}
		}
		if err := linkDemoAccount(ctx, a, id, emps[0], "employee@company.demo", account.RoleMember); err != nil {
			return nil, err
		}
		if err := seedAttendance(ctx, a, id, []demoGroup{
			{"Office Hours", "employee", "09:00", "11:00", "18:00", "23:00", []int{1, 2, 3, 4, 5}, emps[:26]},
			{"Night Shift", "employee", "22:00", "23:30", "06:00", "10:00", []int{7, 1, 2, 3, 4}, emps[26:]},
		}, r); err != nil {
			return nil, err
		}
		admin := leave.Actor{UserID: company.User.ID, Name: company.User.Name, IsAdmin: true}
		if err := seedLeave(ctx, a, id, "employee", emps, admin, r); err != nil {
			return nil, err
		}
		if err := seedDevice(ctx, a, id, "HDR-CO-0001", "employee", emps, 200); err != nil {
			return nil, err
		}
	}
	return logins, nil
}

// existing treats "already registered" as success, so seeding twice is harmless.
func existing(err error) error {
	var ve validate.Errors
	if errors.As(err, &ve) {
		for _, ds := range ve {
			if len(ds) > 0 && ds[0].Code == "validation.taken" {
				return nil
			}
		}
	}
	return err
}
