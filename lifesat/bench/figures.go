package bench

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/lifeplot"
	"github.com/lifesat/lifesat/lifesat/plan"
)

// A Figure draws a suite's rows.
type Figure struct {
	Name string // the file is plots/bench-<suite>-<name>.png
	Draw func(rows []Row) (*plot.Plot, error)
}

// WritePlots draws the suite's figures from rows into dir as PNG files and
// returns their paths.
func WritePlots(s Suite, rows []Row, dir string) ([]string, error) {
	var paths []string
	for _, f := range s.Plots {
		p, err := f.Draw(rows)
		if err != nil {
			return paths, fmt.Errorf("bench: figure %s: %w", f.Name, err)
		}
		path := filepath.Join(dir, "bench-"+s.Name+"-"+f.Name+".png")
		file, err := os.Create(path)
		if err != nil {
			return paths, err
		}
		err = lifeplot.WritePNG(file, p, 8*vg.Inch, 4.5*vg.Inch)
		if cerr := file.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return paths, err
		}
		paths = append(paths, path)
	}
	return paths, nil
}

// Anchors and derived series, named as the figures' legends name them.
const (
	// BlogAnchor is the Mathematica blog's times (2018), in
	// shared/seeds/mathematica-still-life-blog.txt.
	BlogAnchor = "Mathematica blog (2018)"
	// BoschAnchor is Bosch's CPLEX times, SIAM Review 41(3), 1999, Table
	// 1, formulation IP2 (shared/seeds/bosch-integer-programming-life.txt).
	BoschAnchor = "CPLEX 1999 (Bosch, IP2)"
	// PairSeries is the portfolio figure's race of two seeds: the faster
	// of two single searches, as two diversified members on two cores
	// would give it.
	PairSeries = "faster of seeds s and s+1"
	// NoMotions is the races suite's portfolio without its motion members
	// (Case.NoMotions), set beside the whole portfolio.
	NoMotions = "race without its motion members"
)

// Okabe and Ito's colours, which readers with the common colour-vision
// deficiencies still tell apart, and three more.
var (
	vermillion = color.RGBA{0xD5, 0x5E, 0x00, 0xFF}
	blue       = color.RGBA{0x00, 0x72, 0xB2, 0xFF}
	green      = color.RGBA{0x00, 0x9E, 0x73, 0xFF}
	purple     = color.RGBA{0xCC, 0x79, 0xA7, 0xFF}
	orange     = color.RGBA{0xE6, 0x9F, 0x00, 0xFF}
	sky        = color.RGBA{0x56, 0xB4, 0xE9, 0xFF}
	black      = color.RGBA{0x00, 0x00, 0x00, 0xFF}
	brown      = color.RGBA{0x8C, 0x56, 0x4B, 0xFF}
	grey       = color.RGBA{0x77, 0x77, 0x77, 0xFF}
	olive      = color.RGBA{0x80, 0x80, 0x00, 0xFF}
)

// styles are the fixed styles of Style.
var styles = map[string]lifeplot.Style{
	"gophersat":            {Color: vermillion, Glyph: lifeplot.Ring},
	"cadical":              {Color: blue, Glyph: lifeplot.Triangle},
	"gini":                 {Color: green, Glyph: lifeplot.Square},
	RaceSolver:             {Color: purple, Glyph: lifeplot.Diamond},
	NoMotions:              {Color: purple, Glyph: lifeplot.Ring},
	LLSSolver:              {Color: orange, Glyph: lifeplot.TriangleDown},
	NoSolver:               {Color: sky, Glyph: lifeplot.Pentagon},
	WastageProgram:         {Color: green, Glyph: lifeplot.Pentagon},
	BlogAnchor:             {Color: black, Glyph: lifeplot.Cross},
	BoschAnchor:            {Color: black, Glyph: lifeplot.Plus},
	PairSeries:             {Color: olive, Glyph: lifeplot.Diamond},
	CBCSolver:              {Color: brown, Glyph: lifeplot.Triangle},
	string(lifesat.Direct): {Color: brown, Glyph: lifeplot.Ring},
	string(lifesat.Knuth):  {Color: grey, Glyph: lifeplot.Square},
	WidthTables:            {Color: green, Glyph: lifeplot.Diamond},
}

