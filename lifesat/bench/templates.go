package bench

import (
	"fmt"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/lifeplot"
	"github.com/lifesat/lifesat/lifesat/tmpl"
	"gonum.org/v1/plot"
)

// The templates suite's problems: the searches of package tmpl's
// testdata, built here so that the suite needs no files.

// eaterProblem is the eater search in a closed 8x8 box: generation 0 a
// glider in the top-left 4x4 corner heading into the box, and an unknown
// rest (variables e_x_y); generations 4 and 5 that rest alone, the corner
// dead. At least 6 cells: the glider and some eater.
func eaterProblem() lifesat.Problem {
	const n, recover = 8, 4
	t := tmpl.New(n, n, recover+2)
	glider := map[[2]int]bool{{1, 0}: true, {2, 1}: true, {0, 2}: true, {1, 2}: true, {2, 2}: true}
	for y := range n {
		for x := range n {
			for _, g := range []int{0, recover, recover + 1} {
				s := tmpl.Spec{Kind: tmpl.Named, Name: fmt.Sprintf("e_%d_%d", x, y)}
				switch {
				case x < 4 && y < 4 && g == 0 && glider[[2]int{x, y}]:
					s = tmpl.Spec{Kind: tmpl.Alive}
				case x < 4 && y < 4:
					s = tmpl.Spec{Kind: tmpl.Dead}
				}
				t.Set(g, x, y, s)
			}
		}
	}
	p := lifesat.Reaction(t)
	p.MinPop = 6
	return p
}

// shipFront is the c/2 spaceship (period 4, moving left) whose rows, as
// LifeWiki draws them, are given: generation 0 fixes two empty columns in
// front of it and all of its columns but the last two.
func shipFront(rows ...string) lifesat.Problem {
	w, h := len(rows[0])+2, len(rows)+3
	t := tmpl.New(w, h, 1)
	for y := range h {
		for x := range w - 2 {
			s := tmpl.Spec{Kind: tmpl.Dead}
			if y >= 1 && y <= len(rows) && x >= 2 && rows[y-1][x-2] == 'O' {
				s.Kind = tmpl.Alive
			}
			t.Set(0, x, y, s)
		}
	}
	p := lifesat.Spaceship(4, -2, 0, w, h)
	p.Template = t
	return p
}

var templatesFigure = Figure{Name: "seeds", Draw: func(rows []Row) (*plot.Plot, error) {
	// The ships' boxes are 2 wider than the ships: 5, 6 and 7 long.
	columns := []string{"eater, 8x8\nover 6 generations", "LWSS\nfrom its front", "MWSS\nfrom its front", "HWSS\nfrom its front"}
	ts := make([]lifeplot.Target, len(columns))
	for i, c := range columns {
		ts[i] = lifeplot.Target{Problem: c, Measured: map[string][]float64{}, Stopped: map[string][]float64{}}
	}
	styles := legend{}
	for _, r := range rows {
		i := -1
		switch {
		case r.Period == 4 && r.Side >= 7 && r.Side <= 9:
			i = r.Side - 6
		case r.Period <= 1 && r.Side == 8:
			i = 0
		}
		if i < 0 || !(seconds(r) > 0) {
			continue
		}
		name := styles.add(label(r), r.Solver)
		switch {
		case stopped(r):
			ts[i].Stopped[name] = append(ts[i].Stopped[name], seconds(r))
		case done(r):
			ts[i].Measured[name] = append(ts[i].Measured[name], seconds(r))
		}
	}
	return lifeplot.TargetPlot(ts, &lifeplot.TimingOptions{Title: "Template searches: the eater and c/2 ship completions, a point per seed", Styles: styles})
}}
