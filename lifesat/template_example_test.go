package lifesat_test

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// The predecessors of a blinker's vertical phase inside a 3x3 box: fix
// generation 1, leave generation 0 unknown. A template without a period
// is a reaction: generation 1 is the step of generation 0, and nothing
// more is asked. The search lists every answer; in the empty plane there
// is one, the blinker's other phase (a brute force over the 512 boards
// agrees).
func ExampleTemplate() {
	tpl := tmpl.New(3, 3, 2)
	column := life.NewBoard(3, 3)
	for y := range 3 {
		column.Set(1, y, true)
	}
	tpl.Fix(1, column)
	err := lifesat.Enumerate(context.Background(), lifesat.Reaction(tpl), nil, func(p *lifesat.Pattern) bool {
		fmt.Print(p.Phases[0])
		return true
	})
	fmt.Println(err)
	// Output:
	// ...
	// OOO
	// ...
	// <nil>
}

// Named variables tie cells together across generations: here a still
// life in a 4x4 box whose top-left and bottom-right cells are alive and
// the same (the variable a), with cell (1, 1) alive. Both fishhooks
// (eater 1) that fit have a alive.
func ExampleSpec() {
	tpl := tmpl.New(4, 4, 1)
	a := tmpl.Spec{Kind: tmpl.Named, Name: "a"}
	tpl.Set(0, 0, 0, a)
	tpl.Set(0, 3, 3, a)
	tpl.Set(0, 1, 1, tmpl.Spec{Kind: tmpl.Alive})
	p := lifesat.StillLife(4, 4)
	p.Template = tpl
	fmt.Print(tpl)
	fmt.Println(p)
	res, err := lifesat.Search(context.Background(), p, &lifesat.Settings{Solutions: 100})
	if err != nil {
		fmt.Println(err)
		return
	}
	var found []string // in order, not the solver's
	for _, pat := range res.Patterns {
		if p.Values(pat)["a"] {
			found = append(found, pat.Board().String())
		}
	}
	sort.Strings(found)
	fmt.Println(len(res.Patterns), "still lifes,", len(found), "with a alive:")
	fmt.Print(strings.Join(found, "\n"))
	// Output:
	// a * * *
	// * 1 * *
	// * * * *
	// * * * a
	// still life 4x4 template
	// 31 still lifes, 2 with a alive:
	// O...
	// OOO.
	// ...O
	// ..OO
	//
	// OO..
	// .O..
	// .O.O
	// ..OO
}
