package bench

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/lifeplot"
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
		err = lifeplot.WritePNG(file, p, 7*vg.Inch, 4.5*vg.Inch)
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

// seconds is a row's total time.
func seconds(r Row) float64 { return (r.EncodeMS + r.SolveMS) / 1000 }

// answered keeps the rows that finished with a verified answer.
func answered(rows []Row, keep func(Row) bool) []Row {
	var out []Row
	for _, r := range rows {
		if (r.Status == "SAT" || r.Status == "UNSAT" || r.Status == "OPTIMAL") && keep(r) {
			out = append(out, r)
		}
	}
	return out
}

func isStill(r Row) bool { return strings.HasPrefix(r.Problem, "still life ") }

var blogFigure = Figure{Name: "still-lifes", Draw: func(rows []Row) (*plot.Plot, error) {
	var s []lifeplot.Sample
	for _, r := range answered(rows, isStill) {
		s = append(s, lifeplot.Sample{Series: "lifesat (" + r.Encoding + ", " + r.Solver + ")", X: float64(r.Side), Seconds: seconds(r)})
	}
	// The blog's own times (shared/seeds/mathematica-still-life-blog.txt).
	s = append(s, lifeplot.Sample{Series: "Mathematica blog (2018)", X: 16, Seconds: 2.7},
		lifeplot.Sample{Series: "Mathematica blog (2018)", X: 64, Seconds: 46})
	return lifeplot.TimingPlot(s, &lifeplot.TimingOptions{Title: "A still life in an n x n box", XLabel: "box side n"})
}}

// blogTargets are the speed targets of the blog suite's problems, with
// the anchors they were set against (the blog post in
// shared/seeds/mathematica-still-life-blog.txt, 14 minutes for period 3;
// logic-life-search's glider time measured on the project's machine).
var blogTargets = []struct {
	label, problem string
	encode         bool // the target is the encoding time
	target, anchor float64
	anchorName     string
}{
	{"still 16", "still life 16x16", false, 0.05, 2.7, "Mathematica blog"},
	{"still 64", "still life 64x64", false, 1, 46, "Mathematica blog"},
	{"still 128", "still life 128x128", false, 8, 0, ""},
	{"encode 128", "still life 128x128", true, 0.1, 0, ""},
	{"p2 16", "oscillator p2 16x16", false, 1, 11, "Mathematica blog"},
	{"p3 16 D8", "oscillator p3 16x16 D8", false, 20, 14 * 60, "Mathematica blog"},
	{"glider 5", "spaceship p4 (1,1) 5x5", false, 0.1, 1.3, "logic-life-search"},
}

var targetsFigure = Figure{Name: "targets", Draw: func(rows []Row) (*plot.Plot, error) {
	var ts []lifeplot.Target
	for _, b := range blogTargets {
		t := lifeplot.Target{Problem: b.label, Measured: map[string][]float64{}, Target: b.target, Anchor: b.anchor, AnchorName: b.anchorName}
		for _, r := range answered(rows, func(r Row) bool { return r.Problem == b.problem }) {
			sec := seconds(r)
			if b.encode {
				sec = r.EncodeMS / 1000
			}
			t.Measured[r.Solver] = append(t.Measured[r.Solver], sec)
		}
		ts = append(ts, t)
	}
	return lifeplot.TargetPlot(ts, &lifeplot.TimingOptions{Title: "The blog's problems: lifesat (one point per seed) against the targets"})
}}

var encodingTimesFigure = Figure{Name: "times", Draw: func(rows []Row) (*plot.Plot, error) {
	var s []lifeplot.Sample
	for _, r := range answered(rows, isStill) {
		s = append(s, lifeplot.Sample{Series: r.Encoding, X: float64(r.Side), Seconds: seconds(r)})
	}
	return lifeplot.TimingPlot(s, &lifeplot.TimingOptions{Title: "Still life by encoding (gophersat, one point per seed)", XLabel: "box side n"})
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
	for _, r := range answered(rows, isStill) {
		s = append(s, lifeplot.Sample{Series: r.Solver, X: float64(r.Side), Seconds: seconds(r)})
	}
	return lifeplot.TimingPlot(s, &lifeplot.TimingOptions{Title: "Still life by solver (direct encoding, one point per seed)", XLabel: "box side n"})
}}

