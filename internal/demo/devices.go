package demo

import (
	"context"
	"net/http/httptest"
	"time"

	"hadir/internal/app"
	"hadir/internal/clockin"
	"hadir/internal/device"
	"hadir/internal/iclock/devicesim"
	"hadir/internal/people"
	"hadir/internal/platform/database"
)

// seedClockSite adds a web clock-in site at the demo organisation's gate, allowing every
// group, so that the demo members can try clocking in from a phone (issue 11).
func seedClockSite(ctx context.Context, a *app.App, orgID int64, groupKind string) error {
	kinds := []string{groupKind}
	if groupKind == "school" {
		kinds = []string{"teacher", "staff"}
	}
	var ids []int64
	for _, k := range kinds {
		gs, _, err := a.Attendance.Groups(ctx, orgID, k, "", database.Page{})
		if err != nil {
			return err
		}
		for _, g := range gs {
			ids = append(ids, g.ID)
		}
	}
	_, err := a.Clockin.SaveSite(ctx, clockin.Site{OrgID: orgID, Name: "Main gate", Latitude: 3.0733, Longitude: 101.5185, Radius: 300, MaxAccuracy: 100, GroupIDs: ids})
	return err
}

// seedDevice registers a terminal and a beacon, enrols everyone, and plays the terminal
// with the simulator against the app in-process: it synchronises (so the device shows its
// users, firmware and acknowledged commands) and uploads this morning's punches of a few.
func seedDevice(ctx context.Context, a *app.App, orgID int64, sn, groupKind string, everyone []people.Person, beaconMajor int) error {
	if err := seedClockSite(ctx, a, orgID, groupKind); err != nil {
		return err
	}
	d, err := a.Devices.Save(ctx, device.Device{OrgID: orgID, Name: "Main entrance", Model: "SpeedFace-V5L", Code: sn, PurchaseDate: "2025-12-15", Enabled: true, Profile: device.Profiles["face"]})
	if err != nil {
		return err
	}
	byKind := map[string][]int64{}
	for _, p := range everyone {
		byKind[string(p.Kind)] = append(byKind[string(p.Kind)], p.ID)
	}
	for k, ids := range byKind {
		if err := a.Devices.Enrol(ctx, orgID, d.ID, k, ids, true); err != nil {
			return err
		}
	}
	if _, err := a.Devices.Synchronise(ctx, orgID, d.ID, false); err != nil {
		return err
	}
	if _, err := a.Devices.SaveBeacon(ctx, device.Beacon{OrgID: orgID, Name: "Staff room", UUID: "f7826da6-4fa2-4e98-8024-bc5b71e0893e", Major: beaconMajor, Minor: 1, Serial: "KNT-" + sn}); err != nil {
		return err
	}
	srv := httptest.NewServer(a.API)
	defer srv.Close()
	sim := devicesim.New(srv.URL, sn)
	if _, err := sim.Handshake(ctx); err != nil {
		return err
	}
	if err := sim.PollUntilIdle(ctx, 20); err != nil {
		return err
	}
	now := sim.Now()
	if now.Hour() >= 8 {
		for i, p := range everyone[:min(5, len(everyone))] {
			sim.Punch(p.Code, time.Date(now.Year(), now.Month(), now.Day(), 7, 40+i*3, 0, 0, sim.Zone()), 0, 15)
		}
		if _, err := sim.Upload(ctx, 100); err != nil {
			return err
		}
	}
	return nil
}
