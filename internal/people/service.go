package people

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"hadir/internal/account"
	"hadir/internal/org"
	"hadir/internal/platform/auth"
	"hadir/internal/platform/database"
	"hadir/internal/platform/mail"
	"hadir/internal/platform/validate"
)

// Store is the persistence the people service needs.
type Store interface {
	List(ctx context.Context, orgID int64, f ListFilter, pg database.Page) ([]Person, int, error)
	ListAfter(ctx context.Context, orgID int64, f ListFilter, after *After, size int) ([]Person, *After, error)
	Get(ctx context.Context, orgID, id int64) (Person, error)
	ByUser(ctx context.Context, orgID, userID int64) (Person, error)
	Create(ctx context.Context, p Person) (int64, error)
	UpdateGeneral(ctx context.Context, p Person) error
	SetArchived(ctx context.Context, orgID, id int64, at *time.Time) error
	CodeTaken(ctx context.Context, orgID int64, code string, exceptID int64) (bool, error)
	Codes(ctx context.Context, orgID int64) (map[string]bool, error)
	Records(ctx context.Context, orgID, personID int64) ([]Record, error)
	SaveRecord(ctx context.Context, orgID, personID int64, area string, id int64, data json.RawMessage) (Record, error)
	DeleteRecord(ctx context.Context, orgID, personID, id int64) error
	PositionExists(ctx context.Context, orgID, id int64) (bool, error)
	SaveImage(ctx context.Context, orgID, personID int64, img Image) error
	ImageByKey(ctx context.Context, key string) (Image, error)
	AddChunk(ctx context.Context, orgID, userID int64, uploadID string, data []byte) (int, error)
	TakeChunks(ctx context.Context, orgID, userID int64, uploadID string) ([]byte, error)
	ListDepartments(ctx context.Context, orgID int64, name string, pg database.Page) ([]Department, int, error)
	SaveDepartment(ctx context.Context, d Department) (int64, error)
	DeleteDepartment(ctx context.Context, orgID, id int64) error
	DepartmentExists(ctx context.Context, orgID, id int64) (bool, error)
	CreateInvite(ctx context.Context, orgID, personID int64, hash string, expires time.Time) error
	InviteByHash(ctx context.Context, hash string, now time.Time) (Invite, error)
	UseInvite(ctx context.Context, id int64, now time.Time) error
	LinkUser(ctx context.Context, orgID, personID, userID int64) error
	ManagerOf(ctx context.Context, orgID, personID int64) (int64, error)
	SetManager(ctx context.Context, orgID, personID, managerID int64) error
	Reports(ctx context.Context, orgID, managerID int64) ([]Person, error)
	DepartmentHead(ctx context.Context, orgID, departmentID int64) (int64, error)
}

var _ Store = (*SQLStore)(nil)

// Accounts is what the people service needs of the account domain.
type Accounts interface {
	CreateMember(ctx context.Context, orgID int64, name, email, password, emailField string, meta account.ClientMeta) (account.Session, error)
	SetAdmin(ctx context.Context, p account.Principal, userID int64, admin bool) error
	TransferOwnership(ctx context.Context, p account.Principal, toUserID int64) error
	DeleteUser(ctx context.Context, p account.Principal, userID int64) error
	CheckAttempts(ctx context.Context, key, ip string) error
	ForgiveAttempt(ctx context.Context, key, ip string) error
}

// Orgs gives the organisation's name for e-mails.
type Orgs interface {
	Get(ctx context.Context, id int64) (org.Org, error)
}

// Mailer queues e-mail.
type Mailer interface {
	Enqueue(ctx context.Context, m mail.Message) error
}

// Terminals is what the people service needs of the device domain: told of a change to a
// person (code, name, photo, archived or restored) inside the change's transaction, it
// queues what puts the person, as they now are, on every terminal they are enrolled on.
// oldCode is the code before the change ("" when it did not change).
type Terminals interface {
	PersonChanged(ctx context.Context, orgID, personID int64, oldCode string) error
}

