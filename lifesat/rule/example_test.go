package rule_test

import (
	"encoding/json"
	"fmt"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

func ExampleParse() {
	for _, s := range []string{
		"B3/S23", "23/3", "b36/s23", // B/S notation: Life, Life, HighLife
		"B/S",                        // everything dies: not Life, not the zero Rule
		"B2n3/S23-q", "B2nace/S2-kn", // Hensel notation, in canonical form
		"MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA", // Life as a MAP string
		"B9/S23", "B3/S23:T20,20", "23/3/3", // refused
	} {
		r, err := rule.Parse(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(r, r == rule.Life, r.Equivalent(rule.Life), r.Totalistic())
	}
	// Output:
	// B3/S23 true true true
	// B3/S23 true true true
	// B36/S23 false false true
	// B/S false false true
	// B2n3/S23-q false false false
	// B2-ik/S2-kn false false false
	// MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA false true true
	// rule: bad rule "B9/S23": a cell has at most 8 neighbours
	// rule: bad rule "B3/S23:T20,20": bounded grids (":T20,20") are not supported: lifesat simulates the infinite plane or, with the torus edge, a board's own size
	// rule: bad rule "23/3/3": Generations rules (a third part, the number of states) have more than two states: not supported
}

func ExampleRule_Transition() {
	// Hensel's "2n" is the pair of opposite corners: under B2n/S a dead
	// cell is born between two live diagonal neighbours, and not beside
	// two neighbours next to each other ("2a").
	r, _ := rule.Parse("B2n/S")
	opposite := rule.NeighbourhoodOf([3][3]bool{
		{true, false, false},
		{false, false, false},
		{false, false, true},
	})
	adjacent := rule.NeighbourhoodOf([3][3]bool{
		{true, true, false},
		{false, false, false},
		{false, false, false},
	})
	fmt.Println(opposite, r.Transition(opposite), adjacent, r.Transition(adjacent))
	// The rule as a table, one bit per neighbourhood: NW 256, N 128,
	// NE 64, W 32, the cell 16, E 8, SW 4, S 2, SE 1.
	b := life.NewBoard(3, 3)
	b.Set(0, 0, true)
	b.Set(2, 2, true)
	fmt.Print(life.Step(b, r, life.Dead))
	// Output:
	// 257 true 384 false
	// ...
	// .O.
	// ...
}

func ExampleNew() {
	// A rule that is no rotation of itself can only be written as a MAP
	// string: here every cell takes the state of its west neighbour, so
	// every pattern moves one cell east per generation.
	east := rule.New(func(n rule.Neighbourhood) bool { return n&32 != 0 })
	fmt.Println(east.Isotropic(), east.String()[:12]+"...")
	b := life.NewBoard(4, 1)
	b.Set(0, 0, true)
	b.Set(1, 0, true)
	fmt.Print(life.Step(b, east, life.Dead))
	// Output:
	// false MAPAAAAAP///...
	// .OO.
}

func ExampleShape() {
	// Golly's hexagonal neighbourhood: the square grid without the NE and
	// SW corners, so that a cell has six neighbours.
	r, _ := rule.Parse("b2/s34h")
	fmt.Println(r, r.Shape(), r.Shape().Size(), r.Totalistic())
	fmt.Println(r.Next(false, 2), r.Next(true, 5))
	fmt.Println(r.Transition(rule.Bit(1, -1)|rule.Bit(-1, 1)), r.Transition(rule.Bit(-1, -1)|rule.Bit(1, 1)))
	// A period-3 oscillator of B2/S34H (drc, conwaylife.com forums,
	// "B2/S34H (Hexagonal Life)", t=2015), in its three phases.
	b := life.NewBoard(3, 3)
	for _, c := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {2, 1}, {1, 2}, {2, 2}} {
		b.Set(c[0], c[1], true)
	}
	for range 3 {
		b = life.Step(b.Pad(1), r, life.Dead)
		b = b.Crop(b.BoundingBox())
		fmt.Printf("%s\n", b)
	}
	// The von Neumann neighbourhood and a MAP string of the hexagonal one.
	for _, s := range []string{"B2/S013V", "MAPFgFoF2gXgH5oF4B+gH4A6A", "B2a/S34H"} {
		r, err := rule.Parse(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(r, r.Shape(), r.Equivalent(rule.MustParse("B2/S34H")))
	}
	// Output:
	// B2/S34H hexagonal 6 true
	// true false
	// false true
	// .O...
	// O..O.
	// .....
	// .O..O
	// ...O.
	//
	// O.O..
	// .OO..
	// OO.OO
	// ..OO.
	// ..O.O
	//
	// OO.
	// O.O
	// .OO
	//
	// B2/S013V von Neumann false
	// MAPFgFoF2gXgH5oF4B+gH4A6A hexagonal true
	// rule: bad rule "B2a/S34H": 2a: hexagonal rules take neighbour counts only, no letters (Hensel's name Moore neighbourhoods, and LifeWiki's hexagonal o, m, p are not supported); a MAP string of 22 characters writes any hexagonal rule
}

func ExampleRule_MarshalText() {
	// A rule travels as its canonical notation: in JSON, a string.
	type spec struct {
		Rule rule.Rule `json:"rule,omitzero"`
	}
	hex := rule.MustParse("b2/s34h").Unfix(rule.Centre | rule.Bit(1, 1)) // S1 free
	for _, r := range []rule.Rule{rule.MustParse("23/3"), rule.MustParse("B2n3/S23-q"), hex, {}} {
		data, _ := json.Marshal(spec{r})
		var back spec
		err := json.Unmarshal(data, &back)
		fmt.Println(string(data), back.Rule == r, err)
	}
	// Output:
	// {"rule":"B3/S23"} true <nil>
	// {"rule":"B2n3/S23-q"} true <nil>
	// {"rule":"B2/S34H .. B2/S134H"} true <nil>
	// {} true <nil>
}
