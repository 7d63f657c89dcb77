package plan

import (
	"context"
	"fmt"
	"slices"

	"github.com/lifesat/lifesat/lifesat"
)

// Re-splitting: a task of a split that reaches its time limit without an
// answer cuts its cube further (Header.Resplit sub-cubes, by the split's
// cut method, chosen on the cube's own formula) and writes them down in
// its result (status StatusSplit, Record.Split). Sub-cube k of task T is
// the task T.k: T's search with the sub-cube's cells known as well, its
// ID that search's. Nothing is added to the manifest, which stays as it
// was planned (its fingerprint is in every result): the split results
// are the plan's new tasks, and every worker and Collect derive the same
// sub-tasks from them.

// MaxResplit is the most sub-cubes a re-split may make.
const MaxResplit = 1024

// cells writes a cube down as [generation, x, y, state].
func cells(c Cube) [][4]int {
	out := make([][4]int, len(c))
	for i, k := range c {
		s := 0
		if k.Alive {
			s = 1
		}
		out[i] = [4]int{k.Gen, k.X, k.Y, s}
	}
	return out
}

// cubesOf reads cubes written down by cells.
func cubesOf(split [][][4]int) []Cube {
	out := make([]Cube, len(split))
	for i, c := range split {
		for _, k := range c {
			out[i] = append(out[i], lifesat.KnownCell{Gen: k[0], X: k[1], Y: k[2], Alive: k[3] == 1})
		}
	}
	return out
}

// children are the sub-tasks of task t, whose record rec is a split:
// sub-task k is t's search with sub-cube k's cells known too. It fails
// when a sub-cube knows a cell that t knows already, or makes no search.
func children(h *Header, t *Task, rec *Record) ([]Task, error) {
	known := map[cellKey]bool{}
	for _, k := range t.Spec.Known {
		known[cellKey{k[0], k[1], k[2]}] = true
	}
	out := make([]Task, len(rec.Split))
	for i, c := range rec.Split {
		sp := t.Spec
		sp.Known = slices.Clip(sp.Known)
		for _, k := range c {
			if known[cellKey{k[0], k[1], k[2]}] {
				return nil, fmt.Errorf("sub-cube %d knows the cell (%d,%d) at generation %d, which the task knows", i, k[1], k[2], k[0])
			}
			if k[3] != 0 && k[3] != 1 {
				return nil, fmt.Errorf("sub-cube %d: cell state %d", i, k[3])
			}
			sp.Known = append(sp.Known, k)
		}
		labels := map[string]string{}
		for k, v := range t.Labels {
			labels[k] = v
		}
		labels["cube"] += " " + CubeText(cubesOf(rec.Split[i : i+1])[0])
		out[i] = Task{Index: t.Index, Sub: append(slices.Clip(t.Sub), i), ID: specID(&sp), Labels: labels, Spec: sp}
		if _, _, err := search(&out[i].Spec); err != nil {
			return nil, fmt.Errorf("sub-cube %d: %v", i, err)
		}
	}
	return out, nil
}

// resplit cuts task t's cube into at most h.Resplit sub-cubes, on the
// cube's own formula; nil when it has fewer than two (no cell is left
// open to split on). ctx is checked as the formula is built.
func resplit(ctx context.Context, h *Header, t *Task) ([][][4]int, error) {
	p, s, err := search(&t.Spec)
	if err != nil {
		return nil, err
	}
	method := Centre
	if h.Cut != nil {
		method = h.Cut.Method
	}
	cubes, _, err := Cut(ctx, p, s, &CutOptions{Cubes: h.Resplit, Method: method})
	if err != nil || len(cubes) < 2 {
		return nil, err
	}
	out := make([][][4]int, len(cubes))
	for i, c := range cubes {
		out[i] = cells(c)
	}
	return out, nil
}
