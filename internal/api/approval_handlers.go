package api

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"

	"hadir/internal/correction"
	"hadir/internal/overtime"
	"hadir/internal/people"

	"hadir/internal/approval"
	"hadir/internal/leave"
	"hadir/internal/platform/database"
	"hadir/internal/platform/validate"
	"hadir/internal/platform/web"
)

// chainResponse is a chain as the type screens edit it: its levels' stored forms, and whether
// it is the type's own (false: inherited or the default, admins).
type chainResponse struct {
	Kind   string         `json:"kind"`
	TypeID int64          `json:"type_id"`
	Levels approval.Chain `json:"levels"`
	Own    bool           `json:"own"`
}

// chainTarget reads kind and type_id and checks the type is one of the organisation's (404
// otherwise); type_id 0 is the kind's organisation-wide chain.
func (a *API) chainTarget(r *http.Request, kind string, typeID int64) error {
	if !a.Approvals.Known(kind) {
		return validate.Field("kind", "validation.invalid", "kind is not valid")
	}
	if typeID == 0 || (kind != leave.KindLeave && kind != leave.KindAway) {
		return nil
	}
	_, err := a.Leave.Type(r.Context(), principal(r).OrgID, kind, typeID)
	return err
}

func (a *API) getChain(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	kind := q.Get("kind")
	var typeID int64
	if v := q.Get("type_id"); v != "" && v != "0" {
		id, err := web.ID("type_id", v)
		if err != nil {
			return err
		}
		typeID = id
	}
	if err := a.chainTarget(r, kind, typeID); err != nil {
		return err
	}
	c, own, err := a.Approvals.Chain(r.Context(), principal(r).OrgID, kind, typeID)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, chainResponse{Kind: kind, TypeID: typeID, Levels: c, Own: own})
	return nil
}

type chainRequest struct {
	Kind   string      `json:"kind"`
	TypeID web.FlexInt `json:"type_id"`
	Levels []string    `json:"levels"`
}

func (a *API) saveChain(w http.ResponseWriter, r *http.Request) error {
	var req chainRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	if req.TypeID < 0 {
		return validate.Field("type_id", "validation.invalid", "type_id is not valid")
	}
	if err := a.chainTarget(r, req.Kind, int64(req.TypeID)); err != nil {
		return err
	}
	c, err := a.Approvals.SetChain(r.Context(), principal(r).OrgID, req.Kind, int64(req.TypeID), req.Levels)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, chainResponse{Kind: req.Kind, TypeID: int64(req.TypeID), Levels: c, Own: len(req.Levels) > 0})
	return nil
}

// approvalActor is the caller as the engine sees them: account, name, admin role and the
// person linked to their account (0 without one).
func (a *API) approvalActor(r *http.Request) (approval.Actor, error) {
	p := principal(r)
	act := actor(r, a)
	out := approval.Actor{UserID: act.UserID, Name: act.Name, IsAdmin: p.Can(addOrgStaff)}
	me, err := a.People.Mine(r.Context(), p)
	if err == nil {
		out.PersonID = me.ID
	} else if !errors.Is(err, people.ErrNotFound) {
		return out, err
	}
	return out, nil
}

// waitingItem is a request waiting for the caller, with where its document opens ("" without
// one; attendance corrections only).
type waitingItem struct {
	approval.Request
	AttachmentURL string `json:"attachment_url"`
	// Overtime is the overtime request's date and minutes (kind overtime only).
	Overtime *overtime.Request `json:"overtime,omitempty"`
}

// MaxWaiting bounds GET /api/approvals.
const maxWaiting = 500

