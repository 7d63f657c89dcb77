package density

import "sync"

// Per-window tables for the row programs, built once from the rules in
// waste.go.

var (
	// boxOK[win] reports whether the centre of win, a cell of the box,
	// is stable; boxW[win] is its waste.
	boxOK [512]bool
	boxW  [512]uint8
	// ringOK[win] reports whether the centre of win, a cell of the ring
	// (dead), stays dead; ringW[win] is its waste as a cell of the ring
	// next to a side of the box.
	ringOK [512]bool
	ringW  [512]uint8
)

func init() {
	for win := range uint16(512) {
		boxOK[win] = stableCell(win)
		boxW[win] = uint8(boxWaste(win))
		ringOK[win] = win&winCentre == 0 && stableCell(win)
		if win&winCentre == 0 {
			ringW[win] = uint8(max(0, ringWaste(win)))
		}
	}
}

// window3 assembles a window from three rows shifted so that the window's
// three columns are their low bits.
func window3(a, b, c uint64) uint16 {
	return uint16(a&7 | (b&7)<<3 | (c&7)<<6)
}

// Rows are chosen four columns at a time. A chunk of row c, columns
// x..x+3, completes the windows of row b's columns x-1..x+2, which read
// rows a and b at columns x-2..x+3 and row c at columns x-2..x+3 (two of
// them chosen before). chunkTable[kind][ctx] tells which of the 16
// chunks keep those four cells stable, and their waste; ctx is a's six
// bits, b's six bits and c's two known bits.
const (
	chunkBox      = iota // b is a row of the box
	chunkBoxFirst        // the same, at column 0: column -1 is the ring
	chunkRing            // b is the ring row above the box
	chunkRingFirst
	chunkKinds
)

type chunkEntry struct {
	ok    uint16    // bit v: chunk v keeps the cells stable
	waste [16]uint8 // waste of the four cells with chunk v
}

// chunkTable is built on first use (newProgram calls buildChunkTable), not
// at every start of a program that links this package: it takes a
// million window lookups.
var (
	chunkTable     *[chunkKinds][1 << 14]chunkEntry
	chunkTableOnce sync.Once
)

// buildChunkTable builds chunkTable once; it is safe to call from several
// goroutines.
func buildChunkTable() { chunkTableOnce.Do(fillChunkTable) }

func fillChunkTable() {
	chunkTable = new([chunkKinds][1 << 14]chunkEntry)
	for kind := range chunkKinds {
		ring := kind == chunkRing || kind == chunkRingFirst
		first := kind == chunkBoxFirst || kind == chunkRingFirst
		for ctx := range 1 << 14 {
			a, b, c2 := uint64(ctx&63), uint64(ctx>>6&63), uint64(ctx>>12)
			e := &chunkTable[kind][ctx]
			for v := range uint64(16) {
				c := c2 | v<<2
				ok, waste := true, 0
				for i := range 4 {
					win := window3(a>>i, b>>i, c>>i)
					switch {
					case first && i == 0 || ring: // a cell of the ring
						ok = ok && ringOK[win]
						if ring && !(first && i == 0) {
							waste += int(ringW[win])
						}
					default:
						ok = ok && boxOK[win]
						waste += int(boxW[win])
					}
				}
				if ok {
					e.ok |= 1 << v
					e.waste[v] = uint8(waste)
				}
			}
		}
	}
}
