package life_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

func ExampleStep() {
	// A blinker (LifeWiki "Blinker") turns from a row into a column.
	b := life.NewBoard(3, 3)
	for x := range 3 {
		b.Set(x, 1, true)
	}
	fmt.Print(life.Step(b, rule.Life, life.Dead))
	// Output:
	// .O.
	// .O.
	// .O.
}

func ExamplePlane() {
	// The glider (LifeWiki "Glider") is back after 4 generations, one
	// cell right and one down: the plane grows the frame to hold it.
	b := life.NewBoard(3, 3)
	for _, c := range [][2]int{{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}} {
		b.Set(c[0], c[1], true)
	}
	fmt.Print(life.Step(b, rule.Life, life.Dead), "\n")
	g, at, err := life.Plane(context.Background(), b, rule.Life, 4)
	fmt.Print(g)
	fmt.Println(at, err)
	// Output:
	// ...
	// O.O
	// .OO
	//
	// ....
	// ..O.
	// ...O
	// .OOO
	// (0,0) <nil>
}

func ExampleSymmetry_Holds() {
	blinker := life.NewBoard(3, 3)
	for x := range 3 {
		blinker.Set(x, 1, true)
	}
	for _, s := range []life.Symmetry{life.D4Plus, life.C4, life.D8} {
		fmt.Println(s, s.Holds(blinker))
	}
	// Output:
	// D4+ true
	// C4 false
	// D8 false
}

func ExampleStepOn() {
	// Under the B0 rule B0/S0 the plane around a pattern strobes: all
	// dead, then all alive. A lone live cell on it keeps its eight
	// neighbours dead (each sees one live cell, and only B0 births), so
	// the plane flashes around a still ring: at generation 1 the cells
	// beyond the 3x3 board are alive, at generation 2 dead again.
	r := rule.MustParse("B0/S0")
	plane, _ := life.Vacuum(r) // dead at even generations, alive at odd ones
	b := life.NewBoard(5, 5)
	b.Set(2, 2, true)
	for t := range 2 {
		b = life.StepOn(b, r, plane, t)
		fmt.Print(b, "\n")
	}
	// Output:
	// OOOOO
	// O...O
	// O.O.O
	// O...O
	// OOOOO
	//
	// .....
	// .....
	// ..O..
	// .....
	// .....
}

func ExampleTransform_MarshalText() {
	// The LWSS comes back after 2 generations mirrored top to bottom and
	// moved: its motion as a JSON job spec writes it.
	type motion struct {
		Transform life.Transform `json:"transform,omitzero"`
		Symmetry  life.Symmetry  `json:"symmetry,omitempty"`
	}
	data, _ := json.Marshal(motion{Transform: life.FlipTB})
	fmt.Println(string(data))
	var m motion
	err := json.Unmarshal([]byte(`{"transform":"r90","symmetry":"c4"}`), &m)
	fmt.Println(m.Transform, m.Symmetry, err)
	err = json.Unmarshal([]byte(`{"transform":"R45"}`), &m)
	fmt.Println(err)
	// Output:
	// {"transform":"F-"}
	// R90 C4 <nil>
	// life: unknown transform "R45" (want one of Id R90 R180 R270 F| F- F\ F/)
}
