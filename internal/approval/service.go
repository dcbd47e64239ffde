package approval

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"hadir/internal/org"
	"hadir/internal/platform/database"
	"hadir/internal/platform/validate"
)

// Orgs gives the organisation's time zone: delegation ranges are the organisation's dates.
type Orgs interface {
	Get(ctx context.Context, id int64) (org.Org, error)
}

// Service is the approvals engine.
type Service struct {
	db      *database.DB
	store   *Store
	orgs    Orgs
	domains map[string]Domain
	// Now is the clock.
	Now func() time.Time
	// OnWaiting is called, inside the transaction, when a request starts waiting at a level
	// (approverID nil: the admins). The notifications package hooks in here (issue 12's
	// inbox); nil does nothing.
	OnWaiting func(ctx context.Context, orgID int64, r Request) error
	// OnDecision is called, inside the transaction, when a request is finally approved,
	// rejected or cancelled, for the applicant's notification; nil does nothing.
	OnDecision func(ctx context.Context, orgID int64, r Request, d Decision) error
	// OnEvent is called, inside the transaction, when a request is submitted (ActSubmitted)
	// and when it is finally approved, rejected or cancelled: the webhooks hook in here
	// (issue 15); nil does nothing.
	OnEvent func(ctx context.Context, orgID int64, action string, r Request) error
}

// NewService returns the engine; domains register with Register.
func NewService(db *database.DB, orgs Orgs) *Service {
	return &Service{db: db, store: NewStore(db), orgs: orgs, domains: map[string]Domain{}, Now: time.Now}
}

// Register adds a kind of request with its hooks.
func (s *Service) Register(d Domain) { s.domains[d.Kind] = d }

// Known reports whether a kind is registered.
func (s *Service) Known(kind string) bool { _, ok := s.domains[kind]; return ok }

func (s *Service) today(ctx context.Context, orgID int64) (string, error) {
	o, err := s.orgs.Get(ctx, orgID)
	if err != nil {
		return "", err
	}
	return s.Now().In(o.Location()).Format(time.DateOnly), nil
}

// ---- chains ----

// Chain returns the chain of a kind and type: the type's own, else the kind's
// organisation-wide one (type 0), else the default (admins).
func (s *Service) Chain(ctx context.Context, orgID int64, kind string, typeID int64) (Chain, bool, error) {
	c, ok, err := s.store.Chain(ctx, orgID, kind, typeID)
	if err != nil || ok {
		return c, ok, err
	}
	if typeID != 0 {
		if c, ok, err := s.store.Chain(ctx, orgID, kind, 0); err != nil || ok {
			return c, false, err
		}
	}
	return DefaultChain, false, nil
}

// SetChain stores a chain (levels as their stored forms); an empty list restores the default.
// Named people must be people of the organisation.
func (s *Service) SetChain(ctx context.Context, orgID int64, kind string, typeID int64, levels []string) (Chain, error) {
	if !s.Known(kind) {
		return nil, validate.Field("kind", "validation.invalid", "kind is not valid")
	}
	c := validate.New()
	if len(levels) > MaxLevels {
		c.Add("levels", "validation.max", fmt.Sprintf("a chain has at most %d levels", MaxLevels), map[string]any{"max": MaxLevels})
	}
	chain := Chain{}
	for i, raw := range levels {
		l, err := ParseLevel(strings.TrimSpace(raw))
		if err != nil {
			c.Invalid(fmt.Sprintf("levels.%d", i))
			continue
		}
		if l.Kind == LevelPerson {
			ok, err := s.store.PersonExists(ctx, orgID, l.PersonID)
			if err != nil {
				return nil, err
			}
			if !ok {
				c.Invalid(fmt.Sprintf("levels.%d", i))
				continue
			}
		}
		chain = append(chain, l)
	}
	if err := c.Err(); err != nil {
		return nil, err
	}
	if len(chain) == 0 {
		return DefaultChain, s.store.DeleteChain(ctx, orgID, kind, typeID)
	}
	return chain, s.store.SaveChain(ctx, orgID, kind, typeID, chain)
}

// ---- routing ----

// resolve finds who a level waits for: a person, or nobody with admins true for the admins'
// level. A person level whose person is gone resolves to nobody.
func (s *Service) resolve(ctx context.Context, orgID, applicant int64, l Level) (approver int64, admins bool, err error) {
	switch l.Kind {
	case LevelAdmins:
		return 0, true, nil
	case LevelManager:
		approver, err = s.store.ManagerOf(ctx, orgID, applicant)
	case LevelHead:
		approver, err = s.store.HeadOf(ctx, orgID, applicant)
	case LevelPerson:
		ok, e := s.store.PersonExists(ctx, orgID, l.PersonID)
		if ok {
			approver = l.PersonID
		}
		err = e
	}
	return approver, false, err
}

