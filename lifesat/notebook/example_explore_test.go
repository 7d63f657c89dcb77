package notebook_test

import (
	"context"
	"strings"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/notebook"
	"github.com/lifesat/lifesat/lifesat/rle"
	"github.com/lifesat/lifesat/lifesat/rule"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// Outside a notebook Explore searches once and prints. Here generation 0
// is known in full: LifeWiki's glider, in a 5 x 5 box, as a c/4 ship
// moving down and right.
func ExampleExplore() {
	glider, err := rle.Read(strings.NewReader("x = 3, y = 3\nbo$2bo$3o!"))
	if err != nil {
		panic(err)
	}
	p := lifesat.Spaceship(4, 1, 1, 5, 5)
	p.Template = tmpl.New(5, 5, 1)
	p.Template.Fix(0, glider.Board.Pad(1).Crop(p.Box()))
	if _, err := notebook.Explore(context.Background(), p, nil); err != nil {
		panic(err)
	}
	// Output:
	// explorer: spaceship p4 (1,1) 5x5, B3/S23
	// template generation 0:
	// .....
	// ..O..
	// ...O.
	// .OOO.
	// .....
	// found a pattern
	// generation 0 (population 5):
	// .....
	// ..O..
	// ...O.
	// .OOO.
	// .....
	// generation 1 (population 5):
	// .....
	// .....
	// .O.O.
	// ..OO.
	// ..O..
	// generation 2 (population 5):
	// .....
	// .....
	// ...O.
	// .O.O.
	// ..OO.
	// generation 3 (population 5):
	// .....
	// .....
	// ..O..
	// ...OO
	// ..OO.
	// generation 3 steps to generation 0 moved by (1, 1)
	// #C spaceship p4 (1,1) 5x5, B3/S23
	// x = 3, y = 3, rule = B3/S23
	// bo$2bo$3o!
}

// "No such pattern" is an answer: no still life fits a 1 x 1 box.
func ExampleExplore_noPattern() {
	if _, err := notebook.Explore(context.Background(), lifesat.StillLife(1, 1), nil); err != nil {
		panic(err)
	}
	// Output:
	// explorer: still life 1x1, B3/S23
	// no such pattern exists
}

// Outside a notebook the slider prints its boards: here the blinker's two
// phases, from life.Run.
func ExampleShowSlider() {
	b := life.NewBoard(3, 3)
	for x := range 3 {
		b.Set(x, 1, true)
	}
	phases := life.Run(b, rule.Life, life.Dead, 1)
	notebook.ShowSlider(phases, &notebook.SliderOptions{Caption: "the blinker", Label: "phase"})
	// Output:
	// the blinker
	// phase 0 (population 3):
	// ...
	// OOO
	// ...
	// phase 1 (population 3):
	// .O.
	// .O.
	// .O.
}
