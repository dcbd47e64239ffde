package auth

import (
	"bufio"
	"context"
	"errors"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// ErrBusy is returned when no hashing slot frees up within the wait: the caller should be told
// to try again shortly (429 with Retry-After).
var ErrBusy = errors.New("auth: password hashing is busy")

// Hasher runs every argon2id hash and verification of the process through one semaphore, so
// that at most Slots hashes hold their memory at once, whatever the number of requests.
type Hasher struct {
	Params HashParams
	// Wait is how long a caller waits for a slot before ErrBusy.
	Wait time.Duration
	sem  chan struct{}
}

// DefaultHashWait is how long a caller waits for a hashing slot before it is refused.
const DefaultHashWait = time.Second

// NewHasher returns a Hasher with slots concurrent hashes (at least 1).
func NewHasher(p HashParams, slots int) *Hasher {
	if slots < 1 {
		slots = 1
	}
	return &Hasher{Params: p, Wait: DefaultHashWait, sem: make(chan struct{}, slots)}
}

// Slots is the number of hashes that may run at once.
func (h *Hasher) Slots() int { return cap(h.sem) }

// DefaultHashSlots sizes the semaphore to memory: available memory / (memory of one hash) / 2,
// at least 1 and at most 2×NumCPU. The halving leaves room for the garbage collector, which
// lets a freed hash's memory linger until the next cycle.
func DefaultHashSlots(p HashParams) int {
	perHash := uint64(p.Memory) * 1024
	if perHash == 0 {
		perHash = 64 << 20
	}
	n := 2 * runtime.NumCPU()
	if avail := memAvailable(); avail > 0 {
		n = min(n, int(avail/perHash/2))
	}
	return max(n, 1)
}

// memAvailable reads MemAvailable from /proc/meminfo (bytes); 0 when unknown.
func memAvailable() uint64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemAvailable:" {
			kb, err := strconv.ParseUint(fields[1], 10, 64)
			if err != nil {
				return 0
			}
			return kb * 1024
		}
	}
	return 0
}

var hashWaits, hashRefusals, hashRuns atomic.Uint64

// HashStatistics counts the semaphore's work since the process started.
type HashStatistics struct {
	Runs     uint64 // hashes and verifications run
	Waits    uint64 // callers that found every slot taken and had to wait
	Refusals uint64 // callers refused with ErrBusy after the wait
}

// HashStats returns the counters of every Hasher of the process (for /metrics).
func HashStats() HashStatistics {
	return HashStatistics{Runs: hashRuns.Load(), Waits: hashWaits.Load(), Refusals: hashRefusals.Load()}
}

func (h *Hasher) acquire(ctx context.Context) error {
	select {
	case h.sem <- struct{}{}:
		return nil
	default:
	}
	hashWaits.Add(1)
	t := time.NewTimer(h.Wait)
	defer t.Stop()
	select {
	case h.sem <- struct{}{}:
		return nil
	case <-t.C:
		hashRefusals.Add(1)
		return ErrBusy
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (h *Hasher) release() { <-h.sem }

// Hash returns the encoded argon2id hash of a password, within a slot.
func (h *Hasher) Hash(ctx context.Context, password string) (string, error) {
	if err := h.acquire(ctx); err != nil {
		return "", err
	}
	defer h.release()
	hashRuns.Add(1)
	return Hash(h.Params, password)
}

// Verify reports whether password matches an encoded hash, within a slot.
func (h *Hasher) Verify(ctx context.Context, encoded, password string) (bool, error) {
	if err := h.acquire(ctx); err != nil {
		return false, err
	}
	defer h.release()
	hashRuns.Add(1)
	return Verify(encoded, password)
}
