package bench

import (
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/plan"
)

// A Suite is a named set of cases and the plots that show them.
type Suite struct {
	// Name is what -suite names; Doc says what runs (the problems,
	// the solvers, the seeds) and what the figures show.
	Name, Doc string
	Cases     []Case
	// Plots are the figures the suite's rows are drawn as.
	Plots []Figure
	// MinSeeds is the least number of seeds of its seeded cases, whatever
	// Options.Seeds says.
	MinSeeds int
}

// Suites lists the suites in a fixed order.
func Suites() []Suite {
	var blog, enc, solv, port, mx, cnt, tpl, hard, races, split, cuts, frontier Suite
	blog = Suite{Name: "blog", Doc: "the Mathematica blog's problems, one search each (-jobs 1) with gophersat, then with cadical when installed: " +
		"still lifes 16x16, 64x64 and 128x128; oscillators p2 16x16 and p3 16x16, unrestricted as the blog searched them; " +
		"p3 16x16 with D8 symmetry; p3 8x8; the glider (a p4 ship in 5x5). " +
		"Then p3 16x16 unrestricted raced by the default portfolio on every core, as lifesat osc -period 3 -size 16x16 runs it. " +
		"Figures: the still lifes' times by box side beside the blog's; every problem against its target and the blog's time (LLS's for the glider)"}
	for _, solver := range []string{"", "cadical"} {
		for _, n := range []int{16, 64, 128} {
			blog.Cases = append(blog.Cases, Case{Kind: Search, Problem: lifesat.StillLife(n, n), Solver: solver, Seeded: true})
		}
		blog.Cases = append(blog.Cases,
			Case{Kind: Search, Problem: lifesat.Oscillator(2, 16, 16), Solver: solver, Seeded: true},
			Case{Kind: Search, Problem: lifesat.Oscillator(3, 16, 16), Solver: solver, Seeded: true},
			Case{Kind: Search, Problem: symmetric(lifesat.Oscillator(3, 16, 16), life.D8), Solver: solver, Seeded: true},
			Case{Kind: Search, Problem: lifesat.Oscillator(3, 8, 8), Solver: solver, Seeded: true},
			Case{Kind: Search, Problem: lifesat.Spaceship(4, 1, 1, 5, 5), Solver: solver, Seeded: true},
		)
	}
	blog.Cases = append(blog.Cases, Case{Kind: Race, Problem: lifesat.Oscillator(3, 16, 16), Seeded: true})
	blog.Plots = []Figure{blogFigure, targetsFigure}

	enc = Suite{Name: "encodings", Doc: "still lifes n x n for n in 8, 16, 24, 32, 48, 64 and an oscillator p2 12x12, each with the direct and with Knuth's encoding " +
		"(one search each with gophersat). Figures: still-life time by box side; formula size per cell of the 32x32 still life"}
	for _, n := range []int{8, 16, 24, 32, 48, 64} {
		for _, e := range lifesat.Encodings() {
			enc.Cases = append(enc.Cases, Case{Kind: Search, Problem: lifesat.StillLife(n, n), Encoding: e, Seeded: true})
		}
	}
	for _, e := range lifesat.Encodings() {
		enc.Cases = append(enc.Cases, Case{Kind: Search, Problem: lifesat.Oscillator(2, 12, 12), Encoding: e, Seeded: true})
	}
	enc.Plots = []Figure{encodingTimesFigure, encodingSizesFigure}

	solv = Suite{Name: "solvers", Doc: "still lifes n x n for n in 16, 32, 64, one search each (direct encoding) with gophersat (embedded), gini (embedded) " +
		"and cadical (external, when installed). Figure: time by box side"}
	for _, n := range []int{16, 32, 64} {
		for _, s := range []string{"gophersat", "gini", "cadical"} {
			solv.Cases = append(solv.Cases, Case{Kind: Search, Problem: lifesat.StillLife(n, n), Solver: s, Seeded: true})
		}
	}
	solv.Plots = []Figure{solverFigure}

	port = Suite{Name: "portfolio", MinSeeds: 8, Doc: "an exact period-2 oscillator in 16x16 over 8 seeds or more, one search each with gophersat and the blog's random flips " +
		"(-diversify all): the spread that racing diversified searches exploits. Figure: time by seed, and the faster of seeds s and s+1"}
	port.Cases = []Case{{Kind: Search, Problem: lifesat.Oscillator(2, 16, 16), Seeded: true, Diversify: lifesat.FlipAll}}
	port.Plots = []Figure{portfolioFigure}

	mx = Suite{Name: "max", Doc: "maximum-density still lifes in n x n, proved optimal: for n in 4..12 by the row program (the default), " +
		"and for n in 4..11 by SAT with Knuth's encoding with gophersat and with cadical (when installed); " +
		"and for n in 4..24 by the wastage row program of package density (lifesat max's choice from 10x10 on under Life), " +
		"once per seed (the seed changes nothing there: the runs are repeats, the later ones reusing the strip tables the first one built, and the figure draws their median). " +
		"Figure: time by n beside Bosch's CPLEX times (1999, Table 1)"}
	for n := 4; n <= 12; n++ {
		mx.Cases = append(mx.Cases, Case{Kind: Max, Problem: lifesat.StillLife(n, n)})
	}
	for n := 4; n <= 24; n++ {
		mx.Cases = append(mx.Cases, Case{Kind: Max, Problem: lifesat.StillLife(n, n), Method: DensityMethod, Seeded: true})
	}
	for _, solver := range []string{"gophersat", "cadical"} {
		for n := 4; n <= 11; n++ {
			mx.Cases = append(mx.Cases, Case{Kind: Max, Problem: lifesat.StillLife(n, n), Solver: solver})
		}
	}
	mx.Plots = []Figure{maxFigure}
	mx.Doc += cbcDoc
	mx.Cases = append(mx.Cases, cbcCases()...)

	cnt = Suite{Name: "counts", Doc: "still lifes in n x n counted (OEIS A136278): for n in 3..8 by the transfer matrix, and for n in 3..5 by enumeration " +
		"with gophersat. Figure: time by n"}
	for n := 3; n <= 8; n++ {
		cnt.Cases = append(cnt.Cases, Case{Kind: Count, Problem: lifesat.StillLife(n, n)})
	}
	for n := 3; n <= 5; n++ {
		p := lifesat.StillLife(n, n)
		p.MaxPop = n * n // forces the solver's enumeration
		cnt.Cases = append(cnt.Cases, Case{Kind: Count, Problem: p})
	}
	cnt.Plots = []Figure{countFigure}

	tpl = Suite{Name: "templates", Doc: "template searches, one search each with gophersat: the eater (a still life in 8x8 that eats a glider and is back " +
		"4 generations later, from scratch) and the light, middle and heavy c/2 ships completed from their fronts in 7x7, 8x8 and 9x8. " +
		"Figure: time by search"}
	for _, p := range []lifesat.Problem{
		eaterProblem(),
		shipFront(".O..O", "O....", "O...O", "OOOO."),
		shipFront("...O..", ".O...O", "O.....", "O....O", "OOOOO."),
		shipFront("...OO..", ".O....O", "O......", "O.....O", "OOOOOO."),
	} {
		tpl.Cases = append(tpl.Cases, Case{Kind: Search, Problem: p, Seeded: true})
	}
	tpl.Plots = []Figure{templatesFigure}

	hard = Suite{Name: "hard", MinSeeds: 5, Doc: "issue 10's searches, one search each (-jobs 1, no portfolio) with gophersat and with cadical (when installed), " +
		"5 seeds, at most 3 minutes a run: exact p3 oscillators 16x16 and 12x12, p3 16x16 with C4 and with D8 symmetry, " +
		"an exact p4 oscillator 8x8 and a c/2 ship 9x9; with -lls DIR, the same searches with logic-life-search (LLS M1 + cadical) " +
		"beside them (docs/speed.md gives them as LLS commands); and exact p4 oscillators 8x8 and 10x10 by the portfolio (a race of 2 members), without and with the motion members (issue 29). Figure: time by search"}
	for _, solver := range []string{"", "cadical"} {
		for _, p := range HardProblems() {
			hard.Cases = append(hard.Cases, Case{Kind: Search, Problem: p, Solver: solver, Seeded: true, Timeout: 3 * time.Minute})
		}
	}
	for _, p := range HardProblems() { // with lifesat-bench -lls DIR
		hard.Cases = append(hard.Cases, Case{Kind: LLS, Problem: p, Solver: "cadical", Seeded: true, Timeout: 3 * time.Minute})
	}
	// The race of the command's portfolio with and without its motion
	// members, side by side.
	for _, solver := range []string{"", "cadical"} {
		for _, p := range HardRaces() {
			for _, without := range []bool{true, false} {
				hard.Cases = append(hard.Cases, Case{Kind: Race, Problem: p, Solver: solver, Seeded: true, Timeout: 3 * time.Minute, NoMotions: without})
			}
		}
	}
	hard.Plots = []Figure{hardFigure}

	races = Suite{Name: "races", MinSeeds: 5, Doc: "the hard suite's races alone: exact p4 oscillators 8x8 and 10x10 by the portfolio (a race of 2 members), without and with the motion members (issue 29), gophersat and cadical members, 5 seeds, at most 3 minutes a run. Figure: time by box side"}
	for _, c := range hard.Cases {
		if c.Kind == Race {
			races.Cases = append(races.Cases, c)
		}
	}
	races.Plots = racesFigures

	split = Suite{Name: "split", Doc: "split searches (plan.Split, 64 cubes, each the first live cell of generation 0: plan.FirstAlive) by embedded gophersat on 1, 2 and 4 workers, with their CPU time, beside the race of the default portfolio on as many members and, with -lls DIR, logic-life-search with cadical: a c/4 orthogonal ship in 6x6, where none exists, a c/4 (diagonal) ship in 7x7 and an exact p4 oscillator in 10x10; then every cube alone, its time the data of the projection to 64 workers (at most 1 minute a cube, 5 minutes a search)"}
	for _, p := range SplitProblems() {
		split.Cases = append(split.Cases, Case{Kind: Cubes, Problem: p, Cubes: 64, Method: plan.FirstAlive, Seeded: true, Timeout: time.Minute})
		for _, w := range []int{1, 2, 4} {
			split.Cases = append(split.Cases,
				Case{Kind: Split, Problem: p, Cubes: 64, Method: plan.FirstAlive, Workers: w, Seeded: true, Timeout: 5 * time.Minute},
				Case{Kind: Race, Problem: p, Workers: w, Seeded: true, Timeout: 5 * time.Minute})
		}
		split.Cases = append(split.Cases, Case{Kind: LLS, Problem: p, Solver: "cadical", Seeded: true, Timeout: 5 * time.Minute})
	}
	sp := SplitProblems()
	split.Plots = []Figure{workersFigure(split.Cases, sp[0], "workers-none"), workersFigure(split.Cases, sp[1], "workers-glider"),
		workersFigure(split.Cases, sp[2], "workers-p4"), cubesFigure(split.Cases)}

	cuts = Suite{Name: "cuts", Doc: "the cuts' balance: four searches where none exists (c/3 ship 7x7, c/4 ship 6x6, p3 oscillator 5x6, p4 oscillator 5x5), each whole (one cube), then cut into 16 cubes by each method (plan.Centre, plan.Lookahead, plan.FirstAlive) and every cube run alone by embedded gophersat, its CPU time measured: the sum of the cube times is a split's work, the largest its wall time on 16 workers (at most 2 minutes a cube)"}
	for _, p := range CutProblems() {
		// One cube is the whole search, timed as the cubes are.
		cuts.Cases = append(cuts.Cases, Case{Kind: Cubes, Problem: p, Cubes: 1, Seeded: true, Timeout: 5 * time.Minute})
		for _, m := range []string{plan.Centre, plan.Lookahead, plan.FirstAlive} {
			cuts.Cases = append(cuts.Cases, Case{Kind: Cubes, Problem: p, Cubes: 16, Method: m, Seeded: true, Timeout: 2 * time.Minute})
		}
	}
	cuts.Plots = []Figure{balanceFigure(cuts.Cases)}

	frontier = Suite{Name: "frontier", Doc: "issue 39's frontier, one run each: first a c/4 orthogonal ship in a 9x12 box both ways round, by the width-bounded search " +
		"(package grow, its lookahead solved by embedded gophersat 16 rows ahead) in a strip 9 wide with the length bounded by 12 (at most 30 minutes) " +
		"and 12 wide by 9 (at most 10 minutes), and by logic-life-search (LLS M1 + cadical, -lls DIR) in the boxes 9x12 and 12x9 (at most 2 minutes); " +
		"then known ships by the width-bounded search (at most 10 minutes), each with LLS in the ship's smallest box beside it: " +
		"30P5H2V0 (2c/5, a strip 13 wide, box 13x12), 37P4H1V0 (the smallest c/4 orthogonal ship, 19 wide, 19x12), " +
		"the loafer (c/7, 10 wide, 10x10), 56P6H1V0 (c/6, 26 wide, even symmetry, 26x12) and the copperhead (c/10, 10 wide, even symmetry, 10x13); " +
		"each search of a strip again depth first, on the rows' tables alone (grow.Settings.DepthFirst, as long at most). Figure: time by search"}
	frontier.Cases = frontierCases(2*time.Minute, 30*time.Minute)
	frontier.Plots = []Figure{frontierFigure}
	return []Suite{blog, enc, solv, port, mx, cnt, tpl, hard, races, split, cuts, frontier}
}

