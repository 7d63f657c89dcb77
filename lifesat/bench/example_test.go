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
