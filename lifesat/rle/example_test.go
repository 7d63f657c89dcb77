package rle_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rle"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// Read a glider from LifeWiki's RLE and draw it as plaintext.
func ExampleRead() {
	const glider = `#N Glider
x = 3, y = 3, rule = B3/S23
bo$2bo$3o!`
	p, err := rle.Read(strings.NewReader(glider))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Comments, p.Rule)
	fmt.Print(p.Board)
	// Output:
	// [N Glider] B3/S23
	// .O.
	// ..O
	// OOO
}

// Errors give the line and column.
func ExampleRead_error() {
	_, err := rle.Read(strings.NewReader("x = 3, y = 3\nbo$2bo$3z!"))
	fmt.Println(err)
	// Output:
	// rle: line 2, column 9: unexpected 'z'
}

// Write a blinker in a 5 x 5 box: the box is kept, the dead cells around
// the blinker are left out of the body.
func ExampleWrite() {
	b := life.NewBoard(5, 5)
	for x := 1; x <= 3; x++ {
		b.Set(x, 2, true)
	}
	p := &rle.File{Board: b, Rule: rule.Life, HasRule: true, Comments: []string{"N Blinker"}}
	if err := rle.Write(os.Stdout, p); err != nil {
		fmt.Println(err)
	}
	// Output:
	// #N Blinker
	// x = 5, y = 5, rule = B3/S23
	// 2$b3o!
}