// ImageProcessor checks that bytes are a real image and returns it resized and re-encoded.
type ImageProcessor func(data []byte, maxSide int) (out []byte, contentType string, w, h int, err error)

// Service holds the people rules.
type Service struct {
	db       *database.DB
	store    Store
	accounts Accounts
	orgs     Orgs
	mail     Mailer
	images   ImageProcessor
	devices  Terminals
	baseURL  string
	events   Emitter
	// Now is the clock.
	Now func() time.Time
}

// Emitter records an event for the organisation's webhooks in ctx's transaction
// (webhook.Service.Emit).
type Emitter interface {
	Emit(ctx context.Context, orgID int64, event, entity string, data any) error
}

// SetEmitter makes people created (one by one or by import) and archived tell the webhooks.
func (s *Service) SetEmitter(e Emitter) { s.events = e }

// emit tells the webhooks of a person's event ("person.created", "person.archived").
func (s *Service) emit(ctx context.Context, event string, p Person) error {
	if s.events == nil {
		return nil
	}
	return s.events.Emit(ctx, p.OrgID, event, fmt.Sprintf("person:%d", p.ID), map[string]any{
		"person_id": p.ID, "kind": p.Kind, "code": p.Code, "first_name": p.FirstName, "last_name": p.LastName})
}

// Deps are the collaborators of a Service.
type Deps struct {
	DB       *database.DB
	Store    Store
	Accounts Accounts
	Orgs     Orgs
	Mail     Mailer
	Images   ImageProcessor
	// Terminals, when set, hears of every change a terminal must follow.
	Terminals Terminals
	BaseURL   string
}

// NewService returns a Service.
func NewService(d Deps) *Service {
	return &Service{db: d.DB, store: d.Store, accounts: d.Accounts, orgs: d.Orgs, mail: d.Mail, images: d.Images, devices: d.Terminals, baseURL: d.BaseURL, Now: database.Now}
}

// List pages through people of a kind.
func (s *Service) List(ctx context.Context, orgID int64, f ListFilter, pg database.Page) ([]Person, int, error) {
	f.Base, f.FirstName = strings.TrimSpace(f.Base), strings.TrimSpace(f.FirstName)
	return s.store.List(ctx, orgID, f, pg)
}

// ListAfter is a keyset page of a list: up to size people after a position in its order
// (from the start when after is nil), and the position to continue from (nil at the end).
// Walks through a whole list (exports) use it: each page costs its own rows, however far
// into the list it is.
func (s *Service) ListAfter(ctx context.Context, orgID int64, f ListFilter, after *After, size int) ([]Person, *After, error) {
	f.Base, f.FirstName = strings.TrimSpace(f.Base), strings.TrimSpace(f.FirstName)
	return s.store.ListAfter(ctx, orgID, f, after, max(size, 1))
}

// Get returns a person of a kind; a person of another kind or organisation is not found.
func (s *Service) Get(ctx context.Context, orgID int64, kind Kind, id int64) (Person, error) {
	p, err := s.store.Get(ctx, orgID, id)
	if err == nil && p.Kind != kind {
		return Person{}, ErrNotFound
	}
	return p, err
}

// checkFields validates and normalises the general fields themselves (no database).
func checkFields(g *General) *validate.Checker {
	g.Code, g.FirstName, g.LastName = strings.TrimSpace(g.Code), strings.TrimSpace(g.FirstName), strings.TrimSpace(g.LastName)
	g.Email, g.JoinDate = strings.ToLower(strings.TrimSpace(g.Email)), strings.TrimSpace(g.JoinDate)
	c := validate.New()
	if c.Required("code", g.Code) && c.MaxLen("code", g.Code, 20) {
		for _, r := range g.Code {
			if !(r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r == '-' || r == '_' || r == '.') {
				c.Add("code", "validation.code", "the code may hold letters, digits, '-', '_' and '.' only", nil)
				break
			}
		}
	}
	if c.Required("first_name", g.FirstName) {
		c.MaxLen("first_name", g.FirstName, 100)
	}
	c.MaxLen("last_name", g.LastName, 100)
	c.OptionalEmail("email", g.Email)
	optDate(c, "join_date", g.JoinDate)
	g.LeavingDate = strings.TrimSpace(g.LeavingDate)
	optDate(c, "leaving_date", g.LeavingDate)
	if g.LeavingDate != "" && g.JoinDate != "" && !c.Has("leaving_date") && !c.Has("join_date") && g.LeavingDate < g.JoinDate {
		c.Add("leaving_date", "validation.after", "the leaving date must not be before the joining date", nil)
	}
	return c
}

