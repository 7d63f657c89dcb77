package bench

import (
	"context"
	"fmt"
	"image"
	"runtime"
	"strings"
	"syscall"
	"time"

	"gonum.org/v1/plot"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/apgcode"
	"github.com/lifesat/lifesat/lifesat/grow"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/lifeplot"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rle"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// Width cases run a width-bounded search (package grow, "lifesat ship
// -width W") for Case.Grow, one run each; the frontier suite's. The row's
// status is the search's, verified when the ship found has the apgcode
// Case.Want (a search with MaxLength that ends without a ship, "none
// fits", is verified as well: it is the proof asked for); its value says
// the ship's code, the depth, the partials kept, the solver calls and the
// process's CPU time.
const Width = "width"

// WidthSolver names the rows of Width cases.
const WidthSolver = "lifesat grow"

// WidthTables is the encoding of a Width row searched on the rows'
// tables alone, without the solver.
const WidthTables = "rows, tables only"

// A Target is a known ship of the frontier suite, cited: its pattern as
// its source draws it, from which the suite takes its speed, the width of
// the strip its generations sweep, its symmetry, the smallest box that
// holds a period of it (LLS's search), and its apgcode.
type Target struct {
	Name, Source string
	RLE          string
	// Sym is the symmetry the width-bounded search of it asks.
	Sym grow.Sym
}

// FrontierTargets are the ships of issue 39: the smallest 2c/5 ship, the
// smallest c/4 orthogonal ship, the loafer and the smallest c/6
// orthogonal ship; and the copperhead, the first c/10 orthogonal ship,
// found by a width-bounded search in 2016.
func FrontierTargets() []Target {
	return []Target{
		{Name: "30P5H2V0", Source: "Life Lexicon, 30P5H2V0: the smallest known 2c/5 spaceship, 30 cells, Paul Tooke 2000 (LifeWiki 30P5H2V0)",
			RLE: "x = 13, y = 11, rule = B3/S23\n4bo$3b3o$2b2ob2o2$bobobobo2bo$2o3bo3b3o$2o3bo6bo$10bobo$8bobo$9bo2bo$12bo!", Sym: grow.Asym},
		{Name: "37P4H1V0", Source: "LifeWiki, c/4 orthogonal: 37P4H1V0, Josh Ball 2012, the smallest known c/4 orthogonal spaceship (conwaylife.com/patterns/37p4h1v0.rle)",
			RLE: "x = 19, y = 12, rule = B3/S23\nbo$bo8bo$obo5bo3bo$8bo3b2o$5bob2o5b2o$b6o2bo6bo$2b2o6bo3b3o$10bo3bob2o$13bo$18bo$17bo$17bo!", Sym: grow.Asym},
		{Name: "loafer", Source: "LifeWiki, Loafer: c/7, 20 cells, Josh Ball 2013, apgcode xq7_3nw17862z6952",
			RLE: "x = 9, y = 9, rule = B3/S23\nb2o2bob2o$o2bo2b2o$bobo$2bo$8bo$6b3o$5bo$6bo$7b2o!", Sym: grow.Asym},
		{Name: "56P6H1V0", Source: "Life Lexicon, 56P6H1V0: the smallest known c/6 orthogonal spaceship, 56 cells, Hartmut Holzwart 2009 (LifeWiki, c/6 orthogonal)",
			RLE: "x = 26, y = 12, rule = B3/S23\n5b3o10b3o5b$3obo7b2o7bob3o$4bo3bo2bo2bo2bo3bo4b$4bo5bo4bo5bo4b$10b2o2b2o10b$7bo3bo2bo3bo7b$7bobo6bobo7b$8b10o8b$10bo4bo10b$8bo8bo8b$7bo10bo7b$8bo8bo!", Sym: grow.Even},
		{Name: "copperhead", Source: "zdr, \"is this c/10 spaceship known?\", ConwayLife.com forums, 5 March 2016 (viewtopic.php?f=2&t=2057): the first c/10 orthogonal ship, as posted, found by zdr's zfind (LifeWiki, Copperhead)",
			RLE: "x = 10, y = 13, rule = B3/S23\n4b2o$3b4o2$2b6o$3b4o2$2b2o2b2o$2obo2bob2o$3bo2bo3$4b2o$4b2o!", Sym: grow.Even},
	}
}

// A TargetShip is what the suite reads off a Target by simulation.
type TargetShip struct {
	Code string
	// Period and Shift: it moves Shift every Period generations.
	Period int
	Shift  image.Point
	// Width is the strip its generations sweep across its motion; Box the
	// smallest box that holds Period consecutive generations (width
	// across the motion, as lifesat.Spaceship takes it).
	Width int
	Box   image.Point
}

// Ship simulates the target's pattern on the plane: its apgcode, its
// motion, its strip and its smallest box.
func (t Target) Ship() (TargetShip, error) {
	f, err := rle.Read(strings.NewReader(t.RLE))
	if err != nil {
		return TargetShip{}, fmt.Errorf("bench: %s: %w", t.Name, err)
	}
	ctx := context.Background()
	obj, err := apgcode.Identify(ctx, f.Board, rule.Life, nil)
	if err != nil {
		return TargetShip{}, fmt.Errorf("bench: %s: %w", t.Name, err)
	}
	ts := TargetShip{Code: obj.Code.String(), Period: obj.Period, Shift: obj.Shift}
	cur, at := f.Board, image.Point{}
	var boxes []image.Rectangle
	for range 2 * obj.Period {
		boxes = append(boxes, cur.BoundingBox().Add(at))
		next, off, err := life.Plane(ctx, cur, rule.Life, 1)
		if err != nil {
			return TargetShip{}, err
		}
		cur, at = next, at.Add(off)
	}
	vertical := obj.Shift.X == 0
	u := boxes[0]
	for _, b := range boxes {
		u = u.Union(b)
	}
	ts.Width = u.Dx()
	if !vertical {
		ts.Width = u.Dy()
	}
	length := 1 << 30
	for t0 := range obj.Period {
		v := boxes[t0]
		for _, b := range boxes[t0 : t0+obj.Period] {
			v = v.Union(b)
		}
		if vertical {
			length = min(length, v.Dy())
		} else {
			length = min(length, v.Dx())
		}
	}
	ts.Box = image.Pt(ts.Width, length)
	return ts, nil
}

// frontierCases are the frontier suite's cases: first the c/4
// orthogonal ship in a 9x12 box, both ways round, by the search with the
// length bounded and a lookahead of 16 rows (the strip 9 wide at most
// proofCap, 12 wide at most 10 minutes), by LLS (llsCap at most) and by
// the depth-first search on the tables alone (as long as the first); then
// each target by the width-bounded search (10 minutes at most), LLS in
// the target's smallest box beside it, and the depth-first search (10
// minutes at most).
func frontierCases(llsCap, proofCap time.Duration) []Case {
	var cases []Case
	for _, wl := range [][3]int{{9, 12, int(proofCap / time.Minute)}, {12, 9, 10}} {
		box := lifesat.Spaceship(4, 0, 1, wl[0], wl[1])
		cases = append(cases,
			Case{Kind: Width, Problem: box, Grow: &grow.Problem{Period: 4, Shift: 1, Width: wl[0], MaxLength: wl[1]}, GrowLookahead: 16, Label: "c/4 9x12",
				Timeout: time.Duration(wl[2]) * time.Minute},
			Case{Kind: LLS, Problem: box, Solver: "cadical", Label: "c/4 9x12", Timeout: llsCap},
			Case{Kind: Width, Problem: box, Grow: &grow.Problem{Period: 4, Shift: 1, Width: wl[0], MaxLength: wl[1]}, GrowLookahead: -1, GrowDepthFirst: true, Label: "c/4 9x12",
				Timeout: time.Duration(wl[2]) * time.Minute})
	}
	for _, t := range FrontierTargets() {
		ts, err := t.Ship()
		if err != nil {
			panic(err) // the targets are constants, read by the tests
		}
		k := max(ts.Shift.X, -ts.Shift.X, ts.Shift.Y, -ts.Shift.Y)
		box := lifesat.Spaceship(ts.Period, 0, k, ts.Box.X, ts.Box.Y)
		cases = append(cases,
			Case{Kind: Width, Problem: box, Grow: &grow.Problem{Period: ts.Period, Shift: k, Width: ts.Width, Sym: t.Sym}, Want: ts.Code, Label: t.Name, Timeout: 10 * time.Minute},
			Case{Kind: LLS, Problem: box, Solver: "cadical", Label: t.Name, Timeout: llsCap},
			Case{Kind: Width, Problem: box, Grow: &grow.Problem{Period: ts.Period, Shift: k, Width: ts.Width, Sym: t.Sym}, GrowLookahead: -1, GrowDepthFirst: true, Want: ts.Code, Label: t.Name, Timeout: 10 * time.Minute})
	}
	return cases
}

// widthName is a Width case's row name: the target's name and the
// search, "loafer: c/7 ship, width 10", ", depth first" after it for a
// depth-first search.
func widthName(c Case) string {
	if c.GrowDepthFirst {
		return c.Label + ": " + c.Grow.String() + ", depth first"
	}
	return c.Label + ": " + c.Grow.String()
}

// cpuTime is the CPU time (user and system) of this process, and of its
// children that were waited for.
func cpuTime() time.Duration {
	var self, children syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &children)
	tv := func(t syscall.Timeval) time.Duration { return time.Duration(t.Nano()) }
	return tv(self.Utime) + tv(self.Stime) + tv(children.Utime) + tv(children.Stime)
}