// Style is the colour and glyph of a series in every figure of every
// suite, by what it measures: a row's Solver (gophersat, gini, cadical,
// RaceSolver, LLSSolver, NoSolver for the row program and the transfer
// matrix), WastageProgram (package density's row program, set beside
// the plain one), WidthTables (the width-bounded search on its tables), an anchor (BlogAnchor, BoschAnchor), PairSeries, or an
// encoding where the encodings are compared. No two names share both
// colour and glyph. ok is false for any other name.
func Style(name string) (st lifeplot.Style, ok bool) {
	st, ok = styles[name]
	return st, ok
}

// legend collects the styles of a figure's series: each label drawn in
// the style of what it measures.
type legend map[string]lifeplot.Style

// add gives label the style of name, and returns label.
func (l legend) add(label, name string) string {
	if st, ok := Style(name); ok {
		l[label] = st
	}
	return label
}

// llsBefore names LLS's times measured on the project's machine before,
// which the figures show when the suite ran without LLS.
const llsBefore = "LLS M1 + cadical, before"

// sample is the row r as a sample at x of the series label, drawn in the
// style of name: filled when it was stopped.
func (l legend) sample(label, name string, x float64, r Row) lifeplot.Sample {
	return lifeplot.Sample{Series: l.add(label, name), X: x, Seconds: seconds(r), Stopped: stopped(r)}
}

// label names a row's series: what ran, as the command would run it.
func label(r Row) string {
	switch r.Solver {
	case RaceSolver:
		return "lifesat race, " + r.Encoding
	case LLSSolver:
		return LLSSolver
	case NoSolver:
		return "lifesat " + r.Encoding
	}
	return "lifesat -jobs 1, " + r.Solver
}

// seconds is a row's total time.
func seconds(r Row) float64 { return (r.EncodeMS + r.SolveMS) / 1000 }

// timed keeps the rows that finished with an answer or were stopped at
// their time limit, with a time to draw.
func timed(rows []Row, keep func(Row) bool) []Row {
	var out []Row
	for _, r := range rows {
		if (done(r) || stopped(r)) && seconds(r) > 0 && keep(r) {
			out = append(out, r)
		}
	}
	return out
}

// done tells the runs that finished with an answer.
func done(r Row) bool { return r.Status == "SAT" || r.Status == "UNSAT" || r.Status == "OPTIMAL" }

func isStill(r Row) bool { return strings.HasPrefix(r.Problem, "still life ") }

// stopped tells the runs stopped at their time limit.
func stopped(r Row) bool { return r.Status == "UNKNOWN" }

var blogFigure = Figure{Name: "still-lifes", Draw: func(rows []Row) (*plot.Plot, error) {
	var s []lifeplot.Sample
	styles := legend{}
	for _, r := range timed(rows, isStill) {
		s = append(s, styles.sample(label(r), r.Solver, float64(r.Side), r))
	}
	// The blog's own times (shared/seeds/mathematica-still-life-blog.txt),
	// two measurements and no series: points, no line between them.
	blog := styles.add(BlogAnchor, BlogAnchor)
	s = append(s, lifeplot.Sample{Series: blog, X: 16, Seconds: 2.7}, lifeplot.Sample{Series: blog, X: 64, Seconds: 46})
	return lifeplot.TimingPlot(s, &lifeplot.TimingOptions{Title: "A still life in an n x n box (direct encoding): a point per seed, a line through lifesat's medians",
		XLabel: "box side n", Styles: styles, PointsOnly: []string{blog}})
}}