// waitingList answers everything waiting for the caller, whatever its kind, newest first.
func (a *API) waitingList(w http.ResponseWriter, r *http.Request) error {
	act, err := a.approvalActor(r)
	if err != nil {
		return err
	}
	items, err := a.Approvals.Waiting(r.Context(), principal(r).OrgID, act, maxWaiting)
	if err != nil {
		return err
	}
	// An attendance correction's document opens from the inbox (issue 12).
	var ids, ots []int64
	for _, it := range items {
		switch it.Kind {
		case approval.KindCorrection:
			ids = append(ids, it.RefID)
		case approval.KindOvertime:
			ots = append(ots, it.RefID)
		}
	}
	urls, err := a.Corrections.AttachmentURLs(r.Context(), principal(r).OrgID, ids)
	if err != nil {
		return err
	}
	otm, err := a.Overtime.Many(r.Context(), principal(r).OrgID, ots)
	if err != nil {
		return err
	}
	out := make([]waitingItem, len(items))
	for i, it := range items {
		out[i] = waitingItem{Request: it}
		switch it.Kind {
		case approval.KindCorrection:
			out[i].AttachmentURL = urls[it.RefID]
		case approval.KindOvertime:
			if o, ok := otm[it.RefID]; ok {
				out[i].Overtime = &o
			}
		}
	}
	web.Data(w, http.StatusOK, out)
	return nil
}

type approvalDecisionRequest struct {
	Comment string `json:"comment"`
	// Minutes lowers an overtime request's minutes on approval (kind overtime only).
	Minutes *web.FlexInt `json:"minutes"`
}

// decideApproval approves or rejects one request waiting for the caller: 403 when it does
// not wait for them, 409 when already decided, 404 for an unknown kind or id.
func (a *API) decideApproval(approve bool) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		kind := r.PathValue("kind")
		if !a.Approvals.Known(kind) {
			return approval.ErrNotFound
		}
		id, err := web.ID("id", r.PathValue("id"))
		if err != nil {
			return err
		}
		var req approvalDecisionRequest
		if r.ContentLength != 0 {
			if err := web.Decode(w, r, &req); err != nil {
				return err
			}
		}
		act, err := a.approvalActor(r)
		if err != nil {
			return err
		}
		var out approval.Request
		switch {
		case kind == approval.KindOvertime:
			var minutes *int
			if req.Minutes != nil {
				m := int(*req.Minutes)
				minutes = &m
			}
			out, err = a.Overtime.Decide(r.Context(), principal(r).OrgID, id, approve, minutes, act, req.Comment)
		case req.Minutes != nil:
			return validate.Field("minutes", "validation.invalid", "minutes is for overtime requests only")
		default:
			out, err = a.Approvals.Decide(r.Context(), principal(r).OrgID, kind, id, approve, act, req.Comment)
		}
		if err != nil {
			return err
		}
		tl, err := a.Approvals.Timeline(r.Context(), principal(r).OrgID, kind, id)
		if err != nil {
			return err
		}
		web.Data(w, http.StatusOK, map[string]any{"request": out, "timeline": tl})
		return nil
	}
}

type correctionRequest struct {
	Date    string      `json:"date"`
	Kind    string      `json:"kind"`
	Time    string      `json:"time"`
	PunchID web.FlexInt `json:"punch_id"`
	Status  web.FlexInt `json:"status"`
	Reason  string      `json:"reason"`
}

// myPerson is the person linked to the caller's account (422 people.no_account without one).
func (a *API) myPerson(r *http.Request) (people.Person, error) {
	p, err := a.People.Mine(r.Context(), principal(r))
	if errors.Is(err, people.ErrNotFound) {
		return p, people.ErrNoAccount
	}
	return p, err
}

// requestCorrection stores the caller's attendance-correction request and submits it.
func (a *API) requestCorrection(w http.ResponseWriter, r *http.Request) error {
	var req correctionRequest
	att, err := readWithAttachment(w, r, &req)
	if err != nil {
		return err
	}
	me, err := a.myPerson(r)
	if err != nil {
		return err
	}
	act, err := a.approvalActor(r)
	if err != nil {
		return err
	}
	out, err := a.Corrections.Create(r.Context(), principal(r).OrgID, me.ID, correction.Input{Date: req.Date, Kind: req.Kind, Time: req.Time,
		PunchID: int64(req.PunchID), Status: int(req.Status), Reason: req.Reason, Attachment: att}, act)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusCreated, out)
	return nil
}