// route moves r to the first level from `from` that has an approver, recording a skip for
// each level whose approver would be the applicant or is nobody, and applying the approver's
// delegation of today. It reports false when the chain is exhausted.
func (s *Service) route(ctx context.Context, orgID int64, r *Request, from int) (bool, error) {
	today, err := s.today(ctx, orgID)
	if err != nil {
		return false, err
	}
	for i := from; i < len(r.Chain); i++ {
		l := r.Chain[i]
		approver, admins, err := s.resolve(ctx, orgID, r.PersonID, l)
		if err != nil {
			return false, err
		}
		if !admins && (approver == 0 || approver == r.PersonID) {
			why := SkipNobody
			if approver != 0 {
				why = SkipApplicant
			}
			if err := s.store.AddDecision(ctx, orgID, r.ID, Decision{Level: i, LevelKind: l.Kind, Action: ActSkipped, Comment: why}, 0); err != nil {
				return false, err
			}
			continue
		}
		r.Level, r.LevelKind, r.ApproverID, r.DelegatedFrom = i, l.Kind, nil, nil
		if !admins {
			r.ApproverID = &approver
			sub, err := s.store.SubstituteOn(ctx, orgID, approver, today)
			if err != nil {
				return false, err
			}
			if sub != 0 && sub != r.PersonID {
				from := approver
				r.ApproverID, r.DelegatedFrom = &sub, &from
			}
		}
		return true, s.store.MoveRequest(ctx, orgID, *r)
	}
	return false, nil
}

// Submit puts a new request of a kind through its chain, inside the caller's transaction: the
// domain has just stored its record refID for the applicant personID. When every level is
// skipped at submission the request waits for the admins, so that nothing is approved
// without anybody deciding.
func (s *Service) Submit(ctx context.Context, orgID int64, kind string, refID, typeID, personID int64, by Actor) (Request, error) {
	if !s.Known(kind) {
		return Request{}, ErrUnknown
	}
	var r Request
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		chain, _, err := s.Chain(ctx, orgID, kind, typeID)
		if err != nil {
			return err
		}
		r = Request{Kind: kind, RefID: refID, PersonID: personID, Chain: chain, Status: Pending, LevelKind: chain[0].Kind}
		if r.ID, err = s.store.CreateRequest(ctx, orgID, r); err != nil {
			return err
		}
		if err := s.store.AddDecision(ctx, orgID, r.ID, Decision{Level: 0, Action: ActSubmitted, ActorName: by.Name}, by.UserID); err != nil {
			return err
		}
		ok, err := s.route(ctx, orgID, &r, 0)
		if err != nil {
			return err
		}
		if !ok {
			r.Level, r.LevelKind, r.ApproverID, r.DelegatedFrom = len(r.Chain), LevelAdmins, nil, nil
			if err := s.store.MoveRequest(ctx, orgID, r); err != nil {
				return err
			}
		}
		if err := s.waiting(ctx, orgID, r); err != nil {
			return err
		}
		return s.event(ctx, orgID, ActSubmitted, r)
	})
	return r, err
}

func (s *Service) event(ctx context.Context, orgID int64, action string, r Request) error {
	if s.OnEvent == nil {
		return nil
	}
	return s.OnEvent(ctx, orgID, action, r)
}

func (s *Service) waiting(ctx context.Context, orgID int64, r Request) error {
	if s.OnWaiting == nil {
		return nil
	}
	return s.OnWaiting(ctx, orgID, r)
}

// mayDecide reports whether the request waits for the actor; an admin may decide any level,
// as an override when it is not theirs.
func mayDecide(r Request, by Actor) (override bool, err error) {
	if r.ApproverID == nil && by.IsAdmin {
		return false, nil
	}
	if r.ApproverID != nil && by.PersonID != 0 && *r.ApproverID == by.PersonID {
		return false, nil
	}
	if by.IsAdmin {
		return true, nil
	}
	return false, ErrNotWaiting
}

// Decide approves or rejects a pending request at its current level. A rejection ends it; an
// approval moves it to the next level, or, at the last, runs the domain's check and effect in
// the same transaction. Not waiting for the actor: ErrNotWaiting; decided: ErrDecided.
func (s *Service) Decide(ctx context.Context, orgID int64, kind string, refID int64, approve bool, by Actor, comment string) (Request, error) {
	d, ok := s.domains[kind]
	if !ok {
		return Request{}, ErrNotFound
	}
	comment = strings.TrimSpace(comment)
	c := validate.New()
	c.MaxText("comment", comment, 2000)
	if !approve && comment == "" {
		c.Add("comment", "validation.required", "a comment is required to reject", nil)
	}
	if err := c.Err(); err != nil {
		return Request{}, err
	}
	var r Request
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		var err error
		r, err = s.store.RequestForUpdate(ctx, orgID, kind, refID)
		if err != nil {
			return err
		}
		if r.Status != Pending {
			return ErrDecided
		}
		override, err := mayDecide(r, by)
		if err != nil {
			return err
		}
		step := Decision{Level: r.Level, LevelKind: r.LevelKind, Action: ActApproved, ActorName: by.Name, Comment: comment, Override: override}
		if !approve {
			step.Action = ActRejected
		}
		if err := s.store.AddDecision(ctx, orgID, r.ID, step, by.UserID); err != nil {
			return err
		}
		if !approve {
			r.Status = Rejected
			if err := s.store.SetStatus(ctx, orgID, r.ID, Rejected); err != nil {
				return err
			}
			if err := d.Reject(ctx, orgID, refID, by, comment); err != nil {
				return err
			}
			return s.decided(ctx, orgID, r, step)
		}
		next, err := s.route(ctx, orgID, &r, r.Level+1)
		if err != nil {
			return err
		}
		if next {
			return s.waiting(ctx, orgID, r)
		}
		if d.Check != nil {
			if err := d.Check(ctx, orgID, refID); err != nil {
				return err
			}
		}
		r.Status = Approved
		if err := s.store.SetStatus(ctx, orgID, r.ID, Approved); err != nil {
			return err
		}
		if err := d.Approve(ctx, orgID, refID, by, comment); err != nil {
			return err
		}
		return s.decided(ctx, orgID, r, step)
	})
	return r, err
}

