// Package testmem measures how far the live heap rises while a function runs, for the tests
// that prove a memory bound of an upload, import or export.
package testmem

import (
	"runtime"
	"runtime/debug"
	"sync/atomic"
	"time"
)

// PeakHeap runs f while sampling the live heap every millisecond and returns how far it rose
// above the heap before f. It is a sampled peak: allocations freed between two samples may be
// missed, but a buffer held while it is worked on is not.
//
// While f runs the collector works at GOGC=10, so that the sampled heap follows what is live
// rather than how much garbage the default GOGC=100 lets pile up between collections, which
// varied a measurement by more than its bound between runs.
func PeakHeap(f func()) uint64 {
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	var peak atomic.Uint64
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapAlloc > peak.Load() {
				peak.Store(m.HeapAlloc)
			}
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	f()
	close(stop)
	<-done
	if p := peak.Load(); p > base {
		return p - base
	}
	return 0
}
