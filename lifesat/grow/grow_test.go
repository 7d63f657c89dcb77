package grow_test

import (
	"context"
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/lifesat/lifesat/lifesat/grow"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

func stress(t *testing.T) {
	if os.Getenv("LIFESAT_STRESS") == "" {
		t.Skip("long: set LIFESAT_STRESS=1")
	}
}

// moves checks by life.Plane, independently of the search, that b comes
// back moved (0, -k) after p generations.
func moves(t *testing.T, b *life.Board, p, k int) {
	t.Helper()
	got, at, err := life.Plane(context.Background(), b, rule.Life, p)
	if err != nil {
		t.Fatal(err)
	}
	box := got.BoundingBox().Add(at)
	if box != b.BoundingBox().Add(image.Pt(0, -k)) || !got.Crop(got.BoundingBox()).Equal(b.Crop(b.BoundingBox())) {
		t.Errorf("not a ship moving (0, %d) every %d generations:\n%v", -k, p, b)
	}
}

// TestSmallShips: the light, middle and heavy weight spaceships (c/2,
// LifeWiki's apgcodes xq4_6frc, xq4_27dee6 and xq4_27deee6) in a strip 7
// wide (8 and 9 under LIFESAT_STRESS), every ship of at most 9 rows
// listed (Repeats), none narrower than its sparks allow.
func TestSmallShips(t *testing.T) {
	widths := []int{7}
	if os.Getenv("LIFESAT_STRESS") != "" {
		widths = append(widths, 8, 9)
	}
	for _, w := range widths {
		p := grow.Problem{Period: 4, Shift: 2, Width: w, MaxLength: 9}
		res, err := grow.Search(context.Background(), p, &grow.Settings{Ships: 10, Repeats: true})
		if err != nil {
			t.Fatal(err)
		}
		weights(t, w, res)
		for _, s := range res.Ships {
			if s.Board.Width() > w || s.Length > 9 {
				t.Errorf("width %d: %s is %dx%d (%d rows over its period)", w, s.Code, s.Board.Width(), s.Board.Height(), s.Length)
			}
		}
	}
	// Width 5 holds the LWSS alone: the sparks of the others need 7.
	res, err := grow.Search(context.Background(), grow.Problem{Period: 4, Shift: 2, Width: 5, MaxLength: 9}, &grow.Settings{Ships: 10, Repeats: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != logic.Sat || len(res.Ships) != 1 || res.Ships[0].Code != "xq4_6frc" {
		t.Errorf("width 5: %v %v, want the LWSS alone", res.Status, res.Ships)
	}
}

// TestNone: no c/2 ship fits a strip 3 wide, and the search ends (every
// partial dies) without a length bound.
func TestNone(t *testing.T) {
	res, err := grow.Search(context.Background(), grow.Problem{Period: 4, Shift: 2, Width: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != logic.Unsat {
		t.Errorf("c/2 in 3 columns: %v %v, want UNSAT", res.Status, res.Ships)
	}
}

// TestResume stops a search at a depth, with a checkpoint, and starts it
// again from the file: it finds the ship a search run at once finds.
func TestResume(t *testing.T) {
	p := grow.Problem{Period: 4, Shift: 2, Width: 6}
	whole, err := grow.Search(context.Background(), p, &grow.Settings{Lookahead: 8})
	if err != nil || whole.Status != logic.Sat {
		t.Fatalf("%v %v", whole.Status, err)
	}
	file := filepath.Join(t.TempDir(), "c2.grow")
	first, err := grow.Search(context.Background(), p, &grow.Settings{Checkpoint: file, MaxDepth: 12, Lookahead: 8})
	if err != nil {
		t.Fatal(err)
	}
	if first.Status != logic.Unknown || !errors.Is(first.Err, grow.ErrDepth) || first.PartialRows != 12 || first.Partial == nil {
		t.Fatalf("stopped at depth 12: %v %v, partial of %d rows", first.Status, first.Err, first.PartialRows)
	}
	second, err := grow.Search(context.Background(), p, &grow.Settings{Checkpoint: file, Lookahead: 8})
	if err != nil {
		t.Fatal(err)
	}
	if second.Status != logic.Sat || second.Ships[0].Code != whole.Ships[0].Code || !second.Ships[0].Board.Equal(whole.Ships[0].Board) {
		t.Errorf("resumed: %v %v, want %v", second.Status, second.Ships, whole.Ships)
	}
	if second.Stats.Nodes != whole.Stats.Nodes || second.Stats.Depth != whole.Stats.Depth {
		t.Errorf("resumed: %+v, a whole search %+v", second.Stats, whole.Stats)
	}
	// A checkpoint of another search is refused.
	if _, err := grow.Search(context.Background(), grow.Problem{Period: 4, Shift: 2, Width: 7}, &grow.Settings{Checkpoint: file}); err == nil {
		t.Error("a checkpoint of width 6 resumed a search of width 7")
	}
}

// TestStopped: a cancelled search says why and gives its longest partial.
func TestStopped(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	res, err := grow.Search(ctx, grow.Problem{Period: 7, Shift: 1, Width: 10}, &grow.Settings{Progress: func(grow.Progress) {
		if n++; n == 3 {
			cancel()
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != logic.Unknown || !errors.Is(res.Err, context.Canceled) || res.Partial == nil || res.PartialRows < 1 {
		t.Errorf("%v %v, partial of %d rows", res.Status, res.Err, res.PartialRows)
	}
}

func TestBadProblems(t *testing.T) {
	for _, p := range []grow.Problem{
		{Period: 1, Shift: 1, Width: 5},
		{Period: 4, Shift: 0, Width: 5},
		{Period: 4, Shift: 4, Width: 5},
		{Period: 4, Shift: 1, Width: 0},
		{Period: 4, Shift: 1, Width: 33},
		{Period: 4, Shift: 1, Width: 6, Sym: grow.Odd},
		{Period: 4, Shift: 1, Width: 5, Sym: grow.Even},
		{Period: 4, Shift: 1, Width: 6, Sym: grow.Gutter},
		{Period: 4, Shift: 1, Width: 5, Sym: "glide"},
		{Period: 4, Shift: 1, Width: 5, Rule: rule.MustParse("B03/S23")},
		{Period: 4, Shift: 1, Width: 5, Rule: rule.MustParse("pB3/S23")},
		{Period: 4, Shift: 1, Width: 5, MaxLength: -1},
	} {
		if _, err := grow.Search(context.Background(), p, nil); !errors.Is(err, grow.ErrProblem) {
			t.Errorf("%+v: %v, want ErrProblem", p, err)
		}
	}
	if _, err := grow.Search(context.Background(), grow.Problem{Period: 4, Shift: 1, Width: 5}, &grow.Settings{Lookahead: 3}); !errors.Is(err, grow.ErrProblem) {
		t.Errorf("lookahead 3 < 2P: %v", err)
	}
}

func FuzzParseSym(f *testing.F) {
	for _, s := range []string{"", "asym", "odd", "EVEN", "gutter", "glide", "D8"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sym, err := grow.ParseSym(s)
		if err == nil {
			if _, err := grow.ParseSym(string(sym)); err != nil {
				t.Errorf("%q reads as %q, which does not read", s, sym)
			}
		} else if !errors.Is(err, grow.ErrProblem) {
			t.Errorf("%q: %v", s, err)
		}
	})
}

// FuzzCheckpoint: a checkpoint file of any bytes is an error or a
// search, never a panic, breadth first or depth first. The searches run
// on the rows' tables (Lookahead -1), a few milliseconds an input against
// some 40 ms with the solver's lookahead (TestResume resumes searches
// with the solver). Under -fuzz the count of execs stays near 0/sec
// although the target runs some 300 inputs a second (counted by a log
// in the target, 2026-11-28), probably because the search's coverage
// varies from run to run (a map's order, the clock) and the fuzzer's
// re-runs of an input that seemed to find new coverage are not counted.
func FuzzCheckpoint(f *testing.F) {
	dir := f.TempDir()
	p := grow.Problem{Period: 4, Shift: 2, Width: 5}
	bfs := &grow.Settings{MaxDepth: 12, Lookahead: -1}
	dfs := &grow.Settings{MaxDepth: 24, DepthFirst: true, Lookahead: -1}
	for i, set := range []grow.Settings{{MaxDepth: 6, Lookahead: -1}, {MaxDepth: 14, DepthFirst: true, Lookahead: -1}} {
		set.Checkpoint = filepath.Join(dir, fmt.Sprint(i))
		if _, err := grow.Search(context.Background(), p, &set); err != nil {
			f.Fatal(err)
		}
		data, err := os.ReadFile(set.Checkpoint)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("not a checkpoint"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for i, set := range []grow.Settings{*bfs, *dfs} {
			set.Checkpoint = filepath.Join(t.TempDir(), fmt.Sprint(i))
			if err := os.WriteFile(set.Checkpoint, data, 0o644); err != nil {
				t.Fatal(err)
			}
			res, err := grow.Search(context.Background(), p, &set)
			if err == nil && res.Status == logic.Sat {
				moves(t, res.Ships[0].Board, 4, 2)
			}
		}
	})
}

// TestDepthFirstAgrees: the depth-first search (Settings.DepthFirst)
// answers as the breadth-first one does, on strips wider than brute
// force reaches, under several rules, speeds and symmetries, the length
// bounded so that both end: a ship, or none.
func TestDepthFirstAgrees(t *testing.T) {
	type speed struct{ P, K int }
	ships, probes := 0, 0
	for _, rs := range []string{"B3/S23", "B36/S23", "B2-a/S12", "B34/S34", "B2/S", "B2ae/S1", "B2n3/S23-q"} {
		r := rule.MustParse(rs)
		for _, sp := range []speed{{2, 1}, {3, 1}, {4, 1}, {4, 2}, {5, 2}} {
			for _, c := range []struct {
				W, L int
				sym  grow.Sym
			}{{5, 6, grow.Asym}, {6, 5, grow.Asym}, {5, 7, grow.Odd}, {6, 7, grow.Even}, {7, 6, grow.Gutter}} {
				p := grow.Problem{Period: sp.P, Shift: sp.K, Width: c.W, Sym: c.sym, Rule: r, MaxLength: c.L}
				bfs, err := grow.Search(context.Background(), p, &grow.Settings{Lookahead: -1})
				if err != nil {
					t.Fatal(err)
				}
				dfs, err := grow.Search(context.Background(), p, &grow.Settings{Lookahead: -1, DepthFirst: true})
				if err != nil {
					t.Fatal(err)
				}
				level := *grow.ProbeLevel
				*grow.ProbeLevel = 0 // every partial probed
				probed, err := grow.Search(context.Background(), p, &grow.Settings{Lookahead: -1})
				*grow.ProbeLevel = level
				if err != nil {
					t.Fatal(err)
				}
				if bfs.Status != dfs.Status || bfs.Status == logic.Unknown || probed.Status != bfs.Status {
					t.Errorf("%s %v: breadth first %v, depth first %v, breadth first probed %v", rs, p, bfs.Status, dfs.Status, probed.Status)
				}
				if probed.Status == logic.Sat && probed.Ships[0].Code != bfs.Ships[0].Code {
					t.Errorf("%s %v: breadth first %s, probed %s", rs, p, bfs.Ships[0].Code, probed.Ships[0].Code)
				}
				if probed.Stats.Probed > 0 {
					probes++
				}
				if dfs.Status == logic.Sat {
					ships++
					s := dfs.Ships[0]
					t.Logf("%s %v: %s", rs, p, s.Code)
					if s.Board.Width() > c.W {
						t.Errorf("%s %v: %s is %d wide", rs, p, s.Code, s.Board.Width())
					}
					if rs == "B3/S23" {
						moves(t, s.Board, sp.P, sp.K)
					}
				}
			}
		}
	}
	t.Logf("%d searches found a ship; probes dropped partials in %d", ships, probes)
	if ships == 0 || probes == 0 {
		t.Error("no search found a ship, or no probe dropped a partial: the comparison shows little")
	}
}

// weights checks that every ship of res, a search of c/2 ships in a
// strip w wide, moves 2 cells in 4 generations, and that the light,
// middle and heavy weight spaceships are among them.
func weights(t *testing.T, w int, res grow.Result) {
	t.Helper()
	var codes []string
	for _, s := range res.Ships {
		codes = append(codes, s.Code)
		moves(t, s.Board, 4, 2)
	}
	for _, c := range []string{"xq4_6frc", "xq4_27dee6", "xq4_27deee6"} {
		if !slices.Contains(codes, c) {
			t.Errorf("width %d: %s not found among %v", w, c, codes)
		}
	}
}

// TestDepthFirstSmallShips: the depth-first search finds the light,
// middle and heavy weight spaceships (xq4_6frc, xq4_27dee6,
// xq4_27deee6) in a strip 7 wide, and the LWSS alone from nothing,
// without a length, in a strip 5 wide.
func TestDepthFirstSmallShips(t *testing.T) {
	p := grow.Problem{Period: 4, Shift: 2, Width: 7, MaxLength: 9}
	res, err := grow.Search(context.Background(), p, &grow.Settings{Ships: 10, Repeats: true, DepthFirst: true, Lookahead: -1})
	if err != nil {
		t.Fatal(err)
	}
	weights(t, 7, res)
	for _, look := range []int{-1, 8} {
		res, err = grow.Search(context.Background(), grow.Problem{Period: 4, Shift: 2, Width: 5}, &grow.Settings{DepthFirst: true, Lookahead: look})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != logic.Sat || res.Ships[0].Code != "xq4_6frc" {
			t.Errorf("width 5, lookahead %d: %v %v, want the LWSS", look, res.Status, res.Ships)
		}
	}
}

// TestDepthFirstResume: a depth-first search stopped anywhere, once or
// twice, and resumed from its checkpoint gives what the search gives
// unbroken: the first ship (a search for one), the ships (a search for
// three), or none.
func TestDepthFirstResume(t *testing.T) {
	defer func() { *grow.AfterCall = nil }()
	for _, c := range []struct {
		p   grow.Problem
		set grow.Settings
	}{
		{grow.Problem{Period: 4, Shift: 2, Width: 5}, grow.Settings{}},                                      // the LWSS
		{grow.Problem{Period: 4, Shift: 2, Width: 7, MaxLength: 9}, grow.Settings{Ships: 3, Repeats: true}}, // LWSS, MWSS, HWSS
		{grow.Problem{Period: 4, Shift: 1, Width: 6, MaxLength: 7}, grow.Settings{}},                        // none
		{grow.Problem{Period: 4, Shift: 1, Width: 6, MaxLength: 7}, grow.Settings{Lookahead: 8}},            // the solver too
	} {
		name := c.p.String()
		c.set.DepthFirst = true
		if c.set.Lookahead == 0 {
			c.set.Lookahead = -1
		}
		// The whole search, and how many partials it looks at.
		var calls int64
		*grow.AfterCall = func(n int64) { calls = n }
		whole, err := grow.Search(context.Background(), c.p, &c.set)
		if err != nil || whole.Status == logic.Unknown {
			t.Fatalf("%s: %v %v", name, whole.Status, err)
		}
		if calls < 10 {
			t.Fatalf("%s: %d partials, too few to stop in between", name, calls)
		}
		for _, stops := range [][]int64{{1}, {calls / 5}, {calls / 2}, {calls - 2}, {calls / 3, calls / 4}} {
			set := c.set
			set.Checkpoint = filepath.Join(t.TempDir(), "dfs.grow")
			var res grow.Result
			for i := 0; i <= len(stops); i++ {
				ctx, cancel := context.WithCancel(context.Background())
				*grow.AfterCall = func(n int64) {
					if i < len(stops) && n == stops[i] {
						cancel()
					}
				}
				res, err = grow.Search(ctx, c.p, &set)
				cancel()
				if err != nil {
					t.Fatalf("%s, stopped at %v: %v", name, stops[:i], err)
				}
				if i < len(stops) && res.Status == logic.Unknown && !errors.Is(res.Err, context.Canceled) {
					t.Fatalf("%s, stopped at %v: %v", name, stops[:i+1], res.Err)
				}
			}
			if res.Status != whole.Status || len(res.Ships) != len(whole.Ships) {
				t.Errorf("%s, stopped at %v and resumed: %v, %d ships; unbroken %v, %d", name, stops, res.Status, len(res.Ships), whole.Status, len(whole.Ships))
				continue
			}
			for k, s := range res.Ships {
				if w := whole.Ships[k]; s.Code != w.Code || !s.Board.Equal(w.Board) {
					t.Errorf("%s, stopped at %v and resumed: ship %d is %s, unbroken %s", name, stops, k, s.Code, w.Code)
				}
			}
		}
	}
	// Another search's checkpoint, or a breadth-first one, is refused.
	*grow.AfterCall = nil
	file := filepath.Join(t.TempDir(), "bfs.grow")
	p := grow.Problem{Period: 4, Shift: 2, Width: 5}
	if _, err := grow.Search(context.Background(), p, &grow.Settings{Checkpoint: file, MaxDepth: 6}); err != nil {
		t.Fatal(err)
	}
	if _, err := grow.Search(context.Background(), p, &grow.Settings{Checkpoint: file, DepthFirst: true}); err == nil {
		t.Error("a breadth-first checkpoint resumed a depth-first search")
	}
	dfs := filepath.Join(t.TempDir(), "dfs.grow")
	if _, err := grow.Search(context.Background(), p, &grow.Settings{Checkpoint: dfs, DepthFirst: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := grow.Search(context.Background(), p, &grow.Settings{Checkpoint: dfs}); err == nil {
		t.Error("a depth-first checkpoint resumed a breadth-first search")
	}
	if _, err := grow.Search(context.Background(), grow.Problem{Period: 4, Shift: 2, Width: 6}, &grow.Settings{Checkpoint: dfs, DepthFirst: true}); err == nil {
		t.Error("a checkpoint of width 5 resumed a search of width 6")
	}
}

// TestDepthFirstParts: a depth-first search cut into parts
// (Settings.Parts) finds, part by part, what the whole search finds:
// with Repeats every ship of the box, each in one part; without, a ship
// in some part exactly when the whole search has one.
func TestDepthFirstParts(t *testing.T) {
	ships, none := 0, 0
	for _, rs := range []string{"B3/S23", "B36/S23", "B34/S34", "B2ae/S1", "B2-a/S12"} {
		r := rule.MustParse(rs)
		for _, p := range []grow.Problem{
			{Period: 4, Shift: 2, Width: 7, MaxLength: 9, Rule: r},
			{Period: 2, Shift: 1, Width: 6, MaxLength: 6, Rule: r},
			{Period: 3, Shift: 1, Width: 6, MaxLength: 7, Rule: r},
			{Period: 4, Shift: 1, Width: 7, Sym: grow.Odd, MaxLength: 8, Rule: r},
			{Period: 5, Shift: 2, Width: 6, MaxLength: 6, Rule: r},
		} {
			for _, repeats := range []bool{true, false} {
				set := grow.Settings{DepthFirst: true, Lookahead: -1, Repeats: repeats, Ships: 1}
				if repeats {
					set.Ships = 1 << 20
				}
				whole, err := grow.Search(context.Background(), p, &set)
				if err != nil || whole.Status == logic.Unknown {
					t.Fatalf("%s %v: %v %v", rs, p, whole.Status, err)
				}
				var codes []string
				found := false
				for k := range 3 {
					set.Part, set.Parts = k, 3
					part, err := grow.Search(context.Background(), p, &set)
					if err != nil || part.Status == logic.Unknown {
						t.Fatalf("%s %v part %d: %v %v", rs, p, k, part.Status, err)
					}
					found = found || part.Status == logic.Sat
					for _, s := range part.Ships {
						codes = append(codes, s.Code)
					}
				}
				if found != (whole.Status == logic.Sat) {
					t.Errorf("%s %v, repeats %v: a ship in some part %v, in the whole search %v", rs, p, repeats, found, whole.Status)
				}
				if whole.Status == logic.Unsat {
					none++
				}
				if repeats {
					ships += len(whole.Ships)
					var want []string
					for _, s := range whole.Ships {
						want = append(want, s.Code)
					}
					slices.Sort(codes)
					codes = slices.Compact(codes)
					slices.Sort(want)
					if !slices.Equal(codes, want) {
						t.Errorf("%s %v: the parts found %v, the whole search %v", rs, p, codes, want)
					}
				}
			}
		}
	}
	t.Logf("%d ships (by apgcode), %d searches without one", ships, none)
	if ships < 5 || none == 0 {
		t.Errorf("%d ships, %d searches without one: the comparison shows little", ships, none)
	}
	if _, err := grow.Search(context.Background(), grow.Problem{Period: 4, Shift: 2, Width: 5}, &grow.Settings{Part: 3, Parts: 3, DepthFirst: true}); !errors.Is(err, grow.ErrProblem) {
		t.Errorf("part 3 of 3: %v", err)
	}
	if _, err := grow.Search(context.Background(), grow.Problem{Period: 4, Shift: 2, Width: 5}, &grow.Settings{Part: 0, Parts: 2}); !errors.Is(err, grow.ErrProblem) {
		t.Errorf("a breadth-first search in parts: %v", err)
	}
}

// TestDepthFirstMirror: an asymmetric depth-first search walks only the
// paths that come before their mirror images, and still lists every
// ship the breadth-first search lists (which walks both), by apgcode,
// every ship of the length kept (Repeats).
func TestDepthFirstMirror(t *testing.T) {
	ships := 0
	for _, rs := range []string{"B3/S23", "B36/S23", "B34/S34", "B2-a/S12"} {
		r := rule.MustParse(rs)
		for _, p := range []grow.Problem{
			{Period: 4, Shift: 2, Width: 7, MaxLength: 9, Rule: r},
			{Period: 2, Shift: 1, Width: 6, MaxLength: 7, Rule: r},
			{Period: 3, Shift: 1, Width: 6, MaxLength: 7, Rule: r},
			{Period: 4, Shift: 1, Width: 6, MaxLength: 7, Rule: r},
			{Period: 5, Shift: 2, Width: 6, MaxLength: 6, Rule: r},
		} {
			codes := func(set grow.Settings) []string {
				set.Lookahead, set.Repeats, set.Ships = -1, true, 1<<20
				res, err := grow.Search(context.Background(), p, &set)
				if err != nil || res.Status == logic.Unknown {
					t.Fatalf("%s %v: %v %v", rs, p, res.Status, err)
				}
				var c []string
				for _, s := range res.Ships {
					c = append(c, s.Code)
				}
				slices.Sort(c)
				return slices.Compact(c)
			}
			bfs, dfs := codes(grow.Settings{}), codes(grow.Settings{DepthFirst: true})
			if !slices.Equal(bfs, dfs) {
				t.Errorf("%s %v: breadth first %v, depth first %v", rs, p, bfs, dfs)
			}
			ships += len(bfs)
		}
	}
	t.Logf("%d ships by apgcode", ships)
	if ships < 6 {
		t.Errorf("%d ships: the comparison shows little", ships)
	}
}
