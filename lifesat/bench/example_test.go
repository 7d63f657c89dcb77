package bench_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/bench"
)

func ExampleRun() {
	s := bench.Suite{Name: "small", Cases: []bench.Case{
		{Kind: bench.Search, Problem: lifesat.StillLife(6, 6), Seeded: true},
		{Kind: bench.Max, Problem: lifesat.StillLife(5, 5)},
	}}
	rows, err := bench.Run(context.Background(), s, &bench.Options{Seeds: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rows {
		fmt.Println(strings.TrimSpace(fmt.Sprint(r.Problem, " ", r.Seed, " ", r.Status, " ", r.Verified, " ", r.Value)))
	}
	// Output:
	// still life 6x6 1 SAT true
	// still life 6x6 2 SAT true
	// max still life 5x5 1 OPTIMAL true 16
}

// The hard suite's searches as logic-life-search commands: the exact
// period-4 oscillator in 8x8 asks generation 2 to differ from generation 0.
func ExampleLLSArgs() {
	for _, p := range []lifesat.Problem{lifesat.Oscillator(4, 8, 8), lifesat.Spaceship(4, 0, 2, 9, 9)} {
		args, err := bench.LLSArgs(p)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println("./lls " + strings.Join(args, " "))
	}
	// Output:
	// ./lls -b 8 8 5 -s p4 -c 0 2 -M 1 -S cadical
	// ./lls -b 9 9 5 -s p4 y2 -c -M 1 -S cadical
}

// LLS prints its answer two rows to a character: a blinker in LLS's 5x5
// grid (the 3x3 box and its ring).
func ExampleReadLLSBlocks() {
	b, err := bench.ReadLLSBlocks("x = 5, y = 5, rule = B3/S23\n  ▄  \n  █  \n     \n")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(b)
	// Output:
	// .....
	// ..O..
	// ..O..
	// ..O..
	// .....
}
