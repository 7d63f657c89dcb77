package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/lls"
)

// The flags of the constraints that logic-life-search (LLS) and rlifesrc
// state beside a search's box and period: a transformation at the
// period's end, forbidden symmetries, generations that must differ,
// population bounds over several generations, change limits, and a
// periodic background. Each sets a field of lifesat.Problem.

// constraintFlags are those flags' values.
type constraintFlags struct {
	transform  string
	background string
	bgOffset   string
	asym       string
	change     listFlag
	popSum     listFlag
	maxChange  int
	maxDecay   int
	maxGrowth  int
}

// A listFlag is a flag that may be given more than once.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, " ") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

// declare adds the flags to fs; kind is still, osc, ship or search.
func (c *constraintFlags) declare(fs *flagSet, kind string) {
	if kind != "still" {
		fs.StringVar(&c.transform, "transform", "", "generation P is generation 0 turned or reflected about the box's centre, then moved by -shift: Id R90 R180 R270 F| F- F\\ F/ (rlifesrc's names; its -t T with DX DY is -transform T -shift -DX,-DY)")
	}
	fs.StringVar(&c.background, "background", "", "background `FILE` as LLS writes one (vacuum, zebra, chickenwire, ...: a periodic tile around and under the box); B0 rules need none, they search on the strobing plane")
	fs.StringVar(&c.bgOffset, "background-offset", "", "`X,Y,T`: the background's offset and phase, as LLS's --background_offset")
	fs.StringVar(&c.asym, "asym", "", "forbid these transforms as symmetries, each on its own, as LLS's -a: `T,T,...` (R180 rules out C2)")
	fs.Var(&c.change, "change", "generations `G0,G1` must differ in some cell of the box (LLS's -c); repeatable")
	fs.Var(&c.popSum, "pop-sum", "`GENS:MIN:MAX`: the live cells of the box summed over generations GENS (comma-separated) between MIN and MAX (either may be empty), as LLS's -p; repeatable")
	fs.limitVar(&c.maxChange, "max-change", "at most `N` cells of the box differ from generation 0 at each generation (LLS's --max_change; default: no limit)")
	fs.limitVar(&c.maxDecay, "max-decay", "at most `N` cells alive at generation 0 dead at each generation (LLS's --max_decay; default: no limit)")
	fs.limitVar(&c.maxGrowth, "max-growth", "at most `N` cells dead at generation 0 alive at each generation (LLS's --max_growth; default: no limit)")
}

// apply sets the constraints on p; read reads a background file.
func (c *constraintFlags) apply(p *lifesat.Problem, in *inputs) error {
	if c.transform != "" {
		t, err := life.ParseTransform(c.transform)
		if err != nil {
			return fmt.Errorf("-transform: %w", err)
		}
		p.Transform = t
	}
	if c.asym != "" {
		for _, name := range strings.Split(c.asym, ",") {
			t, err := life.ParseTransform(strings.TrimSpace(name))
			if err != nil {
				return fmt.Errorf("-asym: %w", err)
			}
			p.Asymmetric = append(p.Asymmetric, lifesat.Motion{Transform: t})
		}
	}
	for _, s := range c.change {
		g, err := ints("-change", s, 2, 2)
		if err != nil {
			return err
		}
		p.Change = append(p.Change, [2]int{g[0], g[1]})
	}
	for _, s := range c.popSum {
		b, err := popSum(s)
		if err != nil {
			return err
		}
		p.PopBounds = append(p.PopBounds, b)
	}
	for _, l := range []struct {
		name string
		n    int
		to   *lifesat.Limit
	}{{"-max-change", c.maxChange, &p.MaxChange}, {"-max-decay", c.maxDecay, &p.MaxDecay}, {"-max-growth", c.maxGrowth, &p.MaxGrowth}} {
		switch {
		case l.n < -1:
			return fmt.Errorf("%s %d: want 0 or more", l.name, l.n)
		case l.n >= 0:
			*l.to = lifesat.AtMost(l.n)
		}
	}
	if c.background == "" {
		if c.bgOffset != "" {
			return errors.New("-background-offset needs a -background")
		}
		return nil
	}
	var offset []int
	if c.bgOffset != "" {
		var err error
		if offset, err = ints("-background-offset", c.bgOffset, 3, 3); err != nil {
			return err
		}
	}
	read := func(name string) ([]byte, error) {
		data, _, err := in.read(name, "-background")
		return data, err
	}
	bg, open, err := lls.Background(c.background, offset, read)
	if err != nil {
		return fmt.Errorf("-background: %w", err)
	}
	p.Background = bg
	if open {
		if p.Template == nil {
			return fmt.Errorf("-background %s leaves the rule unstated around the box: give a -template", c.background)
		}
		p.Template.Open = true
	}
	return nil
}

// ints reads between lo and hi comma-separated integers.
func ints(flagName, s string, lo, hi int) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("%s %q: want integers separated by commas", flagName, s)
		}
		out = append(out, n)
	}
	if len(out) < lo || len(out) > hi {
		return nil, fmt.Errorf("%s %q: want %d numbers", flagName, s, lo)
	}
	return out, nil
}

// popSum reads "GENS:MIN:MAX" ("0,1:10:" is at least 10 live cells in
// generations 0 and 1 together).
func popSum(s string) (lifesat.PopBound, error) {
	bad := fmt.Errorf("-pop-sum %q: want GENS:MIN:MAX, like 0,1,2:13: (MIN or MAX may be empty)", s)
	parts := strings.Split(s, ":")
	if len(parts) != 3 {
		return lifesat.PopBound{}, bad
	}
	var b lifesat.PopBound
	if parts[0] != "" {
		g, err := ints("-pop-sum", parts[0], 1, 1<<16)
		if err != nil {
			return b, bad
		}
		b.Gens = g
	}
	if parts[1] != "" {
		n, err := strconv.Atoi(parts[1])
		if err != nil || n < 0 {
			return b, bad
		}
		b.Min = n
	}
	if parts[2] != "" {
		n, err := strconv.Atoi(parts[2])
		if err != nil || n < 0 {
			return b, bad
		}
		b.Max = lifesat.AtMost(n)
	}
	return b, nil
}