// runWidth runs a Width case once.
func runWidth(ctx context.Context, c Case, timeout time.Duration) Row {
	runtime.GC()
	look := c.GrowLookahead
	if look == 0 {
		look = grow.DefaultLookahead(c.Grow.Period)
	}
	enc := fmt.Sprintf("rows, lookahead %d", look)
	if look < 0 {
		enc = WidthTables
	}
	if c.GrowDepthFirst {
		enc += ", depth first"
	}
	r := Row{Problem: c.Name(), Side: c.Grow.Width, Period: c.Grow.Period, Encoding: enc,
		Solver: WidthSolver, Seed: 1, Status: "ERROR"}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cpu, start := cpuTime(), time.Now()
	res, err := grow.Search(ctx, *c.Grow, &grow.Settings{Lookahead: look, DepthFirst: c.GrowDepthFirst})
	r.SolveMS = ms(time.Since(start))
	used := cpuTime() - cpu
	if err != nil {
		r.Value = err.Error()
		return r
	}
	st := res.Stats
	r.Status = res.Status.String()
	code := "none"
	switch res.Status {
	case logic.Sat:
		code = res.Ships[0].Code
		r.Verified = code == c.Want
	case logic.Unsat:
		r.Verified = c.Grow.MaxLength > 0
	}
	r.Value = fmt.Sprintf("%s; depth %d; %d partials; %d solver calls; cpu %.1f s", code, st.Depth, st.Nodes, st.Solves, used.Seconds())
	return r
}