// HardRaces are the hard suite's searches by a race of RaceJobs members
// (lifesat.Race), each with and without the motion members of
// lifesat.Strategies: exact period-4 oscillators, whose generation 2 is
// often generation 0 reflected.
func HardRaces() []lifesat.Problem {
	return []lifesat.Problem{lifesat.Oscillator(4, 8, 8), lifesat.Oscillator(4, 10, 10)}

}

// SplitProblems are the searches of the split suite, in its order: a
// c/4 orthogonal ship in 6x6, where none exists (every cube proves it), a
// c/4 ship where one exists (the glider's speed, diagonal, in 7x7), and
// the exact p4 oscillator in 10x10.
func SplitProblems() []lifesat.Problem {
	return []lifesat.Problem{lifesat.Spaceship(4, 1, 0, 6, 6), lifesat.Spaceship(4, 1, 1, 7, 7), lifesat.Oscillator(4, 10, 10)}
}

// CutProblems are the searches of the cuts suite: four where none
// exists, each proved by one lifesat search in well under a minute
// (their times are the suite's rows, data/bench-cuts.csv).
func CutProblems() []lifesat.Problem {
	return []lifesat.Problem{lifesat.Spaceship(3, 1, 0, 7, 7), lifesat.Spaceship(4, 1, 0, 6, 6), lifesat.Oscillator(3, 5, 6), lifesat.Oscillator(4, 5, 5)}
}

// HardProblems are the searches of the hard suite, in its order.
func HardProblems() []lifesat.Problem {
	return []lifesat.Problem{
		lifesat.Oscillator(3, 16, 16),
		lifesat.Oscillator(3, 12, 12),
		symmetric(lifesat.Oscillator(3, 16, 16), life.C4),
		symmetric(lifesat.Oscillator(3, 16, 16), life.D8),
		lifesat.Oscillator(4, 8, 8),
		lifesat.Spaceship(4, 0, 2, 9, 9),
	}
}

func symmetric(p lifesat.Problem, s life.Symmetry) lifesat.Problem {
	p.Symmetry = s
	return p
}

// Find returns the suite with the name, or false.
func Find(name string) (Suite, bool) {
	for _, s := range Suites() {
		if s.Name == name {
			return s, true
		}
	}
	return Suite{}, false
}