// correctionAttachment opens a correction request's document, for whoever may see the
// request: its requester, their manager, an approver it waits for or waited for, an admin.
// Anyone else of the organisation gets 403, another organisation's request 404.
func (a *API) correctionAttachment(w http.ResponseWriter, r *http.Request) error {
	id, err := web.ID("id", r.PathValue("id"))
	if err != nil {
		return err
	}
	act, err := a.approvalActor(r)
	if err != nil {
		return err
	}
	att, err := a.Corrections.Attachment(r.Context(), principal(r).OrgID, id, act)
	if err != nil {
		return err
	}
	writeAttachment(w, att)
	return nil
}

// myRequests lists the caller's own requests with their timelines.
func (a *API) myRequests(w http.ResponseWriter, r *http.Request) error {
	return writeMine(a, w, r, a.Corrections.Mine)
}

// writeMine answers a list of the caller's own requests of one kind: empty for a user without
// a person record.
func writeMine[T any](a *API, w http.ResponseWriter, r *http.Request, mine func(ctx context.Context, orgID, personID int64) ([]T, error)) error {
	me, err := a.People.Mine(r.Context(), principal(r))
	if errors.Is(err, people.ErrNotFound) {
		web.Data(w, http.StatusOK, []T{})
		return nil
	}
	if err != nil {
		return err
	}
	out, err := mine(r.Context(), principal(r).OrgID, me.ID)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, out)
	return nil
}

// myDelegations lists the delegations the caller gave (as an approver) or received (as a
// substitute): visible to both.
func (a *API) myDelegations(w http.ResponseWriter, r *http.Request) error {
	me, err := a.People.Mine(r.Context(), principal(r))
	if errors.Is(err, people.ErrNotFound) {
		web.Data(w, http.StatusOK, []approval.Delegation{})
		return nil
	}
	if err != nil {
		return err
	}
	out, err := a.Approvals.Delegations(r.Context(), principal(r).OrgID, me.ID)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, out)
	return nil
}

// substituteOption is a colleague who can be named as a substitute: only who they are.
type substituteOption struct {
	ID   int64  `json:"id"`
	Code string `json:"code"`
	Name string `json:"name"`
}

// substitutes lists up to 20 colleagues the caller may name as a substitute: people of the
// organisation (teachers and staff in a school) with an account, other than the caller,
// whose name or code contains ?search=. Only id, code and name leave: a member sees no more
// of their colleagues than the team calendar shows.
func (a *API) substitutes(w http.ResponseWriter, r *http.Request) error {
	p := principal(r)
	search := strings.TrimSpace(r.URL.Query().Get("search"))
	if len(search) > 100 {
		return validate.Field("search", "validation.max", "search is at most 100 characters")
	}
	var mine int64
	if me, err := a.People.Mine(r.Context(), p); err == nil {
		mine = me.ID
	} else if !errors.Is(err, people.ErrNotFound) {
		return err
	}
	kinds := []people.Kind{people.Employee}
	if p.OrgKind == "school" {
		kinds = []people.Kind{people.Teacher, people.Staff}
	}
	const limit = 20
	out := []substituteOption{}
	for _, k := range kinds {
		// People without an account cannot decide: read pages (at most five) until enough
		// with one are found.
		found := 0
		for page := 1; page <= 5 && found < limit; page++ {
			list, _, err := a.People.List(r.Context(), p.OrgID, people.ListFilter{Kind: k, Base: search}, database.Page{Number: page, Size: 60})
			if err != nil {
				return err
			}
			for _, x := range list {
				if x.UserID == nil || x.ID == mine {
					continue
				}
				out = append(out, substituteOption{ID: x.ID, Code: x.Code, Name: strings.TrimSpace(x.FirstName + " " + x.LastName)})
				found++
			}
			if len(list) < 60 {
				break
			}
		}
	}
	slices.SortFunc(out, func(x, y substituteOption) int {
		return strings.Compare(strings.ToLower(x.Name), strings.ToLower(y.Name))
	})
	if len(out) > limit {
		out = out[:limit]
	}
	web.Data(w, http.StatusOK, out)
	return nil
}