// blogTargets are the columns of the blog suite's targets figure: the
// speed targets of its problems, and what the same search took elsewhere
// (the blog post in shared/seeds/mathematica-still-life-blog.txt: 11 s
// for p2 and 14 minutes for p3, both unrestricted; logic-life-search's
// glider time measured on the project's machine). Rows with symmetry are
// columns of their own, set beside no anchor.
var blogTargets = []struct {
	label, problem string
	encode         bool // the target is the encoding time
	target, anchor float64
	anchorName     string
	anchorStyle    string // the Style name of the anchor
}{
	{"still\n16x16", "still life 16x16", false, 0.05, 2.7, BlogAnchor, BlogAnchor},
	{"still\n64x64", "still life 64x64", false, 1, 46, BlogAnchor, BlogAnchor},
	{"still\n128x128", "still life 128x128", false, 8, 0, "", ""},
	{"encode\n128x128", "still life 128x128", true, 0.1, 0, "", ""},
	{"p2\n16x16", "oscillator p2 16x16", false, 1, 11, BlogAnchor, BlogAnchor},
	{"p3\n16x16", "oscillator p3 16x16", false, 20, 14 * 60, BlogAnchor, BlogAnchor},
	{"p3\n16x16\nD8", "oscillator p3 16x16 D8", false, 0, 0, "", ""},
	{"p3\n8x8", "oscillator p3 8x8", false, 0, 0, "", ""},
	{"glider\n5x5", "spaceship p4 (1,1) 5x5", false, 0.1, 1.3, llsBefore, LLSSolver},
}

var targetsFigure = Figure{Name: "targets", Draw: func(rows []Row) (*plot.Plot, error) {
	var ts []lifeplot.Target
	styles := legend{}
	for _, b := range blogTargets {
		t := lifeplot.Target{Problem: b.label, Measured: map[string][]float64{}, Stopped: map[string][]float64{},
			Target: b.target, Anchor: b.anchor, AnchorName: styles.add(b.anchorName, b.anchorStyle)}
		for _, r := range rows {
			if r.Problem != b.problem {
				continue
			}
			sec := seconds(r)
			if b.encode {
				sec = r.EncodeMS / 1000
			}
			name := styles.add(label(r), r.Solver)
			switch {
			case stopped(r) && !b.encode:
				t.Stopped[name] = append(t.Stopped[name], sec)
			case done(r) && sec > 0:
				t.Measured[name] = append(t.Measured[name], sec)
			}
		}
		ts = append(ts, t)
	}
	return lifeplot.TargetPlot(ts, &lifeplot.TimingOptions{Title: "The blog's problems: lifesat, a point per seed, against the targets", Styles: styles})
}}

var encodingTimesFigure = Figure{Name: "times", Draw: func(rows []Row) (*plot.Plot, error) {
	var s []lifeplot.Sample
	styles := legend{}
	for _, r := range timed(rows, isStill) {
		s = append(s, styles.sample(r.Encoding, r.Encoding, float64(r.Side), r))
	}
	return lifeplot.TimingPlot(s, &lifeplot.TimingOptions{Title: "Still life by encoding (lifesat -jobs 1, gophersat): a point per seed",
		XLabel: "box side n", Styles: styles})
}}

var encodingSizesFigure = Figure{Name: "sizes", Draw: func(rows []Row) (*plot.Plot, error) {
	var bars []lifeplot.SizeRow
	seen := map[string]bool{}
	for _, r := range rows {
		if isStill(r) && r.Side == 32 && !seen[r.Encoding] && r.Vars > 0 {
			seen[r.Encoding] = true
			cells := float64(r.Side * r.Side)
			bars = append(bars, lifeplot.SizeRow{Encoding: r.Encoding, Variables: float64(r.Vars) / cells, Clauses: float64(r.Clauses) / cells})
		}
	}
	return lifeplot.SizeBars(bars, &lifeplot.BarOptions{Title: "Formula size per cell, 32x32 still life", YLabel: "per cell"})
}}

var solverFigure = Figure{Name: "times", Draw: func(rows []Row) (*plot.Plot, error) {
	var s []lifeplot.Sample
	styles := legend{}
	for _, r := range timed(rows, isStill) {
		s = append(s, styles.sample(label(r), r.Solver, float64(r.Side), r))
	}
	return lifeplot.TimingPlot(s, &lifeplot.TimingOptions{Title: "Still life by solver (direct encoding): a point per seed",
		XLabel: "box side n", Styles: styles})
}}

