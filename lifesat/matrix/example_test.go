package matrix_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/matrix"
)

// Read the example board of the reverse-Life README: 4 rows, 6 columns.
func ExampleRead() {
	const entrada = `4 6
0 0 0 0 0 0
0 0 1 1 0 0
0 0 0 1 1 0
0 0 0 0 0 0
`
	b, err := matrix.Read(strings.NewReader(entrada))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b.Width(), "columns,", b.Height(), "rows")
	fmt.Print(b)
	// Output:
	// 6 columns, 4 rows
	// ......
	// ..OO..
	// ...OO.
	// ......
}

// Write a blinker in a 3 x 3 box.
func ExampleWrite() {
	b := life.NewBoard(3, 3)
	for y := range 3 {
		b.Set(1, y, true)
	}
	if err := matrix.Write(os.Stdout, b); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 3 3
	// 0 1 0
	// 0 1 0
	// 0 1 0
}
