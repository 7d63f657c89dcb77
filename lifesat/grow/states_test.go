package grow

import (
	"math/rand/v2"
	"testing"
)

// TestStates checks the table of states against a map that forgets
// nothing: a look finds a state only if it was put in at no more rows,
// and a state looked at again at once is found.
func TestStates(t *testing.T) {
	for _, size := range []int{1, 4, 64} {
		tab := newStates(size)
		exact := map[key]int{} // the fewest rows each state was put in at
		rng := rand.New(rand.NewPCG(1, uint64(size)))
		hits := 0
		for range 20000 {
			k := key{uint64(rng.IntN(50)), uint64(rng.IntN(3))}
			v := rng.IntN(10)
			at, put := exact[k]
			if tab.met(k, v) {
				hits++
				if !put || at > v {
					t.Fatalf("size %d: state %v met at %d rows, put in at %d (%v)", size, k, v, at, put)
				}
				continue
			}
			if !put || v < at {
				exact[k] = v
			}
			if !tab.met(k, v) {
				t.Fatalf("size %d: state %v just put in at %d rows not met", size, k, v)
			}
		}
		if hits == 0 {
			t.Errorf("size %d: no state met twice", size)
		}
		tab.reset()
		for k := range exact {
			if tab.met(k, 100) {
				t.Fatalf("size %d: state %v met after reset", size, k)
			}
		}
	}
}