var portfolioFigure = Figure{Name: "seeds", Draw: func(rows []Row) (*plot.Plot, error) {
	ok := timed(rows, func(Row) bool { return true })
	var s []lifeplot.Sample
	styles := legend{}
	for i, r := range ok {
		s = append(s, styles.sample(label(r), r.Solver, float64(r.Seed), r))
		// Two diversified searches raced on two cores finish when the
		// faster one does (stopped when both are).
		if i+1 < len(ok) {
			pair := r
			if next := ok[i+1]; seconds(next) < seconds(r) || stopped(r) && !stopped(next) {
				pair = next
			}
			s = append(s, styles.sample(PairSeries, PairSeries, float64(r.Seed), pair))
		}
	}
	return lifeplot.TimingPlot(s, &lifeplot.TimingOptions{Title: "Exact period-2 oscillator in 16x16, the blog's flips: time by seed",
		XLabel: "seed s", NoLines: true, Styles: styles})
}}

// hardColumns name the hard suite's problems as its figure's columns.
var hardColumns = []string{"p3\n16x16", "p3\n12x12", "p3\n16x16\nC4", "p3\n16x16\nD8", "p4\n8x8", "c/2 ship\n9x9"}

var hardFigure = Figure{Name: "times", Draw: func(rows []Row) (*plot.Plot, error) {
	ts := make([]lifeplot.Target, len(hardColumns))
	index := map[string]int{}
	for i, p := range HardProblems() {
		index[p.String()] = i + 1
		ts[i] = lifeplot.Target{Problem: hardColumns[i], Measured: map[string][]float64{}, Stopped: map[string][]float64{}}
	}
	styles := legend{}
	lls := false // LLS was measured with the suite
	for _, r := range rows {
		i := index[r.Problem]
		if i == 0 || r.Status == "ERROR" || !(seconds(r) > 0) {
			continue
		}
		name := styles.add(label(r), r.Solver)
		lls = lls || r.Solver == LLSSolver
		if stopped(r) {
			ts[i-1].Stopped[name] = append(ts[i-1].Stopped[name], seconds(r))
		} else {
			ts[i-1].Measured[name] = append(ts[i-1].Measured[name], seconds(r))
		}
	}
	// Without LLS rows (lifesat-bench -lls DIR), LLS M1 with cadical as
	// docs/speed.md records it for these searches.
	if !lls {
		name := styles.add(llsBefore, LLSSolver)
		for i, secs := range [][]float64{
			{9.1, 155.6, 29.2, 153.4, 32.9},
			{6.8, 35.8, 28.0, 7.4, 34.4},
			{0.93, 37.5, 1.75, 2.22, 13.5},
			{0.5},
			{36.5},
			{1.2},
		} {
			ts[i].Measured[name] = secs
		}
	}
	return lifeplot.TargetPlot(ts, &lifeplot.TimingOptions{Title: "Hard searches, one search each (no portfolio): a point per seed", Styles: styles})
}}

var maxFigure = Figure{Name: "times", Draw: func(rows []Row) (*plot.Plot, error) {
	var s []lifeplot.Sample
	styles := legend{}
	for _, r := range timed(rows, func(r Row) bool { return r.Status == "OPTIMAL" || stopped(r) }) {
		series := "lifesat SAT (" + r.Encoding + ", " + r.Solver + ")"
		switch r.Solver {
		case NoSolver:
			series = label(r)
		case CBCSolver:
			series = "CBC, Bosch's " + strings.ToUpper(r.Encoding)
		}
		style := r.Solver
		if r.Encoding == WastageProgram {
			style = WastageProgram
		}
		s = append(s, styles.sample(series, style, float64(r.Side), r))
	}
	// Bosch, SIAM Review 41(3), 1999, Table 1, formulation IP2 with CPLEX
	// 4.0.9 (shared/seeds/bosch-integer-programming-life.txt).
	bosch := styles.add(BoschAnchor, BoschAnchor)
	for n, sec := range []float64{4: 0.3, 5: 0.2, 6: 48.2, 7: 13.5, 8: 500.3, 9: 33163} {
		if sec > 0 {
			s = append(s, lifeplot.Sample{Series: bosch, X: float64(n), Seconds: sec})
		}
	}
	return lifeplot.TimingPlot(s, &lifeplot.TimingOptions{Title: "Maximum-density still life in n x n, proved optimal", XLabel: "n", Styles: styles})
}}