var portfolioFigure = Figure{Name: "seeds", Draw: func(rows []Row) (*plot.Plot, error) {
	ok := answered(rows, func(Row) bool { return true })
	var s []lifeplot.Sample
	for i, r := range ok {
		s = append(s, lifeplot.Sample{Series: "one search", X: float64(r.Seed), Seconds: seconds(r)})
		// Two diversified searches raced on two cores finish when the
		// faster one does.
		if i+1 < len(ok) {
			s = append(s, lifeplot.Sample{Series: "race of seeds s and s+1", X: float64(r.Seed), Seconds: min(seconds(r), seconds(ok[i+1]))})
		}
	}
	p, err := lifeplot.TimingPlot(s, &lifeplot.TimingOptions{Title: "Exact period-2 oscillator in 16x16, the blog's flips: time by seed", XLabel: "seed s"})
	if err != nil {
		return nil, err
	}
	p.Y.Max *= 4 // room for the legend above the points
	p.Legend.YOffs = -vg.Points(6)
	return p, nil
}}

var hardFigure = Figure{Name: "times", Draw: func(rows []Row) (*plot.Plot, error) {
	index := map[string]int{}
	for i, p := range HardProblems() {
		index[p.String()] = i + 1
	}
	var s []lifeplot.Sample
	lls := false // LLS was measured with the suite
	var stopped []string
	for _, r := range rows {
		i := index[r.Problem]
		if i == 0 || r.Status == "ERROR" {
			continue
		}
		series := "lifesat -jobs 1, " + r.Solver
		if r.Solver == LLSSolver {
			series = LLSSolver
			lls = true
		}
		if r.Status == "UNKNOWN" {
			series += ", stopped at the time limit"
			if !slices.Contains(stopped, series) {
				stopped = append(stopped, series)
			}
		}
		s = append(s, lifeplot.Sample{Series: series, X: float64(i), Seconds: seconds(r)})
	}
	// Without LLS rows (lifesat-bench -lls DIR), LLS M1 with cadical as
	// measured on this machine (README, "Hard searches"): seeds 1-5 of the
	// first three searches, on 2026-11-23 beside the suite; one run each
	// of the others (the D8 time, and p4 and the ship at a load of
	// 5-10).
	for i, secs := range [][]float64{
		{9.1, 155.6, 29.2, 153.4, 32.9},
		{6.8, 35.8, 28.0, 7.4, 34.4},
		{0.93, 37.5, 1.75, 2.22, 13.5},
		{0.5},
		{36.5},
		{1.2},
	} {
		for _, sec := range secs {
			if !lls {
				s = append(s, lifeplot.Sample{Series: LLSSolver + " (measured before)", X: float64(i + 1), Seconds: sec})
			}
		}
	}
	p, err := lifeplot.TimingPlot(s, &lifeplot.TimingOptions{Title: "Hard searches without the portfolio: a point per seed", XLabel: "search", PointsOnly: stopped})
	if err != nil {
		return nil, err
	}
	// The problems by name on the X axis, and room above the highest
	// point (the 3-minute limit) for the legend.
	var ticks plot.ConstantTicks
	for i, name := range []string{"p3 16x16", "p3 12x12", "p3 16x16 C4", "p3 16x16 D8", "p4 8x8", "c/2 ship 9x9"} {
		ticks = append(ticks, plot.Tick{Value: float64(i + 1), Label: name})
	}
	p.X.Tick.Marker = ticks
	p.Y.Max *= 100
	p.Legend.YOffs = -vg.Points(6)
	return p, nil
}}

