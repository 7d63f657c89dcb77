package lifesat_test

import (
	"context"
	"fmt"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// In which rules between B/S and B3/S23 is the glider a c/4 diagonal
// ship? Generation 0 is fixed to the glider; the answer's range: the
// classes of B3, S2 and S3 it uses are on, the others free.
func ExampleProblem_RuleRange() {
	glider := life.NewBoard(5, 5)
	for _, c := range [][2]int{{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}} {
		glider.Set(c[0], c[1], true)
	}
	p := lifesat.Spaceship(4, 1, 1, 5, 5)
	p.Template = tmpl.New(5, 5, 1)
	p.Template.Fix(0, glider)
	rule, _ := rule.Parse("pB3/S23")
	res, err := lifesat.Search(context.Background(), p, &lifesat.Settings{Rule: rule})
	if err != nil {
		panic(err)
	}
	r := res.Patterns[0].Rule
	fmt.Println(r)
	fmt.Println(r.Min(), "..", r.Max())
	// Output:
	// pB3aijn/S2ae3jnr
	// B3aijn/S2ae3jnr .. B3/S23
}