var countFigure = Figure{Name: "times", Draw: func(rows []Row) (*plot.Plot, error) {
	var s []lifeplot.Sample
	styles := legend{}
	for _, r := range timed(rows, func(Row) bool { return true }) {
		series := label(r)
		if r.Solver != NoSolver {
			series = "lifesat " + r.Encoding + ", " + r.Solver
		}
		s = append(s, styles.sample(series, r.Solver, float64(r.Side), r))
	}
	return lifeplot.TimingPlot(s, &lifeplot.TimingOptions{Title: "Counting the still lifes of an n x n box", XLabel: "n", Styles: styles})
}}

// racesFigures draw the races suite, one figure for each solver of the
// members: the portfolio with and without its motion members, a point per
// seed, by box side.
var racesFigures = []Figure{racesFigure("gophersat"), racesFigure("cadical")}

func racesFigure(members string) Figure {
	return Figure{Name: "times-" + members, Draw: func(rows []Row) (*plot.Plot, error) {
		var s []lifeplot.Sample
		styles := legend{}
		for _, r := range timed(rows, func(r Row) bool { return strings.HasSuffix(r.Encoding, ", "+members) }) {
			name := RaceSolver
			if strings.HasSuffix(r.Problem, "without motion members") {
				name = NoMotions
			}
			s = append(s, styles.sample(label(r)+map[string]string{RaceSolver: "", NoMotions: ", without motion members"}[name], name, float64(r.Side), r))
		}
		return lifeplot.TimingPlot(s, &lifeplot.TimingOptions{
			Title:  "Exact period-4 oscillators in n x n, the portfolio of 2 " + members + " members: a point per seed",
			XLabel: "box side n", Styles: styles, NoLines: true})
	}}
}

// workersFigure draws, for the split cases of problem p among cases,
// the wall and CPU times of the split and of the race against the number
// of workers, and the wall time ProjectSplit gives from each seed's cube
// times for 1 to 64 workers.
func workersFigure(cases []Case, p lifesat.Problem, name string) Figure {
	kinds := map[string]Case{}
	for _, c := range cases {
		if c.Problem.String() == p.String() && splitCase(c) {
			kinds[c.Name()] = c
		}
	}
	return Figure{Name: name, Draw: func(rows []Row) (*plot.Plot, error) {
		var s []lifeplot.Sample
		var stopped []string
		for _, r := range rows {
			c, ok := kinds[r.Problem]
			if !ok || c.Kind == Cubes {
				continue
			}
			cpu, err := strconv.ParseFloat(r.Value, 64)
			if err != nil || r.Status == "ERROR" {
				continue
			}
			wall, cpuSeries := c.Kind+": wall time", c.Kind+": CPU time"
			if r.Status == "UNKNOWN" {
				wall, cpuSeries = wall+", stopped", cpuSeries+", stopped"
				stopped = append(stopped, wall, cpuSeries)
			}
			workers := float64(max(c.Workers, 1))
			s = append(s, lifeplot.Sample{Series: wall, X: workers, Seconds: math.Max(r.SolveMS/1000, 1e-3)},
				lifeplot.Sample{Series: cpuSeries, X: workers, Seconds: math.Max(cpu/1000, 1e-3)})
		}
		for name, c := range kinds {
			if c.Kind != Cubes {
				continue
			}
			for _, cubes := range CubeRuns(rows, name) {
				for w := 1; w <= 64; w *= 2 {
					if secs, _ := ProjectSplit(cubes, w); secs > 0 {
						s = append(s, lifeplot.Sample{Series: "split: wall time projected from the cube times", X: float64(w), Seconds: secs})
					}
				}
			}
		}
		if len(s) == 0 {
			return nil, fmt.Errorf("no split or race rows of %v", p)
		}
		return lifeplot.TimingPlot(s, &lifeplot.TimingOptions{Title: fmt.Sprintf("%v: split into cubes, and the race", p), XLabel: "workers", LogX: true, PointsOnly: stopped})
	}}
}

