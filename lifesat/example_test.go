package lifesat_test

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/logic"
)

func ExampleParseRule() {
	for _, s := range []string{
		"B3/S23", "23/3", "b36/s23", // B/S notation: Life, Life, HighLife
		"B/S",                        // everything dies: not Life, not the zero Rule
		"B2n3/S23-q", "B2nace/S2-kn", // Hensel notation, in canonical form
		"MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA", // Life as a MAP string
		"B9/S23", "B3/S23:T20,20", "23/3/3", // refused
	} {
		r, err := lifesat.ParseRule(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(r, r == lifesat.Life, r.Equivalent(lifesat.Life), r.Totalistic())
	}
	// Output:
	// B3/S23 true true true
	// B3/S23 true true true
	// B36/S23 false false true
	// B/S false false true
	// B2n3/S23-q false false false
	// B2-ik/S2-kn false false false
	// MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA false true true
	// lifesat: bad rule "B9/S23": a cell has at most 8 neighbours
	// lifesat: bad rule "B3/S23:T20,20": bounded grids (":T20,20") are not supported: lifesat simulates the infinite plane or, with the torus edge, a board's own size
	// lifesat: bad rule "23/3/3": Generations rules (a third part, the number of states) have more than two states: not supported
}

func ExampleRule_Transition() {
	// Hensel's "2n" is the pair of opposite corners: under B2n/S a dead
	// cell is born between two live diagonal neighbours, and not beside
	// two neighbours next to each other ("2a").
	r, _ := lifesat.ParseRule("B2n/S")
	opposite := lifesat.NeighbourhoodOf([3][3]bool{
		{true, false, false},
		{false, false, false},
		{false, false, true},
	})
	adjacent := lifesat.NeighbourhoodOf([3][3]bool{
		{true, true, false},
		{false, false, false},
		{false, false, false},
	})
	fmt.Println(opposite, r.Transition(opposite), adjacent, r.Transition(adjacent))
	// The rule as a table, one bit per neighbourhood: NW 256, N 128,
	// NE 64, W 32, the cell 16, E 8, SW 4, S 2, SE 1.
	b := lifesat.NewBoard(3, 3)
	b.Set(0, 0, true)
	b.Set(2, 2, true)
	fmt.Print(lifesat.Step(b, r, lifesat.Dead))
	// Output:
	// 257 true 384 false
	// ...
	// .O.
	// ...
}

func ExampleNewRule() {
	// A rule that is no rotation of itself can only be written as a MAP
	// string: here every cell takes the state of its west neighbour, so
	// every pattern moves one cell east per generation.
	east := lifesat.NewRule(func(n lifesat.Neighbourhood) bool { return n&32 != 0 })
	fmt.Println(east.Isotropic(), east.String()[:12]+"...")
	b := lifesat.NewBoard(4, 1)
	b.Set(0, 0, true)
	b.Set(1, 0, true)
	fmt.Print(lifesat.Step(b, east, lifesat.Dead))
	// Output:
	// false MAPAAAAAP///...
	// .OO.
}

func ExampleStep() {
	// A blinker (LifeWiki "Blinker") turns from a row into a column.
	b := lifesat.NewBoard(3, 3)
	for x := range 3 {
		b.Set(x, 1, true)
	}
	fmt.Print(lifesat.Step(b, lifesat.Life, lifesat.Dead))
	// Output:
	// .O.
	// .O.
	// .O.
}

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
	beehive := lifesat.NewBoard(4, 3)
	for _, c := range [][2]int{{1, 0}, {2, 0}, {0, 1}, {3, 1}, {1, 2}, {2, 2}} {
		beehive.Set(c[0], c[1], true)
	}
	p := lifesat.StillLife(4, 3)
	fmt.Println(p.Check(&lifesat.Pattern{Phases: []*lifesat.Board{beehive}}, nil))
	blinker := lifesat.NewBoard(4, 3)
	for x := range 3 {
		blinker.Set(x, 1, true)
	}
	fmt.Println(p.Check(&lifesat.Pattern{Phases: []*lifesat.Board{blinker}}, nil))
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
