package plan

import (
	"context"
	"errors"
	"fmt"
	"image"
	"strconv"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/job"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// A Sweep is many independent searches: a problem and settings, and
// lists of values for some of their fields. Every combination of the
// lists' values is one task; an empty list leaves the field as the
// problem or settings have it.
type Sweep struct {
	Problem  lifesat.Problem
	Settings *lifesat.Settings

	Rules      []rule.Rule     // Settings.Rule: axis "rule"
	Sizes      []image.Point   // Problem.Width and Height: axis "size", "WxH"
	Periods    []int           // Problem.Period: axis "period"
	Shifts     []image.Point   // Problem.Shift: axis "shift", "(dx,dy)"
	Symmetries []life.Symmetry // Problem.Symmetry: axis "symmetry"
	// Templates replace Problem.Template, and the box with the
	// template's: axis "template", the template's place in the list.
	Templates []*tmpl.Template
	Seeds     []uint64 // Settings.Seed: axis "seed"

	// Limit bounds each task's search in processor time
	// (Header.LimitSeconds); 0 means no bound.
	Limit time.Duration
}

// MaxTasks is the largest number of tasks a plan may have.
const MaxTasks = 1 << 20

// Plan writes the sweep down as a manifest of kind KindSweep, one task
// per combination, the rules outermost and the seeds innermost. Each
// task is checked as lifesat would check it before a search (the
// problem's limits, the rule against the encoding): a combination that
// makes no search is an error that names it, and so is a search listed
// twice.
func (sw *Sweep) Plan() (*Manifest, error) {
	if len(sw.Templates) > 0 && len(sw.Sizes) > 0 {
		return nil, fmt.Errorf("%w: a sweep over templates takes each template's box: it cannot sweep sizes too", ErrPlan)
	}
	if sw.Limit < 0 {
		return nil, fmt.Errorf("%w: negative time limit", ErrPlan)
	}
	if sw.Settings != nil && sw.Settings.ProofDir != "" {
		return nil, fmt.Errorf("%w: Settings.ProofDir: a sweep's tasks write no proofs (a split's do: SplitOptions.Proofs)", ErrPlan)
	}
	// An axis is a name and its values, each a change to the search.
	type value struct {
		label string
		apply func(p *lifesat.Problem, s *lifesat.Settings)
	}
	type axis struct {
		name   string
		values []value
	}
	var axes []axis
	add := func(name string, n int, v func(i int) value) {
		if n == 0 {
			return
		}
		a := axis{name: name}
		for i := range n {
			a.values = append(a.values, v(i))
		}
		axes = append(axes, a)
	}
	add("rule", len(sw.Rules), func(i int) value {
		r := sw.Rules[i]
		return value{r.String(), func(_ *lifesat.Problem, s *lifesat.Settings) { s.Rule = r }}
	})
	add("size", len(sw.Sizes), func(i int) value {
		sz := sw.Sizes[i]
		return value{fmt.Sprintf("%dx%d", sz.X, sz.Y), func(p *lifesat.Problem, _ *lifesat.Settings) { p.Width, p.Height = sz.X, sz.Y }}
	})
	add("period", len(sw.Periods), func(i int) value {
		per := sw.Periods[i]
		return value{strconv.Itoa(per), func(p *lifesat.Problem, _ *lifesat.Settings) { p.Period = per }}
	})
	add("shift", len(sw.Shifts), func(i int) value {
		d := sw.Shifts[i]
		return value{fmt.Sprintf("(%d,%d)", d.X, d.Y), func(p *lifesat.Problem, _ *lifesat.Settings) { p.Shift = d }}
	})
	add("symmetry", len(sw.Symmetries), func(i int) value {
		sym := sw.Symmetries[i]
		return value{string(sym), func(p *lifesat.Problem, _ *lifesat.Settings) { p.Symmetry = sym }}
	})
	add("template", len(sw.Templates), func(i int) value {
		t := sw.Templates[i]
		return value{strconv.Itoa(i), func(p *lifesat.Problem, _ *lifesat.Settings) {
			p.Template = t
			if t != nil {
				p.Width, p.Height = t.Width, t.Height
			}
		}}
	})
	add("seed", len(sw.Seeds), func(i int) value {
		seed := sw.Seeds[i]
		return value{strconv.FormatUint(seed, 10), func(_ *lifesat.Problem, s *lifesat.Settings) { s.Seed = seed }}
	})
	total := 1
	for _, a := range axes {
		if total > MaxTasks/len(a.values) {
			return nil, fmt.Errorf("%w: the sweep has more than %d tasks", ErrPlan, MaxTasks)
		}
		total *= len(a.values)
	}
	m := &Manifest{Header: Header{Kind: KindSweep, Answer: AnswerAll, LimitSeconds: sw.Limit.Seconds()}}
	for _, a := range axes {
		m.Header.Axes = append(m.Header.Axes, a.name)
	}
	seen := map[string]int{}
	for n := range total {
		p := sw.Problem
		var s lifesat.Settings
		if sw.Settings != nil {
			s = *sw.Settings
		}
		s.Progress = nil
		labels := map[string]string{}
		k := n
		for i := len(axes) - 1; i >= 0; i-- { // the last axis varies fastest
			a := axes[i]
			v := a.values[k%len(a.values)]
			k /= len(a.values)
			v.apply(&p, &s)
			labels[a.name] = v.label
		}
		sp, mem, err := checked(p, &s)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %w", ErrPlan, labelText(m.Header.Axes, labels), err)
		}
		id := specID(sp)
		if j, ok := seen[id]; ok {
			return nil, fmt.Errorf("%w: %s is the same search as %s", ErrPlan, labelText(m.Header.Axes, labels), labelText(m.Header.Axes, m.Tasks[j].Labels))
		}
		seen[id] = len(m.Tasks)
		m.Header.MemoryBytes = max(m.Header.MemoryBytes, mem)
		if len(labels) == 0 {
			labels = nil
		}
		m.Tasks = append(m.Tasks, Task{Labels: labels, Spec: *sp})
	}
	m.Seal()
	return m, nil
}

