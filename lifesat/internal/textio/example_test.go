package textio_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/lifesat/lifesat/lifesat/internal/textio"
)

// A format package sets Format to its name; Col 0 means the whole line.
func ExampleSyntaxError() {
	errFormat := errors.New("rle: invalid format")
	var err error = &textio.SyntaxError{Format: "rle", Line: 3, Col: 7, Msg: "unexpected 'z'", Err: errFormat}
	fmt.Println(err)
	fmt.Println(errors.Is(err, errFormat))
	err = &textio.SyntaxError{Format: "rle", Line: 1, Msg: `missing header "x = W, y = H"`, Err: errFormat}
	fmt.Println(err)
	// Output:
	// rle: line 3, column 7: unexpected 'z'
	// true
	// rle: line 1: missing header "x = W, y = H"
}

func ExampleQuote() {
	fmt.Println(textio.Quote("B9/S23"))
	fmt.Println(textio.Quote(strings.Repeat("bo$", 10)))
	// Output:
	// "B9/S23"
	// "bo$bo$bo$bo$bo$bo$bo"...
}

// ReadLine drops "\n" and "\r\n"; NewReader skips a byte order mark.
func ExampleReadLine() {
	r := textio.NewReader(strings.NewReader("\uFEFF#N Glider\r\nx = 3, y = 3\nbo$2bo$3o!"))
	for {
		line, err := textio.ReadLine(r)
		if err != nil {
			fmt.Println(err)
			break
		}
		fmt.Printf("%q\n", line)
	}
	// Output:
	// "#N Glider"
	// "x = 3, y = 3"
	// "bo$2bo$3o!"
	// EOF
}
