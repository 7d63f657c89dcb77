package plan

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"time"
)

// A worker runs the tasks of one array index, and in a split the open
// tasks of the whole plan once its own are done: a cube that re-splits
// makes new tasks that no array index names, and the workers that have
// run theirs take them. So the array's workers are a pool for the split
// as long as any of them runs, whatever the engine.

// A Report says what became of one task a worker took.
type Report struct {
	Task    *Task
	Outcome Outcome
	// Record is the task's result (nil when none was written); Holder
	// the other worker's claim when the outcome is Claimed.
	Record *Record
	Holder *Claim
}

// WorkOptions tune Work: the options of every task, and where the
// reports go. A nil *WorkOptions means the defaults.
type WorkOptions struct {
	TaskOptions
	// Report, when not nil, hears what became of each task.
	Report func(Report)
}

// Work runs tasks, one after the other (the tasks of an array index:
// one, or a batch), as RunTask runs each. When m is not nil it is the
// split they belong to, read whole: once its own tasks are done the
// worker takes the split's open tasks, the manifest's and the sub-cubes
// of re-splits, those without a result file or a live claim, breadth
// first: the fewest re-splits deep first, each depth in the table's
// order (Collect's); while none is open but a live worker runs a task
// that may re-split, it waits, looking every Poll. It returns
// when the split is answered (a task found a pattern, or no task is open
// or running), or at once when TaskOptions.TimeUp is closed (after the
// running task wrote its split). A record counts the process's
// processor time since the last record was measured (the first: since
// the process began), so that the records add up to the workers' time.
//
// It returns ctx's error when ctx stopped a task (nothing written),
// ErrTimeUp when TimeUp stopped one that wrote nothing, and RunTask's
// errors (a bad result file ends the worker).
func Work(ctx context.Context, h *Header, tasks []Task, m *Manifest, dir string, opt *WorkOptions) error {
	var wo WorkOptions
	if opt != nil {
		wo = *opt
	}
	o := options(&wo.TaskOptions)
	var cpu time.Duration // the process's start: its first task pays for it
	timeUp := func() bool {
		select {
		case <-o.TimeUp:
			return true
		default:
			return false
		}
	}
	do := func(t *Task, own bool) (Outcome, error) {
		rec, out, holder, err := runTask(ctx, h, t, dir, o, &cpu)
		if err != nil {
			return out, err
		}
		// A task of the pool that another worker claimed first is no
		// news: it was open a moment ago.
		if wo.Report != nil && (own || out != Claimed) {
			wo.Report(Report{Task: t, Outcome: out, Record: rec, Holder: holder})
		}
		return out, nil
	}
	for i := range tasks {
		if timeUp() {
			return nil
		}
		if _, err := do(&tasks[i], true); err != nil {
			return err
		}
	}
	if m == nil || m.Header.Kind != KindSplit {
		return nil
	}
	me := myClaim(o.Host, o.Engine)
	for !timeUp() {
		if err := ctx.Err(); err != nil {
			return err
		}
		open, waiting, err := pool(m, dir, &me, o.Expiry)
		if err != nil {
			return err
		}
		if len(open) == 0 {
			if !waiting {
				return nil
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-o.TimeUp:
				return nil
			case <-time.After(o.Poll):
			}
			continue
		}
		out, err := do(&open[0], false)
		if err != nil {
			return err
		}
		if out == Superseded {
			return nil
		}
	}
	return nil
}

// pool lists the open tasks of the split m, the shallowest first (the
// manifest's, then the sub-cubes of one re-split, of two, ...), each
// depth in the table's order, and says whether a live worker runs a
// task that may re-split (the split re-splits and the task has no
// result). It lists none once the split
// is answered. It reads the result files as FoundBy does, without
// re-simulating their answers: Collect does that.
func pool(m *Manifest, dir string, me *Claim, expiry time.Duration) (open []Task, waiting bool, err error) {
	h := &m.Header
	if _, ok := FoundBy(h, dir); ok {
		return nil, false, nil
	}
	var visit func(t *Task) error
	visit = func(t *Task) error {
		rec, err := peekRecord(h, t, dir)
		if err != nil {
			return err
		}
		if rec == nil {
			cl, err := readClaim(filepath.Join(dir, t.ClaimFile()))
			switch {
			case err != nil:
				return err
			case cl != nil && cl.live(me, expiry):
				waiting = waiting || h.Resplit > 0
			default:
				open = append(open, *t)
			}
			return nil
		}
		if rec.Stop != StatusSplit {
			return nil
		}
		subs, err := children(h, t, rec)
		if err != nil {
			return fmt.Errorf("%w: %s/%s: %v", ErrResult, dir, t.File(), err)
		}
		for i := range subs {
			if err := visit(&subs[i]); err != nil {
				return err
			}
		}
		return nil
	}
	for i := range m.Tasks {
		if err := visit(&m.Tasks[i]); err != nil {
			return nil, false, err
		}
	}
	// Breadth first: the cubes of fewer re-splits first, so that the
	// workers do not all descend into one hard cube's sub-cubes while
	// the answer lies in another.
	slices.SortStableFunc(open, func(a, b Task) int { return len(a.Sub) - len(b.Sub) })
	return open, waiting, nil
}

// peekRecord reads task t's result file from dir and checks that it is
// this task's of this manifest, with a valid stop, but does not
// re-simulate its answers.
func peekRecord(h *Header, t *Task, dir string) (*Record, error) {
	path := filepath.Join(dir, t.File())
	data, err := readSmall(path)
	if err != nil || data == nil {
		return nil, err
	}
	rec, err := DecodeRecord(data)
	if err == nil && (rec.Manifest != h.Fingerprint || rec.ID != t.ID) {
		err = errors.New("it is not this task's result")
	}
	if err == nil {
		err = rec.checkStop(h)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v; delete it to run task %s again", ErrResult, path, err, t.Name())
	}
	return rec, nil
}