var maxFigure = Figure{Name: "times", Draw: func(rows []Row) (*plot.Plot, error) {
	var s []lifeplot.Sample
	for _, r := range answered(rows, func(r Row) bool { return r.Status == "OPTIMAL" }) {
		series := "lifesat SAT (" + r.Encoding + ", " + r.Solver + ")"
		if r.Solver == NoSolver {
			series = "lifesat " + r.Encoding
		}
		s = append(s, lifeplot.Sample{Series: series, X: float64(r.Side), Seconds: seconds(r)})
	}
	// Bosch, SIAM Review 41(3), 1999, Table 1, formulation IP2 with CPLEX
	// 4.0.9 (shared/seeds/bosch-integer-programming-life.txt).
	for n, sec := range map[int]float64{4: 0.3, 5: 0.2, 6: 48.2, 7: 13.5, 8: 500.3, 9: 33163} {
		s = append(s, lifeplot.Sample{Series: "CPLEX 1999 (Bosch, IP2)", X: float64(n), Seconds: sec})
	}
	return lifeplot.TimingPlot(s, &lifeplot.TimingOptions{Title: "Maximum-density still life in n x n, proved optimal", XLabel: "n"})
}}

var countFigure = Figure{Name: "times", Draw: func(rows []Row) (*plot.Plot, error) {
	var s []lifeplot.Sample
	for _, r := range rows {
		if r.Status == "SAT" {
			s = append(s, lifeplot.Sample{Series: r.Encoding, X: float64(r.Side), Seconds: seconds(r)})
		}
	}
	return lifeplot.TimingPlot(s, &lifeplot.TimingOptions{Title: "Counting the still lifes of an n x n box", XLabel: "n"})
}}

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
// manifest, for each Cubes case among cases labelled by short: the
// spread of the cubes, a point per cube and seed.
func cubesFigure(cases []Case, short func(Case) string) Figure {
	return Figure{Name: "cubes", Draw: func(rows []Row) (*plot.Plot, error) {
		var s []lifeplot.Sample
		var stopped []string
		for _, c := range cases {
			if c.Kind != Cubes {
				continue
			}
			for _, run := range CubeRuns(rows, c.Name()) {
				for i, cube := range run {
					series := short(c) + ": no pattern"
					if cube.Found {
						series = short(c) + ": a pattern"
					}
					s = append(s, lifeplot.Sample{Series: series, X: float64(i), Seconds: math.Max(cube.Seconds, 1e-3)})
				}
			}
			for _, r := range rows {
				if r.Problem == c.Name() && r.Status == "UNKNOWN" {
					stopped = append(stopped, short(c)+": no pattern")
				}
			}
		}
		if len(s) == 0 {
			return nil, fmt.Errorf("no cube rows")
		}
		return lifeplot.TimingPlot(s, &lifeplot.TimingOptions{Title: "Each cube alone", XLabel: "cube", YLabel: "CPU time (s)", PointsOnly: stopped})
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
		var s []lifeplot.Sample
		for _, c := range cases {
			if c.Kind != Cubes {
				continue
			}
			if c.Cubes == 1 {
				for _, run := range CubeRuns(rows, c.Name()) {
					s = append(s, lifeplot.Sample{Series: "the whole search", X: float64(index[c.Problem.String()]), Seconds: math.Max(run[0].Seconds, 1e-3)})
				}
				continue
			}
			for _, run := range CubeRuns(rows, c.Name()) {
				sum, most := 0.0, 0.0
				for _, cube := range run {
					sum, most = sum+cube.Seconds, max(most, cube.Seconds)
				}
				x := float64(index[c.Problem.String()])
				s = append(s, lifeplot.Sample{Series: c.Method + ": all cubes", X: x, Seconds: math.Max(sum, 1e-3)},
					lifeplot.Sample{Series: c.Method + ": the largest cube", X: x, Seconds: math.Max(most, 1e-3)})
			}
		}
		if len(s) == 0 {
			return nil, fmt.Errorf("no rows of the cuts suite")
		}
		p, err := lifeplot.TimingPlot(s, &lifeplot.TimingOptions{Title: "Searches where none exists, cut into 16 cubes three ways", XLabel: "search", YLabel: "CPU time (s)"})
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
