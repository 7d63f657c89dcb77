package plan_test

import (
	"context"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/job"
	"github.com/lifesat/lifesat/lifesat/plan"
)

// TestLimitIsProcessorTime: a task's limit counts the processor time its
// search uses, not the wall time that passes: a task that waits past
// its limit without working still runs its search to the end, and a
// search that works past it is stopped, having used at least the limit.
// So a limit means the same on a busy machine as on an idle one.
func TestLimitIsProcessorTime(t *testing.T) {
	const limit = 300 * time.Millisecond
	m, err := (&plan.Sweep{
		Problem: lifesat.Oscillator(5, 10, 10), // no answer in minutes: the limit stops it
		Seeds:   []uint64{1},
		Limit:   limit,
	}).Plan()
	if err != nil {
		t.Fatal(err)
	}
	easy, err := (&plan.Sweep{Problem: lifesat.Oscillator(2, 5, 5), Seeds: []uint64{1}, Limit: limit}).Plan()
	if err != nil {
		t.Fatal(err)
	}
	// The easy search starts after three limits of wall time asleep.
	*plan.BeforeSearch = func(context.Context) { time.Sleep(3 * limit) }
	rec, _, err := plan.RunTask(context.Background(), &easy.Header, &easy.Tasks[0], t.TempDir(), nil)
	*plan.BeforeSearch = nil
	if err != nil || rec == nil || rec.Status() != job.Found {
		t.Fatalf("a search that waited past its limit: %+v, %v; want found", rec, err)
	}
	if rec.WallSeconds < (3 * limit).Seconds() {
		t.Errorf("it took %.2f s of wall, less than its wait", rec.WallSeconds)
	}
	rec, _, err = plan.RunTask(context.Background(), &m.Header, &m.Tasks[0], t.TempDir(), nil)
	if err != nil || rec == nil || rec.Status() != job.Stopped {
		t.Fatalf("a search past its limit: %+v, %v; want stopped", rec, err)
	}
	if rec.CPUSeconds < limit.Seconds() {
		t.Errorf("stopped after %.2f s of processor time, before its limit %v", rec.CPUSeconds, limit)
	}
}
