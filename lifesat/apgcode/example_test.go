package apgcode_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/lifesat/lifesat/lifesat/apgcode"
	"github.com/lifesat/lifesat/lifesat/cells"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// read draws a plaintext picture.
func read(pic string) *life.Board {
	p, err := cells.Read(strings.NewReader(pic))
	if err != nil {
		panic(err)
	}
	return p.Board
}

// The glider, in any phase and orientation, is xq4_153.
func ExampleIdentify() {
	glider := read(".O.\n..O\nOOO\n")
	for _, b := range []*life.Board{glider, life.Step(glider.Pad(1), rule.Life, life.Dead).Transform(life.R90)} {
		o, err := apgcode.Identify(context.Background(), b, rule.Life, nil)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(o, o.Code.Kind, "of period", o.Period, "moving", o.Shift)
	}
	_, err := apgcode.Identify(context.Background(), read(".OO\nOO.\n.O.\n"), rule.Life, &apgcode.Options{MaxPeriod: 100})
	fmt.Println(err)
	// Output:
	// xq4_153 spaceship of period 4 moving (1,1)
	// xq4_153 spaceship of period 4 moving (-1,1)
	// apgcode: not a still life, oscillator or spaceship: it does not come back within 100 generations
}

func ExampleDecode() {
	for _, code := range []string{"xs4_33", "xp2_7", "xq4_153", "27deee6"} {
		b, err := apgcode.Decode(code)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Print(code, "\n", b)
	}
	_, err := apgcode.Decode("xs5_33")
	fmt.Println(err)
	// Output:
	// xs4_33
	// OO
	// OO
	// xp2_7
	// O
	// O
	// O
	// xq4_153
	// OOO
	// ..O
	// .O.
	// 27deee6
	// .OO....
	// OO.OOOO
	// .OOOOOO
	// ..OOOO.
	// apgcode: line 1, column 5: the body of "xs5_33" has 4 live cells, not 5
}

// The blinker lying down is "111", standing up "7": Encode picks the
// shorter.
func ExampleEncode() {
	blinker := read("OOO\n")
	fmt.Println(apgcode.Wechsler(blinker), apgcode.Wechsler(blinker.Transform(life.R90)), apgcode.Encode(blinker))
	// Output:
	// 111 7 7
}

// The body of the boat as it lies, in each of the eight orientations.
func ExampleWechsler() {
	boat := read("OO.\nO.O\n.O.\n")
	for _, t := range life.Transforms() {
		fmt.Print(apgcode.Wechsler(boat.Transform(t)), " ")
	}
	fmt.Println()
	// Output:
	// 352 253 256 652 253 652 352 256
}

func ExampleParse() {
	c, err := apgcode.Parse("xp15_4r4z4r4")
	fmt.Println(c.Kind, c.N, c.Body, err)
	c, err = apgcode.Parse("ov_q4")
	fmt.Printf("%v %d %q %v\n", c.Kind, c.N, c.Body, err)
	_, err = apgcode.Parse("xp1_7")
	fmt.Println(err)
	// Output:
	// oscillator 15 4r4z4r4 <nil>
	// spaceship 4 "" <nil>
	// apgcode: line 1, column 3: an oscillator has a period of at least 2, not 1 (a period-1 object is a still life, xs)
}

func ExampleRead() {
	f, err := apgcode.Read(strings.NewReader("\n  xs6_696\n\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(f.Code.Kind, "\n", f.Board)
	_, err = apgcode.Read(strings.NewReader("xs4_33\nxs6_696\n"))
	fmt.Println(err)
	// Output:
	// still life
	// .O.
	// O.O
	// O.O
	// .O.
	// apgcode: line 2: more than one code
}

func ExampleWrite() {
	o, err := apgcode.Identify(context.Background(), read("OO\nOO\n"), rule.Life, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	apgcode.Write(os.Stdout, o.Code)
	// Output:
	// xs4_33
}

// The worked example of the package documentation: the toad.
func Example() {
	toad := read(".OOO\nOOO.\n")
	other := life.Step(toad.Pad(1), rule.Life, life.Dead)
	fmt.Println(apgcode.Wechsler(toad), apgcode.Wechsler(toad.Transform(life.R90)))
	fmt.Println(apgcode.Wechsler(other), apgcode.Wechsler(other.Transform(life.R90)))
	o, err := apgcode.Identify(context.Background(), toad, rule.Life, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(o)
	b, err := apgcode.Decode(o.String())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(b)
	// Output:
	// 2331 7e
	// 6816 2994
	// xp2_7e
	// O.
	// OO
	// OO
	// .O
}
