package lifesat_test

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
)

func ExampleEncode() {
	in, err := lifesat.Encode(lifesat.StillLife(2, 2), &lifesat.Settings{Diversify: lifesat.NoFlip})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(in.CNF.NumVars(), "variables,", in.CNF.NumClauses(), "clauses")
	// Any solver's model decodes through the cell literals.
	ok, _ := logic.Satisfiable(context.Background(), in.CNF, nil)
	fmt.Println("satisfiable:", ok, "cell (1,1) is literal", in.Cell(0, 1, 1))
	// Output:
	// 4 variables, 17 clauses
	// satisfiable: true cell (1,1) is literal 4
}

func ExampleProblem_Check() {
	// The beehive (LifeWiki "Beehive") is a still life of Life (the
	// default rule of nil Settings); the blinker is not.
	beehive := life.NewBoard(4, 3)
	for _, c := range [][2]int{{1, 0}, {2, 0}, {0, 1}, {3, 1}, {1, 2}, {2, 2}} {
		beehive.Set(c[0], c[1], true)
	}
	p := lifesat.StillLife(4, 3)
	fmt.Println(p.Check(&lifesat.Pattern{Phases: []*life.Board{beehive}}, nil))
	blinker := life.NewBoard(4, 3)
	for x := range 3 {
		blinker.Set(x, 1, true)
	}
	fmt.Println(p.Check(&lifesat.Pattern{Phases: []*life.Board{blinker}}, nil))
	// Output:
	// <nil>
	// lifesat: generation 0 does not step to generation 0
}

func ExampleFindOscillator() {
	phases, err := lifesat.FindOscillator(2, 3, 3, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	// The only period-2 oscillator of a 3x3 box is the blinker; which of
	// its phases comes first is the solver's choice.
	var shapes []string
	for _, ph := range phases {
		shapes = append(shapes, fmt.Sprint(ph.Crop(ph.BoundingBox()).Width(), " x ", ph.Crop(ph.BoundingBox()).Height()))
	}
	slices.Sort(shapes)
	fmt.Println(strings.Join(shapes, ", "))
	// Output:
	// 1 x 3, 3 x 1
}

func ExampleCount() {
	// Count counts what Search may return: without AllowEmpty, the
	// non-empty still lifes only. OEIS A136278 counts the empty one too.
	ctx := context.Background()
	nonEmpty, err := lifesat.Count(ctx, lifesat.StillLife(3, 3), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	all, err := lifesat.Count(ctx, lifesat.StillLife(3, 3), &lifesat.Settings{AllowEmpty: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(nonEmpty, "non-empty still lifes in 3x3;", all, "with the empty one (OEIS A136278)")
	// Output:
	// 11 non-empty still lifes in 3x3; 12 with the empty one (OEIS A136278)
}