func (s *Service) validateGeneral(ctx context.Context, orgID, exceptID int64, g *General) error {
	c := checkFields(g)
	if g.DepartmentID != 0 {
		ok, err := s.store.DepartmentExists(ctx, orgID, g.DepartmentID)
		if err != nil {
			return err
		}
		if !ok {
			c.Invalid("department_id")
		}
	}
	if err := c.Err(); err != nil {
		return err
	}
	taken, err := s.store.CodeTaken(ctx, orgID, g.Code, exceptID)
	if err != nil {
		return err
	}
	if taken {
		return ErrCodeTaken
	}
	return nil
}

// Create adds a person; with an e-mail address, a verification code is e-mailed in the same
// transaction (sent once it commits).
func (s *Service) Create(ctx context.Context, orgID int64, kind Kind, g General) (Person, error) {
	if err := s.validateGeneral(ctx, orgID, 0, &g); err != nil {
		return Person{}, err
	}
	p := Person{OrgID: orgID, Kind: kind, Code: g.Code, FirstName: g.FirstName, LastName: g.LastName, Email: g.Email, JoinDate: g.JoinDate, LeavingDate: g.LeavingDate}
	if g.DepartmentID != 0 {
		p.DepartmentID = &g.DepartmentID
	}
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		id, err := s.store.Create(ctx, p)
		if err != nil {
			return err
		}
		p.ID = id
		if err := s.emit(ctx, "person.created", p); err != nil {
			return err
		}
		if p.Email != "" {
			return s.sendInvite(ctx, p)
		}
		return nil
	})
	if err != nil {
		return Person{}, err
	}
	return s.store.Get(ctx, orgID, p.ID)
}

// UpdateGeneral saves general details.
func (s *Service) UpdateGeneral(ctx context.Context, orgID int64, kind Kind, id int64, g General) (Person, error) {
	p, err := s.Get(ctx, orgID, kind, id)
	if err != nil {
		return p, err
	}
	if err := s.validateGeneral(ctx, orgID, id, &g); err != nil {
		return p, err
	}
	old := p
	p.Code, p.FirstName, p.LastName, p.Email, p.JoinDate, p.LeavingDate = g.Code, g.FirstName, g.LastName, g.Email, g.JoinDate, g.LeavingDate
	p.DepartmentID = nil
	if g.DepartmentID != 0 {
		p.DepartmentID = &g.DepartmentID
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.UpdateGeneral(ctx, p); err != nil {
			return err
		}
		if p.Code == old.Code && p.FirstName == old.FirstName && p.LastName == old.LastName {
			return nil
		}
		return s.terminalsFollow(ctx, orgID, id, old.Code)
	})
	if err != nil {
		return p, err
	}
	return s.store.Get(ctx, orgID, id)
}

// terminalsFollow tells the device domain of a change to a person, within ctx's transaction.
func (s *Service) terminalsFollow(ctx context.Context, orgID, personID int64, oldCode string) error {
	if s.devices == nil {
		return nil
	}
	return s.devices.PersonChanged(ctx, orgID, personID, oldCode)
}

