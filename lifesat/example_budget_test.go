package lifesat_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/lifesat/lifesat/lifesat"
)

// A search whose formula would not fit in MaxMemory is refused before
// anything is built, with the estimate.
func ExampleMaxMemory() {
	_, err := lifesat.Search(context.Background(), lifesat.StillLife(512, 512), nil)
	fmt.Println(errors.Is(err, lifesat.ErrProblem))
	fmt.Println(err)
	// Output:
	// true
	// lifesat: bad problem: still life 512x512 (direct encoding): the formula would have 262144 variables, 35.4 million clauses and 240.8 million literals, about 10.0 GB with the solver gophersat, more than the limit of 3.0 GB; try a smaller box or period, a symmetry or another encoding
}

// EncodeContext stops encoding when the context ends.
func ExampleEncodeContext() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	_, err := lifesat.EncodeContext(ctx, lifesat.StillLife(256, 256), nil)
	fmt.Println(err)
	// Output: context deadline exceeded
}

// Memory tells, before anything is built, whether a search fits its
// budget: a program that runs searches side by side can give each its
// share with Settings.MaxMemory.
func ExampleMemory() {
	for _, p := range []lifesat.Problem{lifesat.StillLife(64, 64), lifesat.StillLife(512, 512)} {
		need, err := lifesat.Memory(p, nil)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%v: fits %v, fits twice %v\n", p, need <= lifesat.MaxMemory, 2*need <= lifesat.MaxMemory)
	}
	// Output:
	// still life 64x64: fits true, fits twice true
	// still life 512x512: fits false, fits twice false
}
