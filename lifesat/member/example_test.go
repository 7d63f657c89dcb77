package member_test

import (
	"context"
	"fmt"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/member"
)

// The members here are this test binary run again, whose TestMain calls
// member.Serve first, as a program's main does.
func ExampleProcess() {
	p := lifesat.Oscillator(2, 5, 5)
	res, err := lifesat.Race(context.Background(), p, nil,
		&lifesat.RaceOptions{Jobs: 2, Member: member.Process(nil)})
	if err != nil {
		panic(err)
	}
	// Race checked the answer; so does the reader.
	fmt.Println(res.Status, p.Kind(), p.Check(res.Patterns[0], nil))
	// Output:
	// SAT oscillator <nil>
}