func (s *Service) decided(ctx context.Context, orgID int64, r Request, d Decision) error {
	if err := s.event(ctx, orgID, d.Action, r); err != nil {
		return err
	}
	if s.OnDecision == nil {
		return nil
	}
	return s.OnDecision(ctx, orgID, r, d)
}

// Cancel ends a pending request (the applicant withdrew it, or the domain cancelled it);
// a request never submitted to the engine is nothing to cancel.
func (s *Service) Cancel(ctx context.Context, orgID int64, kind string, refID int64, by Actor, comment string) error {
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		r, err := s.store.RequestForUpdate(ctx, orgID, kind, refID)
		if errors.Is(err, ErrNotFound) {
			return nil
		}
		if err != nil || r.Status != Pending && r.Status != Approved {
			return err
		}
		step := Decision{Level: r.Level, LevelKind: r.LevelKind, Action: ActCancelled, ActorName: by.Name, Comment: comment}
		if err := s.store.AddDecision(ctx, orgID, r.ID, step, by.UserID); err != nil {
			return err
		}
		r.Status = Cancelled
		if err := s.store.SetStatus(ctx, orgID, r.ID, Cancelled); err != nil {
			return err
		}
		return s.decided(ctx, orgID, r, step)
	})
}

// Request returns a request's place in its chain.
func (s *Service) Request(ctx context.Context, orgID int64, kind string, refID int64) (Request, error) {
	return s.store.Request(ctx, orgID, kind, refID)
}

// Timeline returns the steps of a request, oldest first (empty when it never went through
// the engine, as applications decided before it existed).
func (s *Service) Timeline(ctx context.Context, orgID int64, kind string, refID int64) ([]Decision, error) {
	return s.store.Timeline(ctx, orgID, kind, refID)
}

// Waiting lists the pending requests waiting for the actor: those routed to their person
// (directly or as a substitute) and, for an admin, those at an admins level.
func (s *Service) Waiting(ctx context.Context, orgID int64, by Actor, limit int) ([]Request, error) {
	return s.store.Waiting(ctx, orgID, by.PersonID, by.IsAdmin, limit)
}

// ---- delegation ----

// Delegate names a substitute for an approver over a date range.
func (s *Service) Delegate(ctx context.Context, orgID int64, d Delegation) (Delegation, error) {
	d.From, d.To = strings.TrimSpace(d.From), strings.TrimSpace(d.To)
	c := validate.New()
	for f, v := range map[string]string{"from_date": d.From, "to_date": d.To} {
		if _, err := time.Parse(time.DateOnly, v); err != nil {
			c.Add(f, "validation.date", f+" must be a date YYYY-MM-DD", nil)
		}
	}
	if !c.Has("from_date") && !c.Has("to_date") && d.To < d.From {
		c.Add("to_date", "validation.after", "to_date must not be before from_date", nil)
	}
	if d.SubstituteID == d.PersonID {
		c.Invalid("substitute_id")
	} else if ok, err := s.store.PersonExists(ctx, orgID, d.SubstituteID); err != nil {
		return d, err
	} else if !ok {
		c.Invalid("substitute_id")
	}
	if err := c.Err(); err != nil {
		return d, err
	}
	id, err := s.store.CreateDelegation(ctx, orgID, d)
	d.ID = id
	return d, err
}

// Delegations lists the delegations an approver gave or a substitute received.
func (s *Service) Delegations(ctx context.Context, orgID, personID int64) ([]Delegation, error) {
	return s.store.Delegations(ctx, orgID, personID)
}

// DeleteDelegation removes one of the person's delegations (as approver or substitute; an
// admin passes personID 0 to remove any).
func (s *Service) DeleteDelegation(ctx context.Context, orgID, personID, id int64) error {
	return s.store.DeleteDelegation(ctx, orgID, personID, id)
}
