package density

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