type delegationRequest struct {
	SubstituteID web.FlexInt `json:"substitute_id"`
	From         string      `json:"from_date"`
	To           string      `json:"to_date"`
}

// delegate names a substitute for the caller's approvals over a date range.
func (a *API) delegate(w http.ResponseWriter, r *http.Request) error {
	var req delegationRequest
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	me, err := a.myPerson(r)
	if err != nil {
		return err
	}
	d, err := a.Approvals.Delegate(r.Context(), principal(r).OrgID, approval.Delegation{PersonID: me.ID, SubstituteID: int64(req.SubstituteID), From: req.From, To: req.To})
	if err != nil {
		return err
	}
	web.Data(w, http.StatusCreated, d)
	return nil
}

// undelegate removes a delegation the caller gave or received (an admin: any of the
// organisation's).
func (a *API) undelegate(w http.ResponseWriter, r *http.Request) error {
	id, err := web.ID("id", r.URL.Query().Get("id"))
	if err != nil {
		return err
	}
	var personID int64
	if !principal(r).Can(addOrgStaff) {
		me, err := a.People.Mine(r.Context(), principal(r))
		if errors.Is(err, people.ErrNotFound) {
			return approval.ErrNotFound
		}
		if err != nil {
			return err
		}
		personID = me.ID
	}
	if err := a.Approvals.DeleteDelegation(r.Context(), principal(r).OrgID, personID, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

type overtimeAsk struct {
	Date   string `json:"date"`
	Reason string `json:"reason"`
}

// askOvertime makes the caller's overtime request for a decided date (201), or answers the
// one already made for it (200): one request per person and date.
func (a *API) askOvertime(w http.ResponseWriter, r *http.Request) error {
	var req overtimeAsk
	if err := web.Decode(w, r, &req); err != nil {
		return err
	}
	me, err := a.myPerson(r)
	if err != nil {
		return err
	}
	act, err := a.approvalActor(r)
	if err != nil {
		return err
	}
	out, created, err := a.Overtime.Ask(r.Context(), principal(r).OrgID, me.ID, req.Date, req.Reason, act)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	web.Data(w, status, out)
	return nil
}

type overtimeWithdraw struct {
	Comment string `json:"comment"`
}

// withdrawOvertime is the caller's withdrawal of their own pending overtime request: the
// approvals engine cancels it as it cancels a withdrawn leave application. Somebody else's
// request: 404; one already decided: 409.
func (a *API) withdrawOvertime(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	var req overtimeWithdraw
	if r.ContentLength != 0 {
		if err := web.Decode(w, r, &req); err != nil {
			return err
		}
	}
	// A caller without a person has no request to withdraw: 404, as for somebody else's.
	me, err := a.People.Mine(r.Context(), principal(r))
	if errors.Is(err, people.ErrNotFound) {
		return overtime.ErrNotFound
	}
	if err != nil {
		return err
	}
	act, err := a.approvalActor(r)
	if err != nil {
		return err
	}
	out, err := a.Overtime.Withdraw(r.Context(), principal(r).OrgID, me.ID, id, act, req.Comment)
	if err != nil {
		return err
	}
	web.Data(w, http.StatusOK, out)
	return nil
}

// myOvertime lists the caller's overtime requests with their timelines.
func (a *API) myOvertime(w http.ResponseWriter, r *http.Request) error {
	return writeMine(a, w, r, a.Overtime.Mine)
}
