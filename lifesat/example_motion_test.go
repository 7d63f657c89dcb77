package lifesat_test

import (
	"context"
	"fmt"
	"image"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

func ExampleMotion() {
	// The lightweight spaceship is glide-reflective (LifeWiki
	// "Lightweight spaceship"): two generations on, it is its mirror
	// image, moved one cell. As a period-2 search with that motion it is
	// the one answer in a 7x5 box.
	p := lifesat.Problem{Width: 7, Height: 5, Period: 2, Transform: life.FlipTB, Shift: image.Pt(1, 0)}
	fmt.Println(p, "-", lifesat.Motion{Gens: p.Period, Transform: p.Transform, Shift: p.Shift})
	res, err := lifesat.Search(context.Background(), p, &lifesat.Settings{Solutions: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(res.Patterns), "ship, proved the only one:", res.Exhausted)
	b := res.Patterns[0].Board()
	fmt.Print(b.Crop(b.BoundingBox()).Population(), " cells\n")
	// Output:
	// spaceship p2 F- (1,0) 7x5 - p2 F- (1,0)
	// 1 ship, proved the only one: true
	// 9 cells
}

func ExampleProblem_Unroll() {
	// A pattern whose generation 1 is its generation 0 mirrored left to
	// right is an oscillator of period 2 (or a still life, which the exact
	// period rules out): Unroll gives both generations, which Check takes
	// as an answer of period 2.
	p := lifesat.Problem{Width: 6, Height: 6, Period: 1, Transform: life.FlipLR}
	res, err := lifesat.Search(context.Background(), p, &lifesat.Settings{Seed: 1})
	if err != nil || len(res.Patterns) == 0 {
		fmt.Println(res, err)
		return
	}
	whole, err := p.Unroll(res.Patterns[0], 2, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	g := whole.Phases
	fmt.Println(len(g), "generations, mirror images:", g[1].Equal(g[0].FlipX()))
	fmt.Println("a period-2 oscillator:", lifesat.Oscillator(2, 6, 6).Check(whole, nil) == nil)
	// Output:
	// 2 generations, mirror images: true
	// a period-2 oscillator: true
}

func ExamplePopBound() {
	// Period-2 oscillators, still lifes among them, in a closed 4x4 box,
	// counted as logic-life-search counts "-b 4 4 3 -s p2 -p '>=13' 0 1
	// 2": a template of the three generations pins them in place, and
	// the three together have 13 live cells or more. LLS finds 85.
	p := lifesat.Oscillator(2, 4, 4)
	p.Template = tmpl.New(4, 4, 3)
	p.PopBounds = []lifesat.PopBound{{Gens: []int{0, 1, 2}, Min: 13}}
	n, err := lifesat.Count(context.Background(), p, &lifesat.Settings{AnyPeriod: true})
	fmt.Println(n, err)
	// Output:
	// 85 <nil>
}

func ExampleProblem_background() {
	// Under B026/S1 (a B0 rule without S8) the empty plane strobes: dead,
	// then alive. A period-2 search in 3x3 lies on that plane (rlifesrc's
	// test "b0" finds a pattern there too); Check re-simulates the answer on it.
	r := rule.MustParse("B026/S1")
	res, err := lifesat.Search(context.Background(), lifesat.Oscillator(2, 3, 3), &lifesat.Settings{Rule: r})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("period 2:", res.Status)
	// The plane itself comes back after even periods only.
	res, err = lifesat.Search(context.Background(), lifesat.Oscillator(3, 3, 3), &lifesat.Settings{Rule: r})
	fmt.Println("period 3:", res.Status, err)
	// Output:
	// period 2: SAT
	// period 3: UNSAT <nil>
}
