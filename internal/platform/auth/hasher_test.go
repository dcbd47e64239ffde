package auth

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"
)

func TestHasherRefusesPastTheWaitAndCounts(t *testing.T) {
	h := NewHasher(TestHashParams, 1)
	h.Wait = 20 * time.Millisecond
	before := HashStats()
	h.sem <- struct{}{} // the only slot is taken
	if _, err := h.Hash(context.Background(), "pw"); !errors.Is(err, ErrBusy) {
		t.Fatalf("err = %v, want ErrBusy", err)
	}
	if _, err := h.Verify(context.Background(), "x", "pw"); !errors.Is(err, ErrBusy) {
		t.Fatalf("err = %v, want ErrBusy", err)
	}
	<-h.sem
	enc, err := h.Hash(context.Background(), "pw")
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := h.Verify(context.Background(), enc, "pw"); !ok || err != nil {
		t.Fatalf("verify = %v, %v", ok, err)
	}
	after := HashStats()
	if after.Refusals-before.Refusals < 2 || after.Waits-before.Waits < 2 || after.Runs-before.Runs < 2 {
		t.Fatalf("stats before %+v after %+v", before, after)
	}
}

func TestDefaultHashSlotsIsWithinBounds(t *testing.T) {
	n := DefaultHashSlots(DefaultHashParams)
	if n < 1 || n > 2*runtime.NumCPU() {
		t.Fatalf("DefaultHashSlots = %d", n)
	}
	if memAvailable() == 0 {
		t.Skip("no /proc/meminfo")
	}
	// A hash larger than the memory available still gets one slot.
	if n := DefaultHashSlots(HashParams{Memory: 1 << 31, Time: 1, Threads: 1}); n != 1 {
		t.Fatalf("DefaultHashSlots(huge) = %d, want 1", n)
	}
}
