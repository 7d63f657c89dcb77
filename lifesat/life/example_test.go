package life_test

import (
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