// cubesFigure draws every cube's time alone against its place in the
// manifest, for each Cubes case among cases: the spread of the cubes, a
// point per cube and seed (no lines: neighbouring cubes are not related).
func cubesFigure(cases []Case) Figure {
	return Figure{Name: "cubes", Draw: func(rows []Row) (*plot.Plot, error) {
		var s []lifeplot.Sample
		for _, c := range cases {
			if c.Kind != Cubes {
				continue
			}
			for _, run := range CubeRuns(rows, c.Name()) {
				for i, cube := range run {
					series := shortName(c.Problem) + ": no pattern"
					if cube.Found {
						series = shortName(c.Problem) + ": a pattern"
					}
					s = append(s, lifeplot.Sample{Series: series, X: float64(i), Seconds: math.Max(cube.Seconds, 1e-3)})
				}
			}
		}
		if len(s) == 0 {
			return nil, fmt.Errorf("no cube rows")
		}
		return lifeplot.TimingPlot(s, &lifeplot.TimingOptions{Title: "Each cube alone", XLabel: "cube", YLabel: "CPU time (s)", NoLines: true})
	}}
}

// balanceFigure draws, for each problem of the cuts suite, the whole
// search's CPU time and, for each cut, the sum of its cubes' (the work of
// a split) and its largest cube's (the wall time of a split with a
// worker per cube).
func balanceFigure(cases []Case) Figure {
	return Figure{Name: "balance", Draw: func(rows []Row) (*plot.Plot, error) {
		index := map[string]int{}
		for i, p := range CutProblems() {
			index[p.String()] = i + 1
		}
		// Colour says the cut, glyph what is measured; all hollow, as
		// filled glyphs mean a run stopped at its limit.
		whole := "the whole search"
		styles := map[string]lifeplot.Style{whole: {Color: black, Glyph: lifeplot.Ring}}
		cut := map[string]color.Color{plan.Centre: blue, plan.Lookahead: orange, plan.FirstAlive: green}
		var s []lifeplot.Sample
		for _, c := range cases {
			if c.Kind != Cubes {
				continue
			}
			if c.Cubes == 1 {
				for _, run := range CubeRuns(rows, c.Name()) {
					s = append(s, lifeplot.Sample{Series: whole, X: float64(index[c.Problem.String()]), Seconds: math.Max(run[0].Seconds, 1e-3)})
				}
				continue
			}
			all, largest := c.Method+": all cubes", c.Method+": the largest cube"
			if col, ok := cut[c.Method]; ok {
				styles[all] = lifeplot.Style{Color: col, Glyph: lifeplot.Square}
				styles[largest] = lifeplot.Style{Color: col, Glyph: lifeplot.Triangle}
			}
			for _, run := range CubeRuns(rows, c.Name()) {
				sum, most := 0.0, 0.0
				for _, cube := range run {
					sum, most = sum+cube.Seconds, max(most, cube.Seconds)
				}
				x := float64(index[c.Problem.String()])
				s = append(s, lifeplot.Sample{Series: all, X: x, Seconds: math.Max(sum, 1e-3)},
					lifeplot.Sample{Series: largest, X: x, Seconds: math.Max(most, 1e-3)})
			}
		}
		if len(s) == 0 {
			return nil, fmt.Errorf("no rows of the cuts suite")
		}
		p, err := lifeplot.TimingPlot(s, &lifeplot.TimingOptions{Title: "Searches where none exists, cut into 16 cubes three ways", XLabel: "search", YLabel: "CPU time (s)", Styles: styles})
		if err != nil {
			return nil, err
		}
		var ticks plot.ConstantTicks
		for i, p := range CutProblems() {
			ticks = append(ticks, plot.Tick{Value: float64(i + 1), Label: shortName(p)})
		}
		p.X.Tick.Marker = ticks
		return p, nil
	}}
}

// shortName is a problem's name for a figure's axis: "c/3 ship 7x7",
// "p4 5x5".
func shortName(p lifesat.Problem) string {
	if p.Shift != (image.Point{}) {
		return fmt.Sprintf("(%d,%d)c/%d ship %dx%d", p.Shift.X, p.Shift.Y, p.Period, p.Width, p.Height)
	}
	return fmt.Sprintf("p%d %dx%d", max(p.Period, 1), p.Width, p.Height)
}
