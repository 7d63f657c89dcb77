package grow

import "math/bits"

// states is the depth-first search's table of the states it has met, as
// chess programs keep a transposition table: a fixed array of slots, each
// a state's key and the fewest rows of a path that reached it, found by
// a hash of the key. Putting a key may push out the one in its slot,
// which the search then forgets: it may grow that state again, never
// skip one it has not met, since a look finds only a key put in. The
// array never grows: one look is one or two cache lines, where a Go map
// of millions of states spent most of the search's time probing and
// growing (docs/width-search.md).
type states struct {
	slot []stateSlot
	mask uint64
}

type stateSlot struct {
	k    key
	rows int32 // 0: empty; else the rows of the path + 1
}

// maxStateSlots bounds the table: 2^16 slots of 40 bytes, 2.6 MB.
const maxStateSlots = 1 << 16

// newStates makes a table of at most n slots (a power of two, at least 1).
func newStates(n int) *states {
	n = min(max(n, 1), maxStateSlots)
	size := 1 << (bits.Len(uint(n)) - 1)
	return &states{slot: make([]stateSlot, size), mask: uint64(size - 1)}
}

// met reports whether state k was met at v rows or fewer; if not, it
// puts k in with v rows, in place of whatever held its slot.
func (t *states) met(k key, v int) bool {
	h := (k[0]*0x9e3779b97f4a7c15 ^ k[1]*0xc2b2ae3d27d4eb4f ^ k[2]*0x165667b19e3779f9 ^ k[3]*0x85ebca77c2b2ae63)
	h ^= h >> 29
	s := &t.slot[h&t.mask]
	if s.rows != 0 && s.k == k && int(s.rows)-1 <= v {
		return true
	}
	s.k, s.rows = k, int32(v+1)
	return false
}

// reset forgets every state.
func (t *states) reset() { clear(t.slot) }