// runLLSTimed is runLLS with the CPU time of LLS and its solver (its
// children, waited for) in the row's value.
func runLLSTimed(ctx context.Context, dir string, c Case, seed uint64, timeout time.Duration) Row {
	cpu := cpuTime()
	r := runLLS(ctx, dir, c, seed, timeout)
	if c.Label != "" {
		r.Problem = c.Label + ": " + r.Problem
		r.Value = strings.TrimSpace(fmt.Sprintf("%s cpu %.1f s", r.Value, (cpuTime() - cpu).Seconds()))
	}
	return r
}

// frontierFigure draws each target's time by the width-bounded search
// (breadth first with the solver or on the tables, depth first on the
// tables) and by LLS in its box, stopped runs filled.
var frontierFigure = Figure{Name: "times", Draw: func(rows []Row) (*plot.Plot, error) {
	var ts []lifeplot.Target
	index := map[string]int{}
	styles := legend{}
	for _, r := range rows {
		name, _, ok := strings.Cut(r.Problem, ": ")
		if !ok || r.Status == "ERROR" || !(seconds(r) > 0) {
			continue
		}
		i, seen := index[name]
		if !seen {
			i = len(ts)
			index[name] = i
			ts = append(ts, lifeplot.Target{Problem: name, Measured: map[string][]float64{}, Stopped: map[string][]float64{}})
		}
		series := styles.add(WidthSolver+" (strip), gophersat", "gophersat")
		switch {
		case r.Solver == LLSSolver:
			series = styles.add(LLSSolver+" (box)", LLSSolver)
		case strings.HasSuffix(r.Problem, ", depth first"):
			series = styles.add(WidthSolver+" (strip), depth first, tables", NoSolver)
		case r.Encoding == WidthTables:
			series = styles.add(WidthSolver+" (strip), breadth first, tables", WidthTables)
		}
		if stopped(r) {
			ts[i].Stopped[series] = append(ts[i].Stopped[series], seconds(r))
		} else {
			ts[i].Measured[series] = append(ts[i].Measured[series], seconds(r))
		}
	}
	return lifeplot.TargetPlot(ts, &lifeplot.TimingOptions{Title: "The frontier: ships by width-bounded search, and LLS in the smallest box",
		XLabel: "ship", Styles: styles})
}}

// GrowthStrip draws a ship growing: generation 0 of the partials it grew
// from, every step rows of the search's order, and the ship; found by
// the width-bounded search of p.
func GrowthStrip(ctx context.Context, p grow.Problem, step int) ([]*life.Board, grow.Ship, error) {
	res, err := grow.Search(ctx, p, nil)
	if err != nil {
		return nil, grow.Ship{}, err
	}
	if len(res.Ships) == 0 {
		return nil, grow.Ship{}, fmt.Errorf("bench: %v: no ship (%v)", p, res.Status)
	}
	sh := res.Ships[0]
	var boards []*life.Board
	for n := step; n < sh.Rows(); n += step {
		boards = append(boards, sh.Partial(n))
	}
	return append(boards, sh.Partial(sh.Rows())), sh, nil
}
