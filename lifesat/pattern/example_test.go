package pattern_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/pattern"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// Read tells the format from the file itself.
func ExampleRead() {
	for _, file := range []string{
		"#N Glider\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n",
		"!Name: Glider\n.O\n..O\nOOO\n",
		"3 3\n0 1 0\n0 0 1\n1 1 1\n",
	} {
		p, err := pattern.Read(strings.NewReader(file))
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(p.Format, p.Board.Population(), p.Comments)
	}
	// Output:
	// rle 5 [N Glider]
	// cells 5 [Name: Glider]
	// matrix 5 []
}

func ExampleDetect() {
	for _, file := range []string{
		"#N Glider\nx = 3, y = 3\nbo$2bo$3o!",
		".O\n..O\nOOO",
		"4 6\n0 0 0 0 0 0\n",
		"hello",
	} {
		f, err := pattern.Detect([]byte(file))
		fmt.Println(f, err)
	}
	// Output:
	// rle <nil>
	// cells <nil>
	// matrix <nil>
	// Format(0) pattern: line 1: none of the formats rle, cells, matrix, apgcode matches "hello"
}

func ExampleParseFormat() {
	f, err := pattern.ParseFormat("Plaintext")
	fmt.Println(f, err)
	_, err = pattern.ParseFormat("png")
	fmt.Println(err)
	// Output:
	// cells <nil>
	// pattern: unknown format "png": want rle, cells (or plaintext), matrix or apgcode
}

// Write one board in each format.
func ExampleWrite() {
	b := life.NewBoard(3, 3)
	for x := range 3 {
		b.Set(x, 1, true) // a blinker
	}
	for _, f := range []pattern.Format{pattern.RLE, pattern.Cells, pattern.Matrix} {
		if err := pattern.Write(os.Stdout, b, f, rule.Life); err != nil {
			fmt.Println(err)
		}
	}
	// Output:
	// x = 3, y = 3, rule = B3/S23
	// $3o!
	// ...
	// OOO
	// ...
	// 3 3
	// 0 0 0
	// 1 1 1
	// 0 0 0
}
