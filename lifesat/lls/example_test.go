package lls_test

import (
	"context"
	"fmt"
	"io/fs"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/lls"
)

func ExampleCommand() {
	// LLS's help example, the glide reflection of a glider: generation 2
	// is generation 0 reflected in the main diagonal and moved one cell
	// right, in a 4x4 grid of 3 generations with a live cell. (In a shell,
	// quote the backslash: -s p2 'RE\' x1.)
	words := []string{"-b", "4", "4", "3", "-s", "p2", `RE\`, "x1", "-p"}
	noFiles := func(string) ([]byte, error) { return nil, fs.ErrNotExist }
	s, err := lls.Command(words, noFiles)
	if err != nil {
		fmt.Println(err)
		return
	}
	p := s.Problem
	fmt.Println(p.Period, p.Transform, p.Shift, len(p.Template.Gens), "generations")
	// LLS counts 4: the glider's four phases, pinned in the grid.
	n, err := lifesat.Count(context.Background(), p, &s.Settings)
	fmt.Println(n, err)
	// Output:
	// 2 F\ (1,0) 3 generations
	// 4 <nil>
}
