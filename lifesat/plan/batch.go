package plan

import (
	"context"
	"time"

	"github.com/lifesat/lifesat/lifesat/job"
)

// Batches: an engine that starts a job per array index (Slurm, a
// Kubernetes pod) spends a second or more on each, which a task of a
// tenth of a second does not repay. A batch of B runs tasks BK to
// BK+B-1 at array index K, one after the other (lifesat task -batch).

// Estimate runs up to n of m's tasks (the first, the last and those
// between, evenly spread) one after the other, each for at most each,
// and returns the longest wall time and whether every one ended within
// its bound. Nothing is written. ctx is checked by each search.
func (m *Manifest) Estimate(ctx context.Context, n int, each time.Duration) (time.Duration, bool) {
	if n <= 0 || len(m.Tasks) == 0 {
		return 0, false
	}
	n = min(n, len(m.Tasks))
	var longest time.Duration
	for k := range n {
		i := 0
		if n > 1 {
			i = k * (len(m.Tasks) - 1) / (n - 1)
		}
		run, cancel := context.WithTimeout(ctx, each)
		sp := m.Tasks[i].Spec
		start := time.Now()
		res := job.Run(run, &sp, nil)
		took := time.Since(start)
		cancel()
		if res.Status == job.Stopped || ctx.Err() != nil {
			return each, false
		}
		longest = max(longest, took)
	}
	return longest, true
}

// Batch is the batch size for tasks that take about took each: enough
// for an array index to run for about target, but never so many that
// fewer than indices array indices are left (nor more than tasks).
func Batch(tasks int, took, target time.Duration, indices int) int {
	if took <= 0 {
		took = time.Millisecond
	}
	b := max(1, int(target/took))
	if indices > 0 {
		b = min(b, max(1, tasks/indices))
	}
	return min(b, max(tasks, 1))
}
