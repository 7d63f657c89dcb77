package lifesat_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// TestRaceFindsAndProves: the race's answer solves the problem, whichever
// member found it, and a problem with no answer is proved so by a member
// that searched it whole.
func TestRaceFindsAndProves(t *testing.T) {
	ctx := context.Background()
	p := lifesat.Oscillator(3, 8, 8)
	for _, jobs := range []int{1, 2, 3} {
		res, err := lifesat.Race(ctx, p, &lifesat.Settings{Seed: 5}, &lifesat.RaceOptions{Jobs: jobs})
		if err != nil || res.Status != logic.Sat || len(res.Patterns) != 1 {
			t.Fatalf("jobs %d: %+v, %v", jobs, res, err)
		}
		if err := p.Check(res.Patterns[0], nil); err != nil {
			t.Errorf("jobs %d: %v", jobs, err)
		}
	}
	none := lifesat.Spaceship(2, 1, 0, 4, 4) // nothing moves orthogonally at c/2 in 4x4
	res, err := lifesat.Race(ctx, none, nil, &lifesat.RaceOptions{Jobs: 2})
	if err != nil || res.Status != logic.Unsat {
		t.Fatalf("a c/2 ship in 4x4: %+v, %v; want proved none", res, err)
	}
}

// fakeMember answers for each member as told, and records the members it
// ran and the memory share each got.
type fakeMember struct {
	mu     sync.Mutex
	ran    []int
	shares []int64
	answer func(ctx context.Context, k int, st lifesat.Strategy) (*lifesat.Result, error)
}

func (f *fakeMember) run(ctx context.Context, k int, st lifesat.Strategy) (*lifesat.Result, error) {
	f.mu.Lock()
	f.ran = append(f.ran, k)
	f.shares = append(f.shares, st.Settings.MaxMemory)
	f.mu.Unlock()
	return f.answer(ctx, k, st)
}

