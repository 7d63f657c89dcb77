package cells_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/lifesat/lifesat/lifesat/cells"
	"github.com/lifesat/lifesat/lifesat/life"
)

// Read LifeWiki's glider, whose rows are trimmed; the board is padded to
// the widest row.
func ExampleRead() {
	const glider = `!Name: Glider
.O
..O
OOO
`
	p, err := cells.Read(strings.NewReader(glider))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Comments, p.Board.Width(), p.Board.Height())
	fmt.Print(p.Board)
	// Output:
	// [Name: Glider] 3 3
	// .O.
	// ..O
	// OOO
}

// Knuth's SAT-LIFE programs draw live cells as '*'.
func ExampleRead_knuth() {
	p, err := cells.Read(strings.NewReader(".**\n**.\n.*.\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(p.Board)
	// Output:
	// .OO
	// OO.
	// .O.
}

// Write keeps the board's box: dead rows and columns at the edges are
// written too.
func ExampleWrite() {
	b := life.NewBoard(5, 3)
	for x := 1; x <= 3; x++ {
		b.Set(x, 1, true)
	}
	if err := cells.Write(os.Stdout, &cells.File{Board: b, Comments: []string{"Name: Blinker"}}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// !Name: Blinker
	// .....
	// .OOO.
	// .....
}
