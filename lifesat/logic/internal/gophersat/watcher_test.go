package gophersat

import (
	"math/rand/v2"
	"testing"
)

// TestNoClausePastTheEndOfAList: no slot past the end of a watch list or
// of the learned clauses (between a slice's length and its capacity)
// points to a clause after a search that deleted learned clauses. Such a
// slot kept a deleted clause alive until it was reused; upstream's lists
// had them (an exact p5 oscillator in 12x12: 181 MB of heap in use after
// 90 s, 84 MB with the slots cleared).
func TestNoClausePastTheEndOfAList(t *testing.T) {
	const nbVars = 200
	for i := range 2 {
		rng := rand.New(rand.NewPCG(uint64(i), 11))
		for _, stable := range []bool{true, false} {
			s := New(ParseSliceNb(random3SAT(rng, nbVars, nbVars*426/100), nbVars))
			s.Seed(uint64(i + 1))
			if stable {
				s.Stabilize()
			}
			s.Solve()
			if s.Stats.NbDeleted == 0 {
				t.Fatalf("instance %d (stable %v): no learned clause deleted in %d conflicts; the test needs a harder one", i, stable, s.Stats.NbConflicts)
			}
			for lit, wl := range s.wl.wlist {
				for k, w := range wl[len(wl):cap(wl)] {
					if w.clause != nil {
						t.Fatalf("instance %d (stable %v): watch list %d holds a clause %d past its end", i, stable, lit, k)
					}
				}
			}
			for k, c := range s.wl.learned[len(s.wl.learned):cap(s.wl.learned)] {
				if c != nil {
					t.Fatalf("instance %d (stable %v): the learned clauses hold one %d past their end", i, stable, k)
				}
			}
		}
	}
}
