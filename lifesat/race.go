package lifesat

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/lifesat/lifesat/lifesat/drat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// RaceOptions tune Race. A nil *RaceOptions means the defaults, and so
// does the zero value of every field.
type RaceOptions struct {
	// Jobs is how many members search at once; 0 means one per core
	// (runtime.NumCPU). Fewer run when their formulas would not fit side
	// by side in the settings' memory budget (Settings.MaxMemory, shared
	// equally among the members).
	Jobs int
	// Member searches for one member: st is the member's problem and
	// settings (its share of the memory budget in st.Settings.MaxMemory),
	// k its number in the order of Strategies. Nil searches in this
	// process with Search. A Member may run the search anywhere
	// (member.Process runs each as a child process); it must return when
	// ctx ends. Race checks every pattern a Member returns against the
	// raced problem, so a Member need not be trusted.
	Member func(ctx context.Context, k int, st Strategy) (*Result, error)
	// Ended, when not nil, is told of each member that ends, in the
	// order they end, from Race's own goroutine: its result and error,
	// which are not to be kept or changed.
	Ended func(k int, st Strategy, res *Result, err error)
}

// maxSymmetries bounds the restricted members of Strategies: one per
// symmetry.
const maxSymmetries = 9

// Race searches for one pattern that solves p with several members side
// by side, each a Strategy: the problem whole with other seeds and
// encodings, and symmetric sub-problems whose answers are answers to p
// (see Strategies). It returns the first definitive outcome: a pattern
// found by any member, or "none exists" proved by a member that searched
// p whole. A restricted member that proves its sub-problem empty is
// replaced by the next strategy. The other members are stopped, and Race
// returns only when every member it started has returned.
//
// Every pattern is checked against p and s (Problem.Check) before Race
// returns it, whichever member found it; a member's answer that fails the
// check is an error. A member's error ends the race with that error.
// Settings.Solutions is read as 1, and Settings.Progress, when set, hears
// every member's reports, each prefixed "member K: ", one at a time.
//
// ctx is passed to every member; when it ends, Race stops them and
// returns a Result with status logic.Unknown and ctx.Err().
func Race(ctx context.Context, p Problem, s *Settings, opt *RaceOptions) (*Result, error) {
	var o RaceOptions
	if opt != nil {
		o = *opt
	}
	set := s.orDefaults()
	set.Solutions = 1
	// A problem that no member could search is one error, not a member's.
	su, err := newSetup(p, &set)
	if err != nil {
		return nil, err
	}
	in, err := encode(ctx, su, nil, sizeOnly, formulaSize{})
	if err == nil {
		err = p.fits(set, true, in.size)
	}
	if err != nil {
		return nil, err
	}
	jobs := o.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	sz := in.size
	jobs = jobsThatFit(jobs, set.memory(), logic.Footprint(set.Solver, int(sz.vars), int(sz.clauses), int(sz.lits)))
	member := o.Member
	if member == nil {
		member = func(ctx context.Context, _ int, st Strategy) (*Result, error) {
			return Search(ctx, st.Problem, &st.Settings)
		}
	}
	strategies := Strategies(p, &set, jobs+2*maxSymmetries)
	share := set.memory() / int64(jobs)
	var progress sync.Mutex // the members' reports, one at a time
	type ending struct {
		k   int
		res *Result
		err error
	}
	ctx, cancel := context.WithCancel(ctx)
	ends := make(chan ending)
	if set.ProofDir != "" {
		defer removeMemberProofs(set.ProofDir)
	}
	running, next := 0, 0
	defer func() { // every member returns before Race does
		cancel()
		for ; running > 0; running-- {
			<-ends
		}
	}()
	start := func() {
		k, st := next, strategies[next]
		next++
		st.Settings.MaxMemory = share
		if set.ProofDir != "" {
			// Each member's proof apart; the answer's is moved up.
			st.Settings.ProofDir = memberProofDir(set.ProofDir, k)
		}
		if report := set.Progress; report != nil {
			st.Settings.Progress = func(pr Progress) {
				progress.Lock()
				defer progress.Unlock()
				pr.Raced, pr.Member = true, k
				report(pr)
			}
		}
		running++
		go func() {
			res, err := member(ctx, k, st)
			ends <- ending{k, res, err}
		}()
	}
	for next < len(strategies) && next < jobs {
		start()
	}
	for running > 0 {
		e := <-ends
		running--
		st := strategies[e.k]
		if o.Ended != nil {
			o.Ended(e.k, st, e.res, e.err)
		}
		switch {
		case ctx.Err() != nil:
			return &Result{Status: logic.Unknown}, ctx.Err()
		case e.err != nil:
			return nil, fmt.Errorf("lifesat: race member %d (%s): %w", e.k, st, e.err)
		case e.res == nil:
			return nil, fmt.Errorf("lifesat: race member %d (%s) returned no result", e.k, st)
		case e.res.Status == logic.Sat:
			if len(e.res.Patterns) == 0 {
				return nil, fmt.Errorf("lifesat: race member %d (%s) found a pattern but returned none", e.k, st)
			}
			pats := make([]*Pattern, len(e.res.Patterns))
			for i, pat := range e.res.Patterns {
				un, err := st.Problem.Unroll(pat, p.gens(), &st.Settings)
				if err != nil {
					return nil, fmt.Errorf("lifesat: race member %d (%s): %w", e.k, st, err)
				}
				if err := su.check(un); err != nil {
					return nil, fmt.Errorf("lifesat: internal error: the answer of race member %d (%s) fails verification: %w", e.k, st, err)
				}
				pats[i] = un
			}
			res := *e.res
			res.Patterns = pats[:1]
			res.Exhausted = false
			return &res, nil
		case e.res.Status == logic.Unsat && !st.Restricted:
			if set.ProofDir != "" {
				if err := adoptProof(set.ProofDir, memberProofDir(set.ProofDir, e.k)); err != nil {
					return nil, err
				}
			}
			return e.res, nil
		}
		if next < len(strategies) {
			start()
		}
	}
	return nil, errors.New("lifesat: race: no member answered")
}

