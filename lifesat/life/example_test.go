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
