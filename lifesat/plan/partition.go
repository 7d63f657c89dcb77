package plan

import (
	"fmt"

	"github.com/lifesat/lifesat/lifesat"
)

// Partition reports why the cubes do not partition the assignments of
// the cells they name, or nil: then every assignment, and so every answer
// of the whole search, agrees with exactly one cube, and the whole search
// has no answer exactly when no cube has one.
//
// It accepts the cubes of a decision tree, in any order and with their
// cells in any order: some cell is known in every cube, the cubes that
// know it alive partition what is left, and so do those that know it
// dead, down to single cubes that know nothing more. Under a symmetry
// two cells of one orbit are one variable; Partition compares cells, so
// it accepts only what the cells alone prove (Cut names each variable by
// one cell).
func Partition(cubes []Cube) error {
	if len(cubes) == 0 {
		return fmt.Errorf("no cubes")
	}
	sets := make([]map[cellKey]bool, len(cubes))
	for i, c := range cubes {
		sets[i] = make(map[cellKey]bool, len(c))
		for _, k := range c {
			if _, ok := sets[i][keyOf(k)]; ok {
				return fmt.Errorf("cube %d knows the cell %s twice", i, cellName(k))
			}
			sets[i][keyOf(k)] = k.Alive
		}
	}
	fixed := map[cellKey]bool{} // the branch: cells decided so far
	var split func(ids []int) error
	split = func(ids []int) error {
		first := ids[0]
		if len(ids) == 1 {
			if len(cubes[first]) != len(fixed) {
				return fmt.Errorf("cube %d knows %d cells where its branch decides %d: the rest of the branch is in no cube", first, len(cubes[first]), len(fixed))
			}
			return nil
		}
		// A cell that every cube of the branch knows and the branch has
		// not decided: the first such of the first cube.
		var pivot lifesat.KnownCell
		found := false
		for _, k := range cubes[first] {
			if _, ok := fixed[keyOf(k)]; ok {
				continue
			}
			all := true
			for _, j := range ids {
				if _, ok := sets[j][keyOf(k)]; !ok {
					all = false
					break
				}
			}
			if all {
				pivot, found = k, true
				break
			}
		}
		if !found {
			return fmt.Errorf("cubes %d and %d overlap: no cell that both know tells them apart%s", first, ids[1], branchName(fixed))
		}
		var alive, dead []int
		for _, j := range ids {
			if sets[j][keyOf(pivot)] {
				alive = append(alive, j)
			} else {
				dead = append(dead, j)
			}
		}
		for _, side := range []struct {
			ids   []int
			alive bool
		}{{alive, true}, {dead, false}} {
			fixed[keyOf(pivot)] = side.alive
			if len(side.ids) == 0 {
				return fmt.Errorf("no cube has the cell %s %s%s", cellName(pivot), state(side.alive), branchName(fixed))
			}
			if err := split(side.ids); err != nil {
				return err
			}
			delete(fixed, keyOf(pivot))
		}
		return nil
	}
	ids := make([]int, len(cubes))
	for i := range ids {
		ids[i] = i
	}
	return split(ids)
}

// A cellKey is a cell of a generation.
type cellKey struct{ gen, x, y int }

func keyOf(k lifesat.KnownCell) cellKey { return cellKey{k.Gen, k.X, k.Y} }

// cellName is "(x,y) at generation t".
func cellName(k lifesat.KnownCell) string {
	return fmt.Sprintf("(%d,%d) at generation %d", k.X, k.Y, k.Gen)
}

func state(alive bool) string {
	if alive {
		return "alive"
	}
	return "dead"
}

// branchName is " where ..." naming a few of the branch's cells.
func branchName(fixed map[cellKey]bool) string {
	if len(fixed) == 0 {
		return ""
	}
	return fmt.Sprintf(" (in a branch that decides %d cells)", len(fixed))
}