// Archive moves a person to the archived list, keeping all their history, and takes them
// off every terminal in the same transaction: someone who has left cannot clock in.
func (s *Service) Archive(ctx context.Context, orgID int64, kind Kind, id int64) error {
	p, err := s.Get(ctx, orgID, kind, id)
	if err != nil {
		return err
	}
	now := s.Now()
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.SetArchived(ctx, orgID, id, &now); err != nil {
			return err
		}
		if p.ArchivedAt == nil {
			if err := s.emit(ctx, "person.archived", p); err != nil {
				return err
			}
		}
		return s.terminalsFollow(ctx, orgID, id, "")
	})
}

// Restore brings an archived person back to the active list, and onto the terminals they
// are still enrolled on.
func (s *Service) Restore(ctx context.Context, orgID int64, kind Kind, id int64) error {
	if _, err := s.Get(ctx, orgID, kind, id); err != nil {
		return err
	}
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.SetArchived(ctx, orgID, id, nil); err != nil {
			return err
		}
		return s.terminalsFollow(ctx, orgID, id, "")
	})
}

// CodeAvailable reports whether a code is free in the organisation (except for one person).
func (s *Service) CodeAvailable(ctx context.Context, orgID int64, code string, exceptID int64) (bool, error) {
	code = strings.TrimSpace(code)
	if code == "" {
		return false, validate.Field("code", "validation.required", "code is required")
	}
	taken, err := s.store.CodeTaken(ctx, orgID, code, exceptID)
	return !taken, err
}

// Details returns a person with every record area: single areas as objects (with their
// record id), education as a list of rows.
func (s *Service) Details(ctx context.Context, orgID int64, kind Kind, id int64) (Person, map[string]any, error) {
	p, err := s.Get(ctx, orgID, kind, id)
	if err != nil {
		return p, nil, err
	}
	recs, err := s.store.Records(ctx, orgID, id)
	if err != nil {
		return p, nil, err
	}
	out := map[string]any{"education": []map[string]any{}}
	for _, a := range Areas {
		if a != "education" {
			out[a] = nil
		}
	}
	for _, r := range recs {
		m := map[string]any{}
		_ = json.Unmarshal(r.Data, &m)
		m["id"] = r.ID
		if r.Area == "education" {
			out["education"] = append(out["education"].([]map[string]any), m)
		} else {
			out[r.Area] = m
		}
	}
	// The manager is a column of the person (the approval chains and the manager actor query
	// it), shown and saved in the job area.
	mgr, ok, err := s.Manager(ctx, orgID, id)
	if err != nil {
		return p, nil, err
	}
	if ok {
		job, _ := out["job"].(map[string]any)
		if job == nil {
			job = map[string]any{}
			out["job"] = job
		}
		job["manager_id"] = mgr.ID
		job["manager"] = mgr
	}
	return p, out, nil
}

// SaveArea validates and saves one record area of a person (recordID 0 creates).
func (s *Service) SaveArea(ctx context.Context, orgID int64, kind Kind, personID int64, area string, recordID int64, raw json.RawMessage) (Record, error) {
	if !IsArea(area) {
		return Record{}, ErrNotFound
	}
	if _, err := s.Get(ctx, orgID, kind, personID); err != nil {
		return Record{}, err
	}
	// The job area carries the manager, which is stored on the person, not in the record.
	var managerID int64
	var setManager bool
	if area == "job" {
		rest, id, present, err := popID(raw, "manager_id")
		if err != nil {
			return Record{}, err
		}
		raw, managerID, setManager = rest, id, present
	}
	var lookupErr error
	data, err := decodeArea(area, raw, func(id int64) bool {
		ok, err := s.store.PositionExists(ctx, orgID, id)
		if err != nil {
			lookupErr = err
		}
		return ok
	})
	if lookupErr != nil {
		return Record{}, lookupErr
	}
	if err != nil {
		return Record{}, err
	}
	if !setManager {
		return s.store.SaveRecord(ctx, orgID, personID, area, recordID, data)
	}
	var rec Record
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.checkManager(ctx, orgID, personID, managerID); err != nil {
			return err
		}
		if err := s.store.SetManager(ctx, orgID, personID, managerID); err != nil {
			return err
		}
		var err error
		rec, err = s.store.SaveRecord(ctx, orgID, personID, area, recordID, data)
		return err
	})
	if err == nil && managerID != 0 {
		var m map[string]any
		_ = json.Unmarshal(rec.Data, &m)
		m["manager_id"] = managerID
		rec.Data, _ = json.Marshal(m)
	}
	return rec, err
}