// checked writes p and s down as a spec, reads the spec back and sizes
// its formula, so that a task that could not run fails when it is
// planned. It returns the spec and the search's memory estimate.
func checked(p lifesat.Problem, s *lifesat.Settings) (*job.Spec, int64, error) {
	sp, err := job.New(p, s)
	if err != nil {
		return nil, 0, err
	}
	q, set, err := sp.Search()
	var nf *logic.NotFoundError
	if errors.As(err, &nf) { // not installed here: the machine that runs the task may have it
		q, set, err = search(sp)
	}
	if err != nil {
		return nil, 0, err
	}
	mem, err := lifesat.Memory(q, set)
	if err != nil {
		return nil, 0, err
	}
	return sp, mem, nil
}

// labelText is "rule B3/S23, size 8x8".
func labelText(axes []string, labels map[string]string) string {
	s := ""
	for _, a := range axes {
		if s != "" {
			s += ", "
		}
		s += a + " " + labels[a]
	}
	if s == "" {
		return "the task"
	}
	return s
}

// RulesIn lists every rule in the range of the partial rule r (see
// rule.Rule.Partial): each free class of transitions on or off, 2^k
// rules for k free classes, the first class's off first. A rule that is
// not partial is its own range. It refuses a range of more than max
// rules.
func RulesIn(r rule.Rule, max int) ([]rule.Rule, error) {
	var reps []rule.Neighbourhood
	seen := map[rule.Neighbourhood]bool{}
	for n := range rule.Neighbourhood(512) {
		if !r.Free(n) || seen[n] {
			continue
		}
		reps = append(reps, n)
		for _, m := range r.Class(n) {
			seen[m] = true
		}
	}
	if len(reps) > 30 || 1<<len(reps) > max {
		return nil, fmt.Errorf("%w: the range of %v has %d free classes, 2^%d rules: more than %d", ErrPlan, r, len(reps), len(reps), max)
	}
	rules := make([]rule.Rule, 0, 1<<len(reps))
	for mask := range 1 << len(reps) {
		rr := r
		for i, n := range reps {
			rr = rr.Fix(n, mask>>(len(reps)-1-i)&1 == 1)
		}
		rules = append(rules, rr)
	}
	return rules, nil
}

