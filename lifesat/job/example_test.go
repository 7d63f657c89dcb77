package job_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/job"
)

func ExampleNew() {
	sp, err := job.New(lifesat.Oscillator(2, 5, 5), &lifesat.Settings{Seed: 3})
	if err != nil {
		panic(err)
	}
	json.NewEncoder(os.Stdout).Encode(sp)
	// Output:
	// {"width":5,"height":5,"period":2,"seed":3}
}

func ExampleRun() {
	sp := &job.Spec{Width: 5, Height: 5, Period: 2, Seed: 3}
	res := job.Run(context.Background(), sp, nil)
	fmt.Println(res.Status)
	for _, gen := range res.Patterns[0] {
		for _, row := range gen {
			fmt.Println(row)
		}
		fmt.Println()
	}
	// The reader checks the answer against the problem before trusting it.
	p, s, _ := sp.Search()
	back, _ := res.Lifesat()
	fmt.Println(p.Check(back.Patterns[0], s))
	// Output:
	// found
	// .....
	// .....
	// .O...
	// .O...
	// .O...
	//
	// .....
	// .....
	// .....
	// OOO..
	// .....
	//
	// <nil>
}
