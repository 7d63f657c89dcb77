package grow_test

import (
	"context"
	"fmt"

	"github.com/lifesat/lifesat/lifesat/grow"
)

// The lightweight spaceship, from nothing: a c/2 ship (2 cells every 4
// generations) in a strip 5 cells wide, grown from its front.
func ExampleSearch() {
	p := grow.Problem{Period: 4, Shift: 2, Width: 5}
	res, err := grow.Search(context.Background(), p, nil)
	if err != nil {
		panic(err)
	}
	ship := res.Ships[0]
	fmt.Println(res.Status, ship.Code, ship.Board.Population(), "cells")
	fmt.Print(ship.Board)
	// Output:
	// SAT xq4_6frc 12 cells
	// .O..
	// OOO.
	// O.OO
	// .OOO
	// .OO.
}

// No c/3 ship fits a strip 4 wide: every partial dies.
func ExampleSearch_none() {
	res, err := grow.Search(context.Background(), grow.Problem{Period: 3, Shift: 1, Width: 4}, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status, len(res.Ships), "ships")
	// Output:
	// UNSAT 0 ships
}

func ExampleParseSym() {
	s, err := grow.ParseSym("Odd")
	fmt.Println(s, err)
	_, err = grow.ParseSym("glide")
	fmt.Println(err)
	// Output:
	// odd <nil>
	// grow: bad problem: symmetry "glide" (want asym, odd, even or gutter)
}
