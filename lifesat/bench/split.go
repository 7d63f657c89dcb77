package bench

// Split searches (package plan) timed on 1, 2, 4... workers, beside the
// race: the wall time to the answer and the CPU time spent on it. The
// workers here are goroutines of this process that take the cubes in the
// manifest's order, as an engine's job array with that many slots would;
// the CPU time is the process's (internal/cputime), every worker's
// included.

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/internal/cputime"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/plan"
)

// The kinds of split timings.
const (
	// Split runs a split search: the problem cut into Case.Cubes cubes
	// (plan.Split, cut as Case.Method says), Case.Workers at once, until a cube
	// has a pattern or every cube has none. The row's SolveMS is the wall
	// time, its Value the CPU time in ms.
	Split = "split"
	// Cubes runs each cube of that split alone, one after the other, to
	// its end or the time limit: one row per cube, whose Value is the
	// cube's place in the manifest and whose SolveMS is the CPU time it
	// took (its EncodeMS is 0): one search at a time, the CPU time is
	// the cube's work, which the load of a shared machine changes less
	// than its wall time. Their times are the data of ProjectSplit.
	Cubes = "cubes"
)

// splitName is a split case's name: "split oscillator p4 10x10, 64
// first-alive cubes, 2 workers", "race oscillator p4 10x10, 2 members",
// "cubes of oscillator p4 10x10, 64 first-alive cubes".
func (c Case) splitName() string {
	method := c.Method
	if method == "" {
		method = plan.Centre
	}
	switch c.Kind {
	case Split:
		return fmt.Sprintf("split %v, %d %s cubes, %d workers", c.Problem, c.Cubes, method, max(c.Workers, 1))
	case Race:
		return fmt.Sprintf("race %v, %d members", c.Problem, max(c.Workers, 1))
	}
	return fmt.Sprintf("cubes of %v, %d %s cubes", c.Problem, c.Cubes, method)
}

// splitManifest cuts c's problem for a seed.
func splitManifest(ctx context.Context, c Case, set *lifesat.Settings) (*plan.Manifest, error) {
	return plan.Split(ctx, c.Problem, set, &plan.SplitOptions{CutOptions: plan.CutOptions{Cubes: c.Cubes, Method: c.Method}})
}

// rowStatus is a row's status for a search's outcome.
func rowStatus(err error, st logic.Status) string {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return "UNKNOWN"
	case err != nil:
		return "ERROR"
	}
	return st.String()
}

