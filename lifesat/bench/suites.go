package bench

import (
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/plan"
)

// A Suite is a named set of cases and the plots that show them.
type Suite struct {
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
	var blog, enc, solv, port, mx, cnt, tpl, hard, split, cuts Suite
	blog = Suite{Name: "blog", Doc: "the Mathematica blog's problems: still lifes 16x16, 64x64 (and 128x128), oscillators p2 and p3 16x16, a glider from scratch; embedded gophersat, then cadical when installed"}
	for _, solver := range []string{"", "cadical"} {
		for _, n := range []int{16, 64, 128} {
			blog.Cases = append(blog.Cases, Case{Kind: Search, Problem: lifesat.StillLife(n, n), Solver: solver, Seeded: true})
		}
		blog.Cases = append(blog.Cases,
			Case{Kind: Search, Problem: lifesat.Oscillator(2, 16, 16), Solver: solver, Seeded: true},
			Case{Kind: Search, Problem: symmetric(lifesat.Oscillator(3, 16, 16), life.D8), Solver: solver, Seeded: true},
			Case{Kind: Search, Problem: lifesat.Oscillator(3, 8, 8), Solver: solver, Seeded: true},
			Case{Kind: Search, Problem: lifesat.Spaceship(4, 1, 1, 5, 5), Solver: solver, Seeded: true},
		)
	}
	blog.Plots = []Figure{blogFigure, targetsFigure}

	enc = Suite{Name: "encodings", Doc: "direct against Knuth's encoding: formula size per cell and still-life solve time by box size"}
	for _, n := range []int{8, 16, 24, 32, 48, 64} {
		for _, e := range lifesat.Encodings() {
			enc.Cases = append(enc.Cases, Case{Kind: Search, Problem: lifesat.StillLife(n, n), Encoding: e, Seeded: true})
		}
	}
	for _, e := range lifesat.Encodings() {
		enc.Cases = append(enc.Cases, Case{Kind: Search, Problem: lifesat.Oscillator(2, 12, 12), Encoding: e, Seeded: true})
	}
	enc.Plots = []Figure{encodingTimesFigure, encodingSizesFigure}

	solv = Suite{Name: "solvers", Doc: "gophersat (embedded), gini (embedded) and cadical (external, when installed) on still lifes by box size"}
	for _, n := range []int{16, 32, 64} {
		for _, s := range []string{"gophersat", "gini", "cadical"} {
			solv.Cases = append(solv.Cases, Case{Kind: Search, Problem: lifesat.StillLife(n, n), Solver: s, Seeded: true})
		}
	}
	solv.Plots = []Figure{solverFigure}

	port = Suite{Name: "portfolio", MinSeeds: 8, Doc: "exact period-2 oscillators in 16x16 over 8 seeds or more, with the blog's random flips (-diversify all): the spread that racing diversified searches exploits"}
	port.Cases = []Case{{Kind: Search, Problem: lifesat.Oscillator(2, 16, 16), Seeded: true, Diversify: lifesat.FlipAll}}
	port.Plots = []Figure{portfolioFigure}

	mx = Suite{Name: "max", Doc: "maximum-density still lifes in n x n, proved optimal (Bosch's Table 1): the row program (the default), and the SAT path with gophersat and cadical"}
	for n := 4; n <= 12; n++ {
		mx.Cases = append(mx.Cases, Case{Kind: Max, Problem: lifesat.StillLife(n, n)})
	}
	for _, solver := range []string{"gophersat", "cadical"} {
		for n := 4; n <= 11; n++ {
			mx.Cases = append(mx.Cases, Case{Kind: Max, Problem: lifesat.StillLife(n, n), Solver: solver})
		}
	}
	mx.Plots = []Figure{maxFigure}

	cnt = Suite{Name: "counts", Doc: "still lifes in n x n (OEIS A136278) by the transfer matrix, and by enumeration with the solver for small n"}
	for n := 3; n <= 8; n++ {
		cnt.Cases = append(cnt.Cases, Case{Kind: Count, Problem: lifesat.StillLife(n, n)})
	}
	for n := 3; n <= 5; n++ {
		p := lifesat.StillLife(n, n)
		p.MaxPop = n * n // forces the solver's enumeration
		cnt.Cases = append(cnt.Cases, Case{Kind: Count, Problem: p})
	}
	cnt.Plots = []Figure{countFigure}

	tpl = Suite{Name: "templates", Doc: "template searches: the eater (a still life in 8x8 that eats a glider and is back 4 generations later, from scratch) and the light, middle and heavy c/2 ships completed from their fronts"}
	for _, p := range []lifesat.Problem{
		eaterProblem(),
		shipFront(".O..O", "O....", "O...O", "OOOO."),
		shipFront("...O..", ".O...O", "O.....", "O....O", "OOOOO."),
		shipFront("...OO..", ".O....O", "O......", "O.....O", "OOOOOO."),
	} {
		tpl.Cases = append(tpl.Cases, Case{Kind: Search, Problem: p, Seeded: true})
	}
	tpl.Plots = []Figure{templatesFigure}

	hard = Suite{Name: "hard", MinSeeds: 5, Doc: "issue 10's searches, one search each (no portfolio): exact p3 oscillators 16x16 and 12x12, p3 16x16 with C4 and D8 symmetry, an exact p4 oscillator 8x8 and a c/2 ship 9x9, with gophersat and cadical, 5 seeds, at most 3 minutes a run; with -lls DIR, the same searches with logic-life-search beside them (the README gives them as LLS commands)"}
	for _, solver := range []string{"", "cadical"} {
		for _, p := range HardProblems() {
			hard.Cases = append(hard.Cases, Case{Kind: Search, Problem: p, Solver: solver, Seeded: true, Timeout: 3 * time.Minute})
		}
	}
	for _, p := range HardProblems() { // with lifesat-bench -lls DIR
		hard.Cases = append(hard.Cases, Case{Kind: LLS, Problem: p, Solver: "cadical", Seeded: true, Timeout: 3 * time.Minute})
	}
	hard.Plots = []Figure{hardFigure}

	split = Suite{Name: "split", Doc: "issue 28: split searches (plan.Split, 64 cubes, each the first live cell of generation 0: plan.FirstAlive) on 1, 2 and 4 workers, with their CPU time, beside the race on as many members and, with -lls DIR, LLS with cadical: a c/4 orthogonal ship in 6x6, where none exists, a c/4 (diagonal) ship in 7x7 and an exact p4 oscillator in 10x10; then every cube alone, its time the data of the projection to 64 workers (at most 1 minute a cube, 5 minutes a search)"}
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
		workersFigure(split.Cases, sp[2], "workers-p4"), cubesFigure(split.Cases, func(c Case) string { return shortName(c.Problem) })}

	cuts = Suite{Name: "cuts", Doc: "the cuts' balance: four searches where none exists, each whole (one cube), then cut into 16 cubes by each method (plan.Centre, plan.Lookahead, plan.FirstAlive) and every cube run alone, its CPU time measured: the sum of the cube times is a split's work, the largest its wall time on 16 workers (at most 2 minutes a cube)"}
	for _, p := range CutProblems() {
		// One cube is the whole search, timed as the cubes are.
		cuts.Cases = append(cuts.Cases, Case{Kind: Cubes, Problem: p, Cubes: 1, Seeded: true, Timeout: 5 * time.Minute})
		for _, m := range []string{plan.Centre, plan.Lookahead, plan.FirstAlive} {
			cuts.Cases = append(cuts.Cases, Case{Kind: Cubes, Problem: p, Cubes: 16, Method: m, Seeded: true, Timeout: 2 * time.Minute})
		}
	}
	cuts.Plots = []Figure{balanceFigure(cuts.Cases), cubesFigure(cuts.Cases, func(c Case) string { return shortName(c.Problem) + " " + c.Method })}
	return []Suite{blog, enc, solv, port, mx, cnt, tpl, hard, split, cuts}
}

// SplitProblems are the searches of the split suite, in its order: a
// c/4 orthogonal ship in 6x6, where none exists (every cube proves it), a
// c/4 ship where one exists (the glider's speed, diagonal, in 7x7), and
// the exact p4 oscillator in 10x10.
func SplitProblems() []lifesat.Problem {
	return []lifesat.Problem{lifesat.Spaceship(4, 1, 0, 6, 6), lifesat.Spaceship(4, 1, 1, 7, 7), lifesat.Oscillator(4, 10, 10)}
}

// CutProblems are the searches of the cuts suite: four where none
// exists, which a lifesat search proves in 5 to 40 seconds here.
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
