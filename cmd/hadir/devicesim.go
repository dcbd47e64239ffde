package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"hadir/internal/iclock/devicesim"
)

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, "; ") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// runDeviceSim plays a terminal: handshake, punches (from flags or a file) with retries,
// command polling, then prints the terminal's user table.
func runDeviceSim(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("devicesim", flag.ExitOnError)
	server := fs.String("server", "http://127.0.0.1:8080", "Hadir server URL")
	sn := fs.String("sn", "", "the terminal's serial number (registered as a device's code)")
	key := fs.String("key", "", "the device's push key, if it has one")
	file := fs.String("file", "", "a file of punches, one per line: PIN,YYYY-MM-DD HH:MM:SS[,status[,verify]]")
	polls := fs.Int("polls", 3, "how many times to poll for commands (0: none)")
	interval := fs.Duration("interval", 2*time.Second, "time between polls and between upload retries")
	loop := fs.Bool("loop", false, "keep polling and uploading until interrupted")
	userTable := fs.String("user-table", "OPERLOG", "the table the terminal answers a user query (synchronise) in: OPERLOG or USERINFO (newer firmware)")
	var keypad multiFlag
	fs.Var(&keypad, "user", "a user PIN,Name already on the terminal, as enrolled at its keypad (repeatable)")
	security := fs.Bool("security", false, "play a Security PUSH 3.x terminal (registry, rtlog, 3.x commands)")
	clockError := fs.Duration("clock-error", 0, "how far the terminal's clock runs ahead of the time it is set to (e.g. 90s, -2m): punches without a time are stamped by it, and the device list shows the drift")
	var punches multiFlag
	fs.Var(&punches, "punch", "a punch PIN[,YYYY-MM-DD HH:MM:SS[,status[,verify]]] (repeatable; no time = now)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *sn == "" {
		return fmt.Errorf("devicesim: -sn is required")
	}
	sim := devicesim.New(*server, *sn)
	if *security {
		sim = devicesim.NewSecurity(*server, *sn)
	}
	sim.Key = *key
	switch t := strings.ToUpper(*userTable); t {
	case "OPERLOG", "USERINFO":
		sim.UserTable = t
	default:
		return fmt.Errorf("devicesim: -user-table is OPERLOG or USERINFO")
	}
	for _, u := range keypad {
		pin, name, _ := strings.Cut(u, ",")
		sim.EnrolAtTerminal(strings.TrimSpace(pin), strings.TrimSpace(name))
	}
	if *security {
		if _, err := sim.Register(ctx); err != nil {
			return err
		}
	}
	opts, err := sim.Handshake(ctx)
	if err != nil {
		return err
	}
	if *security {
		// A 3.x terminal sets its clock from rtdata?type=time.
		if err := sim.SyncTime(ctx); err != nil {
			return err
		}
		fmt.Printf("registered: RegistryCode=%s SessionID=%s\n", sim.RegistryCode, sim.SessionID)
	}
	sim.ClockError = *clockError
	fmt.Printf("handshake: TimeZone=%s ATTLOGStamp=%s; terminal clock %s\n", opts["TimeZone"], opts["ATTLOGStamp"], sim.Now().Format("2006-01-02 15:04:05"))
	lines := []string(punches)
	if *file != "" {
		f, err := os.Open(*file)
		if err != nil {
			return err
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if t := strings.TrimSpace(sc.Text()); t != "" && !strings.HasPrefix(t, "#") {
				lines = append(lines, t)
			}
		}
		f.Close()
	}
	for _, l := range lines {
		parts := strings.Split(l, ",")
		at := sim.Now()
		if len(parts) > 1 && strings.TrimSpace(parts[1]) != "" {
			if at, err = time.ParseInLocation("2006-01-02 15:04:05", strings.TrimSpace(parts[1]), sim.Zone()); err != nil {
				return fmt.Errorf("devicesim: punch %q: %w", l, err)
			}
		}
		status, verify := 0, 15
		if len(parts) > 2 {
			status, _ = strconv.Atoi(strings.TrimSpace(parts[2]))
		}
		if len(parts) > 3 {
			verify, _ = strconv.Atoi(strings.TrimSpace(parts[3]))
		}
		sim.Punch(strings.TrimSpace(parts[0]), at, status, verify)
	}
	for round := 0; *loop || round < max(*polls, 1); round++ {
		if sim.Pending() > 0 {
			if _, err := sim.Upload(ctx, 100); err != nil {
				fmt.Fprintf(os.Stderr, "upload: %v (will retry)\n", err)
			}
		}
		if *polls > 0 || *loop {
			n, err := sim.Poll(ctx)
			if err != nil {
				fmt.Fprintf(os.Stderr, "poll: %v\n", err)
			} else if n > 0 {
				fmt.Printf("ran %d commands\n", n)
			}
		}
		if !*loop && round+1 >= max(*polls, 1) && sim.Pending() == 0 {
			break
		}
		select {
		case <-ctx.Done():
			round = 1 << 30
		case <-time.After(*interval):
		}
		if ctx.Err() != nil {
			break
		}
	}
	fmt.Printf("uploaded %d punches, %d waiting\nusers on the terminal:\n", sim.Uploaded, sim.Pending())
	for _, u := range sim.Users() {
		photo := ""
		if u.Photo {
			photo = " (face photo)"
		}
		fmt.Printf("  %-10s %s%s\n", u.PIN, u.Name, photo)
	}
	return nil
}