// measureSplit runs a Split or Race case once.
func measureSplit(ctx context.Context, c Case, r Row, set *lifesat.Settings, timeout time.Duration) Row {
	runtime.GC()
	workers := max(c.Workers, 1)
	var m *plan.Manifest
	if c.Kind == Split {
		var err error
		if m, err = splitManifest(ctx, c, set); err != nil {
			r.Status = "ERROR"
			return r
		}
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cpu, start := cputime.Process(), time.Now()
	var pat *lifesat.Pattern
	var st logic.Status
	var err error
	if c.Kind == Race {
		var res *lifesat.Result
		res, err = lifesat.Race(ctx, c.Problem, set, &lifesat.RaceOptions{Jobs: workers})
		if res != nil {
			st = res.Status
			fill(&r, res.Stats)
			if len(res.Patterns) > 0 {
				pat = res.Patterns[0]
			}
		}
	} else {
		pat, st, err = runCubes(ctx, m, workers)
	}
	r.EncodeMS, r.SolveMS = 0, ms(time.Since(start))
	r.Value = strconv.FormatFloat(ms(cputime.Process()-cpu), 'f', 1, 64)
	r.Status = rowStatus(err, st)
	if pat != nil {
		r.Verified = c.Problem.Check(pat, set) == nil
	}
	return r
}

// runCubes runs the split's cubes, workers at once in the manifest's
// order, and stops at the first pattern. It returns it (checked against
// its cube by the search), or Unsat when every cube has none.
func runCubes(ctx context.Context, m *plan.Manifest, workers int) (*lifesat.Pattern, logic.Status, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var mu sync.Mutex
	next, none := 0, 0
	var found *lifesat.Pattern
	var firstErr error
	var wg sync.WaitGroup
	for range min(workers, len(m.Tasks)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= len(m.Tasks) || ctx.Err() != nil {
					return
				}
				p, s, err := m.Tasks[i].Spec.Search()
				var res *lifesat.Result
				if err == nil {
					res, err = lifesat.Search(ctx, p, s)
				}
				mu.Lock()
				switch {
				case err != nil && ctx.Err() == nil && firstErr == nil:
					firstErr = err
					cancel()
				case err == nil && res.Status == logic.Sat && found == nil:
					found = res.Patterns[0]
					cancel()
				case err == nil && res.Status == logic.Unsat:
					none++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	switch {
	case found != nil:
		return found, logic.Sat, nil
	case firstErr != nil:
		return nil, logic.Unknown, firstErr
	case none == len(m.Tasks):
		return nil, logic.Unsat, nil
	}
	return nil, logic.Unknown, context.Cause(ctx)
}

// measureCubes runs each cube of c's split alone: one row per cube.
func measureCubes(ctx context.Context, c Case, r Row, set *lifesat.Settings, timeout time.Duration) []Row {
	m, err := splitManifest(ctx, c, set)
	if err != nil {
		r.Status = "ERROR"
		return []Row{r}
	}
	var rows []Row
	for i, t := range m.Tasks {
		if ctx.Err() != nil {
			break
		}
		runtime.GC()
		row := r
		row.Value = strconv.Itoa(i)
		p, s, err := t.Spec.Search()
		if err != nil {
			row.Status = "ERROR"
			rows = append(rows, row)
			continue
		}
		cctx, cancel := context.WithTimeout(ctx, timeout)
		cpu := cputime.Process()
		res, err := lifesat.Search(cctx, p, s)
		spent := cputime.Process() - cpu
		cancel()
		if res == nil {
			row.Status = "ERROR"
		} else {
			fill(&row, res.Stats)
			row.EncodeMS, row.SolveMS = 0, ms(spent)
			row.Status = rowStatus(err, res.Status)
			if len(res.Patterns) > 0 {
				row.Verified = c.Problem.Check(res.Patterns[0], set) == nil && p.Check(res.Patterns[0], s) == nil
			}
			if res.Status == logic.Unsat {
				row.Verified = true // a proof: no pattern to re-simulate
			}
		}
		rows = append(rows, row)
	}
	return rows
}

// A CubeTime is one cube's CPU time alone, and whether it has a
// pattern.
type CubeTime struct {
	Seconds float64
	Found   bool
}

// CubeTimes reads the rows of a Cubes case (in their order: the
// manifest's) as cube times; a cube stopped by the time limit counts its
// limit, without a pattern.
func CubeTimes(rows []Row) []CubeTime {
	var out []CubeTime
	for _, r := range rows {
		out = append(out, CubeTime{Seconds: seconds(r), Found: r.Status == "SAT"})
	}
	return out
}

// ProjectSplit is the wall time a split would take on the given number
// of workers, each a core of its own, if each cube took the CPU time it
// took alone: the workers take
// the cubes in order, each the next cube when it is free, and the split
// ends when a cube with a pattern ends, or when every cube has ended. It
// is a projection, not a measurement: it leaves out the workers'
// contention for memory and caches, the engine's start-up per task, and
// the run-to-run spread of each cube's time.
func ProjectSplit(cubes []CubeTime, workers int) (seconds float64, found bool) {
	if workers < 1 || len(cubes) == 0 {
		return 0, false
	}
	free := make([]float64, workers) // when each worker is free
	end := 0.0
	first := -1.0
	for _, c := range cubes {
		w := slices.Index(free, slices.Min(free))
		if first >= 0 && free[w] >= first {
			break // the answer came before this cube would start
		}
		free[w] += c.Seconds
		end = max(end, free[w])
		if c.Found && (first < 0 || free[w] < first) {
			first = free[w]
		}
	}
	if first >= 0 {
		return first, true
	}
	return end, false
}

// splitCase reports whether c is one of this file's kinds.
func splitCase(c Case) bool {
	return c.Kind == Split || c.Kind == Race && c.Workers > 0 || c.Kind == Cubes
}

// CubeRuns are the cube times of the Cubes case with the given name, one
// list per seed, in the order of the rows (the manifest's).
func CubeRuns(rows []Row, name string) [][]CubeTime {
	bySeed := map[uint64][]Row{}
	var seeds []uint64
	for _, r := range rows {
		if r.Problem != name {
			continue
		}
		if _, ok := bySeed[r.Seed]; !ok {
			seeds = append(seeds, r.Seed)
		}
		bySeed[r.Seed] = append(bySeed[r.Seed], r)
	}
	var out [][]CubeTime
	for _, seed := range seeds {
		out = append(out, CubeTimes(bySeed[seed]))
	}
	return out
}