// DeleteEducation removes an education row.
func (s *Service) DeleteEducation(ctx context.Context, orgID int64, kind Kind, personID, recordID int64) error {
	if _, err := s.Get(ctx, orgID, kind, personID); err != nil {
		return err
	}
	return s.store.DeleteRecord(ctx, orgID, personID, recordID)
}

// UploadImage takes one chunk of a profile image (a whole file is one last chunk). Until the
// last chunk it returns the upload id to send the next chunks with; on the last it checks,
// resizes and stores the image and returns its key.
func (s *Service) UploadImage(ctx context.Context, p account.Principal, kind Kind, personID int64, uploadID string, chunk []byte, last bool) (key, upload string, err error) {
	if _, err := s.Get(ctx, p.OrgID, kind, personID); err != nil {
		return "", "", err
	}
	if len(chunk) > MaxChunkBytes {
		return "", "", ErrUploadTooLarge
	}
	if uploadID == "" {
		uploadID = auth.RandomToken(12)
	}
	if !validUploadID(uploadID) {
		return "", "", validate.Field("upload_id", "validation.invalid", "upload_id is not valid")
	}
	// The client's id is scoped to the caller and the person: the chunks' unique index is
	// (upload_id, seq), so two users choosing the same id collided there (500).
	clientID := uploadID
	uploadID = fmt.Sprintf("%d:%d:%d:%s", p.OrgID, p.UserID, personID, clientID)
	if _, err := s.store.AddChunk(ctx, p.OrgID, p.UserID, uploadID, chunk); err != nil {
		return "", "", err
	}
	if !last {
		return "", clientID, nil
	}
	var data []byte
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		var err error
		data, err = s.store.TakeChunks(ctx, p.OrgID, p.UserID, uploadID)
		return err
	})
	if err != nil {
		return "", "", err
	}
	out, ctype, w, h, err := s.images(data, ImageMaxSide)
	if err != nil {
		return "", "", err
	}
	img := Image{Key: auth.RandomToken(18), ContentType: ctype, Data: out, Width: w, Height: h}
	// The new face goes to the person's terminals with the image itself.
	if err := s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.SaveImage(ctx, p.OrgID, personID, img); err != nil {
			return err
		}
		return s.terminalsFollow(ctx, p.OrgID, personID, "")
	}); err != nil {
		return "", "", err
	}
	return img.Key, "", nil
}

// Image returns a stored image by key.
func (s *Service) Image(ctx context.Context, key string) (Image, error) {
	return s.store.ImageByKey(ctx, key)
}

// Departments pages through departments.
func (s *Service) Departments(ctx context.Context, orgID int64, name string, pg database.Page) ([]Department, int, error) {
	return s.store.ListDepartments(ctx, orgID, strings.TrimSpace(name), pg)
}

// SaveDepartment creates (ID 0) or updates a department.
func (s *Service) SaveDepartment(ctx context.Context, d Department) (Department, error) {
	d.Name, d.Description = strings.TrimSpace(d.Name), strings.TrimSpace(d.Description)
	c := validate.New()
	if c.Required("name", d.Name) {
		c.MaxLen("name", d.Name, 100)
	}
	c.MaxText("description", d.Description, 200)
	if d.HeadID != nil && *d.HeadID == 0 {
		d.HeadID = nil
	}
	if d.HeadID != nil {
		if _, err := s.store.Get(ctx, d.OrgID, *d.HeadID); errors.Is(err, ErrNotFound) {
			c.Add("head_id", "validation.invalid", "head_id is not a person of this organisation", nil)
		} else if err != nil {
			return d, err
		}
	}
	if d.AbsenceWarning != nil && (*d.AbsenceWarning < 0 || *d.AbsenceWarning > 1000) {
		c.Add("absence_warning", "validation.between", "absence_warning must be between 0 and 1000", map[string]any{"min": 0, "max": 1000})
	}
	if err := c.Err(); err != nil {
		return d, err
	}
	id, err := s.store.SaveDepartment(ctx, d)
	d.ID = id
	return d, err
}