// TestRaceReplacesRestrictedMembers: a symmetric sub-problem proved empty
// says nothing of the whole problem, so the next strategy takes its
// place, until a whole member (here one that never ends) holds every
// slot. Every member gets an equal share of the memory budget.
func TestRaceReplacesRestrictedMembers(t *testing.T) {
	p := lifesat.Oscillator(3, 16, 16)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f := &fakeMember{answer: func(ctx context.Context, k int, st lifesat.Strategy) (*lifesat.Result, error) {
		if st.Restricted {
			return &lifesat.Result{Status: logic.Unsat, Exhausted: true}, nil
		}
		if k > 0 {
			cancel() // both slots now hold whole members
		}
		<-ctx.Done()
		return &lifesat.Result{Status: logic.Unknown}, ctx.Err()
	}}
	res, err := lifesat.Race(ctx, p, &lifesat.Settings{MaxMemory: 1 << 30}, &lifesat.RaceOptions{Jobs: 2, Member: f.run})
	if !errors.Is(err, context.Canceled) || res.Status != logic.Unknown {
		t.Fatalf("%+v, %v; want stopped", res, err)
	}
	// Member 0 is whole; then the strong symmetries D8, D4x, D4+ and C4
	// and the first weak one, D2\, each replaced as it proves itself
	// empty; then the first whole member after them.
	var restricted []string
	for _, k := range f.ran {
		if st := lifesat.Strategies(p, nil, 40)[k]; st.Restricted {
			restricted = append(restricted, string(st.Problem.Symmetry))
		}
	}
	if got := strings.Join(restricted, " "); got != `D8 D4x D4+ C4 D2\` {
		t.Errorf("restricted members run: %s", got)
	}
	for _, sh := range f.shares {
		if sh != 1<<29 {
			t.Errorf("a member's share is %d, want half of 1<<30", sh)
		}
	}
}

// TestRaceChecksEveryAnswer: a member's answer that does not solve the
// problem is an error, never an answer; and a member's error ends the
// race with it.
func TestRaceChecksEveryAnswer(t *testing.T) {
	p := lifesat.Oscillator(2, 5, 5)
	wrong := life.NewBoard(5, 5)
	wrong.Set(2, 2, true) // a lone cell dies at once
	liar := &fakeMember{answer: func(context.Context, int, lifesat.Strategy) (*lifesat.Result, error) {
		return &lifesat.Result{Status: logic.Sat, Patterns: []*lifesat.Pattern{{Phases: []*life.Board{wrong, wrong}}}}, nil
	}}
	_, err := lifesat.Race(context.Background(), p, nil, &lifesat.RaceOptions{Jobs: 1, Member: liar.run})
	if err == nil || !strings.Contains(err.Error(), "fails verification") {
		t.Errorf("a wrong answer: %v", err)
	}
	broken := &fakeMember{answer: func(context.Context, int, lifesat.Strategy) (*lifesat.Result, error) {
		return nil, errors.New("the member's disk is full")
	}}
	_, err = lifesat.Race(context.Background(), p, nil, &lifesat.RaceOptions{Jobs: 2, Member: broken.run})
	if err == nil || !strings.Contains(err.Error(), "disk is full") {
		t.Errorf("a member's error: %v", err)
	}
}

// TestRaceStopsEveryMember: when the context ends, every member started
// has returned before Race does.
func TestRaceStopsEveryMember(t *testing.T) {
	var running atomic.Int64
	started := make(chan bool, 3)
	f := &fakeMember{answer: func(ctx context.Context, _ int, _ lifesat.Strategy) (*lifesat.Result, error) {
		running.Add(1)
		defer running.Add(-1)
		started <- true
		<-ctx.Done()
		return &lifesat.Result{Status: logic.Unknown}, ctx.Err()
	}}
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for range 3 {
			<-started
		}
		cancel()
	}()
	res, err := lifesat.Race(ctx, lifesat.Oscillator(3, 12, 12), nil, &lifesat.RaceOptions{Jobs: 3, Member: f.run})
	if !errors.Is(err, context.Canceled) || res.Status != logic.Unknown {
		t.Errorf("%+v, %v", res, err)
	}
	if n := running.Load(); n != 0 {
		t.Errorf("%d members still running after Race returned", n)
	}
}

// TestStrategiesMotions: an oscillator of even period races the
// sub-problems of half its period with a reflection or a half turn (and
// of a quarter of it with a quarter turn), right after D8 (first, when
// no strong symmetry fits); in a square box one of each pair that a turn
// or reflection of the box makes alike (F\ and F/, F- and F|, R90 and
// R270). A ship's motion members carry its shift in two halves.
func TestStrategiesMotions(t *testing.T) {
	describe := func(p lifesat.Problem, n int) string {
		var got []string
		for _, st := range lifesat.Strategies(p, nil, n) {
			switch {
			case st.Restricted && st.Problem.Transform != life.Id:
				got = append(got, lifesat.Motion{Gens: st.Problem.Period, Transform: st.Problem.Transform, Shift: st.Problem.Shift}.String())
			case st.Restricted:
				got = append(got, string(st.Problem.Symmetry))
			default:
				got = append(got, "whole")
			}
			if err := st.Problem.Validate(); err != nil {
				t.Errorf("%v: %v", st.Problem, err)
			}
		}
		return strings.Join(got, ", ")
	}
	for _, tc := range []struct {
		p    lifesat.Problem
		n    int
		want string
	}{
		{lifesat.Oscillator(4, 10, 10), 11, `whole, D8, p2 F\, p2 F-, p2 R180, p1 R90, D4x, D4+, C4, D2\, whole`},
		{lifesat.Oscillator(2, 8, 6), 6, `whole, D4+, p1 F-, p1 F|, p1 R180, D2-`},
		{lifesat.Oscillator(3, 8, 8), 3, `whole, D8, D4x`},
		{lifesat.Spaceship(4, 1, 1, 5, 5), 3, `whole, p2 F\ (1,0), D2\`},
		{lifesat.Spaceship(4, 2, 0, 7, 5), 3, `whole, p2 F- (1,0), D2-`},
	} {
		if got := describe(tc.p, tc.n); got != tc.want {
			t.Errorf("%v:\n got %s\nwant %s", tc.p, got, tc.want)
		}
	}
}

// TestRaceUnrollsMotionMembers: when a motion member answers, Race
// returns its answer unrolled to the whole period, checked against the
// raced problem.
func TestRaceUnrollsMotionMembers(t *testing.T) {
	ctx := context.Background()
	for _, p := range []lifesat.Problem{lifesat.Oscillator(2, 6, 6), lifesat.Spaceship(4, 2, 0, 7, 5)} {
		f := &fakeMember{answer: func(ctx context.Context, k int, st lifesat.Strategy) (*lifesat.Result, error) {
			if st.Problem.Transform != life.Id {
				return lifesat.Search(ctx, st.Problem, &st.Settings)
			}
			if st.Restricted {
				return &lifesat.Result{Status: logic.Unsat, Exhausted: true}, nil
			}
			<-ctx.Done() // whole members never answer
			return &lifesat.Result{Status: logic.Unknown}, ctx.Err()
		}}
		res, err := lifesat.Race(ctx, p, nil, &lifesat.RaceOptions{Jobs: 2, Member: f.run})
		if err != nil || res.Status != logic.Sat {
			t.Fatalf("%v: %+v, %v", p, res, err)
		}
		if pat := res.Patterns[0]; len(pat.Phases) != p.Period || p.Check(pat, nil) != nil {
			t.Errorf("%v: %d phases, %v", p, len(pat.Phases), p.Check(pat, nil))
		}
	}
}