// JobsThatFit is jobs, or fewer when the members' formulas would not fit
// the settings' memory budget side by side (each gets its share); at
// least 1. The whole problem is the largest member. Race runs that many.
func JobsThatFit(p Problem, s *Settings, jobs int) int {
	su, err := newSetup(p, s)
	if err != nil {
		return max(1, jobs) // the search itself reports what is wrong
	}
	need, err := su.memory()
	if err != nil {
		return max(1, jobs)
	}
	return jobsThatFit(jobs, su.set.memory(), need)
}

// jobsThatFit is jobs, or as many searches that need need bytes each as
// fit in budget; at least 1.
func jobsThatFit(jobs int, budget, need int64) int {
	if need <= 0 {
		return max(1, jobs)
	}
	return max(1, min(jobs, int(budget/need)))
}

// String says what the member searches: "the D4+ sub-problem, seed 4,
// direct encoding".
func (st Strategy) String() string {
	what := "the whole problem"
	switch {
	case st.Restricted && st.Problem.Transform != life.Id:
		what = fmt.Sprintf("the %v sub-problem", Motion{st.Problem.period(), st.Problem.Transform, st.Problem.Shift})
	case st.Restricted:
		what = "the " + string(st.Problem.Symmetry) + " sub-problem"
	}
	enc := st.Settings.Encoding
	if enc == "" {
		enc = DefaultEncoding
	}
	return fmt.Sprintf("%s, seed %d, %s encoding", what, st.Settings.Seed, enc)
}

// Unroll returns generations 0..n-1 of pat's evolution, an answer of p,
// each a board of the box: pat's own phases, and past them its phases
// moved by the period's motion, on the plane of p under the settings'
// rule. A member of a Race that searched a motion's sub-problem (half
// the generations of a flipping oscillator) answers with fewer phases
// than the whole problem's; Unroll gives the whole problem's. It is an
// error when a generation has cells outside the box.
func (p Problem) Unroll(pat *Pattern, n int, s *Settings) (*Pattern, error) {
	if len(pat.Phases) == n {
		return pat, nil
	}
	set := s.orDefaults()
	r := set.Rule
	if r.Partial() {
		r = r.Min() // the plane outside the box is the same in its range
	}
	su, err := newSetup(p, &Settings{Rule: r})
	if err != nil {
		return nil, err
	}
	bg := su.bg
	if len(pat.Phases) != p.gens() {
		return nil, fmt.Errorf("lifesat: pattern has %d phases, want %d", len(pat.Phases), p.gens())
	}
	out := &Pattern{Rule: pat.Rule, Phases: make([]*life.Board, n)}
	for g := range n {
		out.Phases[g] = p.planeOf(pat, bg, g, p.Box())
		if !p.reach(g).In(p.Box()) {
			// Its cells that left the box must be background.
			moved := p.planeOf(pat, bg, g, p.reach(g))
			back := bg.Window(nil, g, p.reach(g))
			for y := range moved.Height() {
				for x := range moved.Width() {
					c := p.reach(g).Min.Add(image.Pt(x, y))
					if !c.In(p.Box()) && moved.Alive(x, y) != back.Alive(x, y) {
						return nil, fmt.Errorf("lifesat: generation %d of the pattern has a cell at (%d,%d), outside the box", g, c.X, c.Y)
					}
				}
			}
		}
	}
	return out, nil
}

// memberProofDir is where race member k writes its proof, within dir.
func memberProofDir(dir string, k int) string {
	return filepath.Join(dir, fmt.Sprintf(".member-%d", k))
}

// adoptProof moves the proof of the member that answered, in from, into
// dir: the race's proof.
func adoptProof(dir, from string) error {
	for _, name := range []string{drat.DRATFile, drat.LRATFile} {
		os.Remove(filepath.Join(dir, name)) // an earlier race's
	}
	for _, name := range []string{drat.FormulaFile, drat.DRATFile, drat.LRATFile} {
		err := os.Rename(filepath.Join(from, name), filepath.Join(dir, name))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("lifesat: proof: %w", err)
		}
	}
	return nil
}

// removeMemberProofs removes what the members left in dir: the proofs of
// members that did not answer, and their unfinished files.
func removeMemberProofs(dir string) {
	ms, _ := filepath.Glob(filepath.Join(dir, ".member-*"))
	for _, m := range ms {
		os.RemoveAll(m)
	}
}