// DeleteDepartment removes a department.
func (s *Service) DeleteDepartment(ctx context.Context, orgID, id int64) error {
	return s.store.DeleteDepartment(ctx, orgID, id)
}

func (s *Service) withAccount(ctx context.Context, orgID int64, kind Kind, id int64) (int64, error) {
	p, err := s.Get(ctx, orgID, kind, id)
	if err != nil {
		return 0, err
	}
	if p.UserID == nil {
		return 0, ErrNoAccount
	}
	return *p.UserID, nil
}

// SetAdmin gives or takes the admin role of a person's account (owner only).
func (s *Service) SetAdmin(ctx context.Context, pr account.Principal, kind Kind, id int64, admin bool) error {
	uid, err := s.withAccount(ctx, pr.OrgID, kind, id)
	if err != nil {
		return err
	}
	return s.accounts.SetAdmin(ctx, pr, uid, admin)
}

// TransferOwnership makes a person's account the organisation's owner (owner only).
func (s *Service) TransferOwnership(ctx context.Context, pr account.Principal, kind Kind, id int64) error {
	uid, err := s.withAccount(ctx, pr.OrgID, kind, id)
	if err != nil {
		return err
	}
	return s.accounts.TransferOwnership(ctx, pr, uid)
}

// DeleteAccount removes a person's account; the person record stays and can be invited again.
func (s *Service) DeleteAccount(ctx context.Context, pr account.Principal, kind Kind, id int64) error {
	uid, err := s.withAccount(ctx, pr.OrgID, kind, id)
	if err != nil {
		return err
	}
	return s.accounts.DeleteUser(ctx, pr, uid)
}

// codeAlphabet leaves out characters that are easy to misread (0/O, 1/I/L).
const codeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

func newCode() string {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	for i := range b {
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
	}
	return string(b)
}

// NormalizeCode upper-cases a typed code and drops spaces and dashes.
func NormalizeCode(c string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, strings.ToUpper(strings.TrimSpace(c)))
}

func (s *Service) sendInvite(ctx context.Context, p Person) error {
	o, err := s.orgs.Get(ctx, p.OrgID)
	if err != nil {
		return err
	}
	code := newCode()
	if err := s.store.CreateInvite(ctx, p.OrgID, p.ID, auth.HashToken(code), s.Now().Add(InviteTTL)); err != nil {
		return err
	}
	link := s.baseURL + "/verification/employee?code=" + code
	return s.mail.Enqueue(ctx, mail.Message{OrgID: p.OrgID, To: p.Email, Subject: "Your Hadir account at " + o.Name,
		Body: fmt.Sprintf("Hello %s,\n\n%s has added you to Hadir, its attendance and leave system.\n\nYour verification code is %s-%s.\nOpen this link to create your account or link an existing one (valid for 7 days):\n\n%s\n\nHadir",
			strings.TrimSpace(p.FirstName+" "+p.LastName), o.Name, code[:4], code[4:], link)})
}

// ResendInvite e-mails a fresh verification code; earlier codes stop working.
func (s *Service) ResendInvite(ctx context.Context, orgID int64, id int64) error {
	p, err := s.store.Get(ctx, orgID, id)
	if err != nil {
		return err
	}
	if p.Email == "" {
		return ErrNoEmail
	}
	if p.UserID != nil || p.ArchivedAt != nil {
		return ErrAlreadyLinked
	}
	return s.db.WithTx(ctx, func(ctx context.Context) error { return s.sendInvite(ctx, p) })
}

// Invitation is what a valid code reveals to its holder.
type Invitation struct {
	Person  Person
	OrgName string
	OrgKind string
	invite  Invite
}