// SplitOptions tune Split. A nil *SplitOptions means the defaults.
type SplitOptions struct {
	CutOptions
	// Limit bounds each task's search in processor time
	// (Header.LimitSeconds); 0 means no bound.
	Limit time.Duration
	// Resplit is how many sub-cubes a task that reaches Limit without
	// an answer cuts its cube into (Header.Resplit); 0 means 4, and a
	// negative number none: the limit is final.
	Resplit int
	// Proofs asks every task whose cube has no answer for the clausal
	// proof of it, in ProofFormat (Header.Proofs): the split's solver
	// must write proofs (logic.Prover).
	Proofs      bool
	ProofFormat logic.ProofFormat
}

// Split cuts the search for one answer of p under s into cubes (Cut)
// and writes it down as a manifest of kind KindSplit: one task per cube,
// the whole search with the cube's cells known. s.Solutions is read as
// 1: a split stops at its first answer.
func Split(ctx context.Context, p lifesat.Problem, s *lifesat.Settings, opt *SplitOptions) (*Manifest, error) {
	var o SplitOptions
	if opt != nil {
		o = *opt
	}
	if o.Limit < 0 {
		return nil, fmt.Errorf("%w: negative time limit", ErrPlan)
	}
	var set lifesat.Settings
	if s != nil {
		set = *s
	}
	set.Solutions, set.Progress = 0, nil
	whole, _, err := checked(p, &set)
	if err != nil {
		return nil, err
	}
	if set.ProofDir != "" {
		return nil, fmt.Errorf("%w: Settings.ProofDir: a split's tasks write their proofs beside their results (SplitOptions.Proofs)", ErrPlan)
	}
	if o.Proofs {
		if err := logic.CanProve(set.Solver, o.ProofFormat); err != nil {
			return nil, fmt.Errorf("%w: proofs: %w", ErrPlan, err)
		}
	}
	cubes, st, err := Cut(ctx, p, &set, &o.CutOptions)
	if err != nil {
		return nil, err
	}
	m := &Manifest{Header: Header{Kind: KindSplit, Answer: AnswerFirst, Axes: []string{"cube"},
		LimitSeconds: o.Limit.Seconds(), Whole: whole, Cut: st}}
	if o.Proofs {
		m.Header.Proofs = o.ProofFormat.String()
	}
	switch {
	case o.Limit == 0 || o.Resplit < 0:
	case o.Resplit == 0:
		m.Header.Resplit = 4
	case o.Resplit == 1 || o.Resplit > MaxResplit:
		return nil, fmt.Errorf("%w: a cube re-splits into 2 to %d sub-cubes, not %d", ErrPlan, MaxResplit, o.Resplit)
	default:
		m.Header.Resplit = o.Resplit
	}
	for _, c := range cubes {
		q := p
		q.Known = append(append([]lifesat.KnownCell(nil), p.Known...), c...)
		sp, mem, err := checked(q, &set)
		if err != nil {
			return nil, err
		}
		m.Header.MemoryBytes = max(m.Header.MemoryBytes, mem)
		m.Tasks = append(m.Tasks, Task{Labels: map[string]string{"cube": CubeText(c)}, Spec: *sp})
	}
	m.Seal()
	return m, nil
}

// CubeText writes a cube's cells as "t,x,y=O" (alive) or "t,x,y=."
// (dead), separated by spaces: "0,4,4=O 0,5,4=.".
func CubeText(c Cube) string {
	s := ""
	for i, k := range c {
		if i > 0 {
			s += " "
		}
		st := "."
		if k.Alive {
			st = "O"
		}
		s += fmt.Sprintf("%d,%d,%d=%s", k.Gen, k.X, k.Y, st)
	}
	return s
}