// CheckCode resolves a verification code. Every guess is counted per address before it is
// checked (atomically, so parallel guesses cannot pass the limit); a right one is given back.
func (s *Service) CheckCode(ctx context.Context, code, ip string) (Invitation, error) {
	code = NormalizeCode(code)
	if code == "" {
		return Invitation{}, validate.Field("verification_code", "validation.required", "verification code is required")
	}
	if err := s.accounts.CheckAttempts(ctx, "verification", ip); err != nil {
		return Invitation{}, err
	}
	inv, err := s.store.InviteByHash(ctx, auth.HashToken(code), s.Now())
	if err != nil {
		return Invitation{}, err
	}
	if err := s.accounts.ForgiveAttempt(ctx, "verification", ip); err != nil {
		return Invitation{}, err
	}
	p, err := s.store.Get(ctx, inv.OrgID, inv.PersonID)
	if err != nil {
		return Invitation{}, err
	}
	o, err := s.orgs.Get(ctx, inv.OrgID)
	if err != nil {
		return Invitation{}, err
	}
	return Invitation{Person: p, OrgName: o.Name, OrgKind: o.Kind, invite: inv}, nil
}

// RegisterWithCode creates the person's account with a verification code and signs it in.
// The account's e-mail is the one the code was sent to, unless another is given.
func (s *Service) RegisterWithCode(ctx context.Context, code, email, password, confirm string, meta account.ClientMeta) (account.Session, error) {
	invn, err := s.CheckCode(ctx, code, meta.IP)
	if err != nil {
		return account.Session{}, err
	}
	if password != confirm && confirm != "" {
		return account.Session{}, validate.Field("password_confirmation", "validation.confirmed", "the password repeat does not match")
	}
	if strings.TrimSpace(email) == "" {
		email = invn.Person.Email
	}
	var sess account.Session
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.UseInvite(ctx, invn.invite.ID, s.Now()); err != nil {
			return err
		}
		name := strings.TrimSpace(invn.Person.FirstName + " " + invn.Person.LastName)
		sess, err = s.accounts.CreateMember(ctx, invn.invite.OrgID, name, email, password, "email", meta)
		if err != nil {
			return err
		}
		return s.store.LinkUser(ctx, invn.invite.OrgID, invn.Person.ID, sess.User.ID)
	})
	return sess, err
}

// LinkWithCode links the signed-in account to the person a code was sent for. The account
// must belong to the same organisation and not be linked to anyone yet.
func (s *Service) LinkWithCode(ctx context.Context, pr account.Principal, code, ip string) (Person, error) {
	invn, err := s.CheckCode(ctx, code, ip)
	if err != nil {
		return Person{}, err
	}
	if invn.invite.OrgID != pr.OrgID {
		return Person{}, ErrInviteInvalid
	}
	if _, err := s.store.ByUser(ctx, pr.OrgID, pr.UserID); err == nil {
		return Person{}, ErrAlreadyLinked
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.UseInvite(ctx, invn.invite.ID, s.Now()); err != nil {
			return err
		}
		return s.store.LinkUser(ctx, pr.OrgID, invn.Person.ID, pr.UserID)
	})
	if err != nil {
		return Person{}, err
	}
	return s.store.Get(ctx, pr.OrgID, invn.Person.ID)
}

// Mine returns the person linked to the caller's account.
func (s *Service) Mine(ctx context.Context, pr account.Principal) (Person, error) {
	return s.store.ByUser(ctx, pr.OrgID, pr.UserID)
}

// Link links an account to a person directly (demo data and administrative repair).
func (s *Service) Link(ctx context.Context, orgID, personID, userID int64) error {
	return s.store.LinkUser(ctx, orgID, personID, userID)
}

// validUploadID accepts the ids this service hands out (URL-safe base64) and the like: at
// most 64 letters, digits, '-' and '_'. Anything else (invalid UTF-8 above all, which
// PostgreSQL refuses to store) is a 422, not a database error.
func validUploadID(id string) bool {
	if len(id) > 64 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}
