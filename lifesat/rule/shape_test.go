package rule

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// The neighbours of each shape as Golly's help draws them ("QuickLife",
// "Von Neumann neighborhood": "each cell has only the 4 orthogonal
// neighbors"; "Hexagonal neighborhood": "ignoring the NE and SW corners
// of the Moore neighborhood"), as offsets (dx, dy), y down.
var (
	hexOffsets = [][2]int{{-1, -1}, {0, -1}, {-1, 0}, {1, 0}, {0, 1}, {1, 1}}
	vnOffsets  = [][2]int{{0, -1}, {-1, 0}, {1, 0}, {0, 1}}
)

// hexMAP and vonNeumannMAP are B2/S34H and B2/S013V as MAP strings, as
// rlifesrc's ca-rules crate reads them (its tests parse_map in
// src/rules/nthex.rs and src/rules/ntneumann.rs compare them with the
// B/S rules).
const (
	hexMAP        = "MAPFgFoF2gXgH5oF4B+gH4A6A"
	vonNeumannMAP = "MAPHmlphg"
)

// mapOf writes a MAP string from its stream of transitions, as Golly's
// help ("QuickLife", "MAP rules") describes it: the bits padded with
// zeros to a multiple of six, six per base64 character, the most
// significant first.
func mapOf(stream []int) string {
	const digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	stream = append([]int(nil), stream...)
	for len(stream)%6 != 0 {
		stream = append(stream, 0)
	}
	s := "MAP"
	for i := 0; i < len(stream); i += 6 {
		v := 0
		for _, b := range stream[i : i+6] {
			v = v<<1 | b
		}
		s += digits[v : v+1]
	}
	return s
}

// readsOutside reports a neighbourhood n whose transition under r
// differs from that of n with the cells outside r's shape dead.
func readsOutside(r Rule) (Neighbourhood, bool) {
	keep := r.Shape().Mask() | Centre
	for n := range Neighbourhood(512) {
		if r.Transition(n) != r.Transition(n&keep) || r.Free(n) != r.Free(n&keep) {
			return n, true
		}
	}
	return 0, false
}

// countAlive counts the live cells of n at the offsets.
func countAlive(n Neighbourhood, offsets [][2]int) int {
	k := 0
	for _, o := range offsets {
		if n&Bit(o[0], o[1]) != 0 {
			k++
		}
	}
	return k
}

func TestShapes(t *testing.T) {
	moore := Offsets()
	for _, tt := range []struct {
		s       Shape
		offsets [][2]int
		name    string
	}{
		{Moore, moore[:], "Moore"},
		{Hexagonal, hexOffsets, "hexagonal"},
		{VonNeumann, vnOffsets, "von Neumann"},
	} {
		got := tt.s.Offsets()
		if len(got) != len(tt.offsets) || tt.s.Size() != len(tt.offsets) || tt.s.String() != tt.name {
			t.Fatalf("%v: offsets %v, size %d, want %v", tt.s, got, tt.s.Size(), tt.offsets)
		}
		var mask Neighbourhood
		for i, o := range tt.offsets {
			if got[i] != o {
				t.Errorf("%v: offset %d is %v, want %v", tt.s, i, got[i], o)
			}
			mask |= Bit(o[0], o[1])
		}
		if tt.s.Mask() != mask {
			t.Errorf("%v: mask %09b, want %09b", tt.s, tt.s.Mask(), mask)
		}
		for n := range Neighbourhood(512) {
			if tt.s.Count(n) != countAlive(n, tt.offsets) {
				t.Fatalf("%v: Count(%09b) = %d", tt.s, n, tt.s.Count(n))
			}
		}
	}
}

func TestParseShapes(t *testing.T) {
	// Golly's examples (help, "QuickLife") and spellings: lower case, no
	// slash (Catagolue's "b2s34h"), the S/B form, S before B.
	for _, tt := range []struct {
		in, want string
		shape    Shape
	}{
		{"B2/S34H", "B2/S34H", Hexagonal},
		{"b2/s34h", "B2/S34H", Hexagonal},
		{"b2s34h", "B2/S34H", Hexagonal},
		{"34/2H", "B2/S34H", Hexagonal},
		{"S34/B2H", "B2/S34H", Hexagonal},
		{"B245/S3H", "B245/S3H", Hexagonal},
		{"B3/S4h", "B3/S4H", Hexagonal}, // 'h' is no Hensel letter: the shape, as in Golly
		{"B0123456/S0123456H", "B0123456/S0123456H", Hexagonal},
		{"B/SH", "B/SH", Hexagonal},
		{"B2/S013V", "B2/S013V", VonNeumann},
		{"B13/S012V", "B13/S012V", VonNeumann},
		{"013/2v", "B2/S013V", VonNeumann},
		{"B24/S13V", "B24/S13V", VonNeumann},
		{"/V", "B/SV", VonNeumann},
		{hexMAP, hexMAP, Hexagonal},
		{hexMAP + "==", hexMAP, Hexagonal},
		{"map" + vonNeumannMAP[3:], vonNeumannMAP, VonNeumann},
		// The unused bits of the last character are dropped: 128 bits
		// leave 4 of the 22nd, 32 bits 4 of the 6th.
		{hexMAP[:len(hexMAP)-1] + "P", hexMAP, Hexagonal},
		{vonNeumannMAP[:len(vonNeumannMAP)-1] + "j", vonNeumannMAP, VonNeumann},
	} {
		r, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if r.String() != tt.want || r.Shape() != tt.shape {
			t.Errorf("Parse(%q) = %v, shape %v; want %s, %v", tt.in, r, r.Shape(), tt.want, tt.shape)
		}
		if back, err := Parse(r.String()); err != nil || back != r {
			t.Errorf("%q: %v read back as %v, %v", tt.in, r, back, err)
		}
		if n, ok := readsOutside(r); ok {
			t.Errorf("%v reads outside its shape at %09b", r, n)
		}
	}
	// The same table in two shapes is two rules, Equivalent.
	if a, b := MustParse("B/SH"), MustParse("B/S"); a == b || !a.Equivalent(b) {
		t.Errorf("B/SH and B/S: == %v, Equivalent %v", a == b, a.Equivalent(b))
	}
}

// TestShapeTransitions derives each rule's table from its definition:
// born on a count of B, surviving on a count of S, counting the
// neighbours Golly's help names.
func TestShapeTransitions(t *testing.T) {
	for _, tt := range []struct {
		rule      string
		offsets   [][2]int
		birth     []int
		survival  []int
		wantShape Shape
	}{
		{"B2/S34H", hexOffsets, []int{2}, []int{3, 4}, Hexagonal},
		{"B245/S3H", hexOffsets, []int{2, 4, 5}, []int{3}, Hexagonal},
		{"B0123456/S6H", hexOffsets, []int{0, 1, 2, 3, 4, 5, 6}, []int{6}, Hexagonal},
		{"B2/S013V", vnOffsets, []int{2}, []int{0, 1, 3}, VonNeumann},
		{"B24/S13V", vnOffsets, []int{2, 4}, []int{1, 3}, VonNeumann},
		{hexMAP, hexOffsets, []int{2}, []int{3, 4}, Hexagonal},
		{vonNeumannMAP, vnOffsets, []int{2}, []int{0, 1, 3}, VonNeumann},
	} {
		r := MustParse(tt.rule)
		in := func(k int, set []int) bool {
			for _, v := range set {
				if v == k {
					return true
				}
			}
			return false
		}
		for n := range Neighbourhood(512) {
			k := countAlive(n, tt.offsets)
			want := in(k, tt.birth)
			if n&Centre != 0 {
				want = in(k, tt.survival)
			}
			if r.Transition(n) != want {
				t.Fatalf("%v: neighbourhood %09b (%d neighbours): %v", r, n, k, !want)
			}
		}
		if !r.Totalistic() || r.Shape() != tt.wantShape {
			t.Errorf("%v: totalistic %v, shape %v", r, r.Totalistic(), r.Shape())
		}
		for k := range len(tt.offsets) + 1 {
			if r.Next(false, k) != in(k, tt.birth) || r.Next(true, k) != in(k, tt.survival) {
				t.Errorf("%v: Next with %d neighbours", r, k)
			}
		}
	}
	// The MAP strings are the B/S rules.
	if !MustParse(hexMAP).Equivalent(MustParse("B2/S34H")) || !MustParse(vonNeumannMAP).Equivalent(MustParse("B2/S013V")) {
		t.Error("ca-rules' MAP strings are not B2/S34H and B2/S013V")
	}
	// Next beyond the shape's size panics.
	defer func() {
		if recover() == nil {
			t.Error("Next(true, 7) on a hexagonal rule did not panic")
		}
	}()
	MustParse("B2/S34H").Next(true, 7)
}

// TestShapeMAPFromDefinition writes MAP strings of smaller shapes as
// Golly's help describes them: the transitions of the 2^(k+1) states of
// the k neighbours and the cell, in the order of the Moore MAP string
// with the cells outside the shape left out (hexagonal: NW N W C E S SE,
// von Neumann: N W C E S), most significant bit first, six per base64
// character.
func TestShapeMAPFromDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, tt := range []struct {
		cells [][2]int // with the centre {0, 0}, in index order
		shape Shape
	}{
		{[][2]int{{-1, -1}, {0, -1}, {-1, 0}, {0, 0}, {1, 0}, {0, 1}, {1, 1}}, Hexagonal},
		{[][2]int{{0, -1}, {-1, 0}, {0, 0}, {1, 0}, {0, 1}}, VonNeumann},
	} {
		for range 30 {
			stream := make([]int, 1<<len(tt.cells))
			for i := range stream {
				stream[i] = rng.IntN(2)
			}
			s := mapOf(stream)
			r, err := Parse(s)
			if err != nil {
				t.Fatal(err)
			}
			if r.Shape() != tt.shape || r.String() != s {
				t.Fatalf("%s read as %v, shape %v", s, r, r.Shape())
			}
			for n := range Neighbourhood(512) {
				k := 0
				for _, c := range tt.cells {
					k <<= 1
					if n&Bit(c[0], c[1]) != 0 {
						k |= 1
					}
				}
				if r.Transition(n) != (stream[k] == 1) {
					t.Fatalf("%s: neighbourhood %09b, index %d: %v", s, n, k, r.Transition(n))
				}
			}
		}
	}
}

// TestShapeSymmetries: the rotations and reflections of the square that
// map the hexagonal neighbourhood onto itself are the half turn and the
// two diagonal reflections (rlifesrc's test of "B2/S34H" in
// lib/src/rules/ntlife.rs finds its symmetry D4Diag); the von Neumann
// neighbourhood has all eight. A hexagonal rule is not Isotropic.
func TestShapeSymmetries(t *testing.T) {
	hex, vn := MustParse("B2/S34H"), MustParse("B2/S013V")
	for _, m := range squareMaps {
		diagonal := m == [4]int{1, 0, 0, 1} || m == [4]int{-1, 0, 0, -1} || m == [4]int{0, 1, 1, 0} || m == [4]int{0, -1, -1, 0}
		if hex.Invariant(m[0], m[1], m[2], m[3]) != diagonal {
			t.Errorf("B2/S34H invariant under %v: %v", m, !diagonal)
		}
		if !vn.Invariant(m[0], m[1], m[2], m[3]) {
			t.Errorf("B2/S013V not invariant under %v", m)
		}
	}
	if hex.Isotropic() || !vn.Isotropic() {
		t.Errorf("isotropic: B2/S34H %v, B2/S013V %v", hex.Isotropic(), vn.Isotropic())
	}
	// The main diagonal maps NE to SW: a hexagonal rule stays one.
	rng := rand.New(rand.NewPCG(7, 8))
	for range 20 {
		s := "MAP"
		for range 22 {
			i := rng.IntN(64)
			s += base64Digits[i : i+1]
		}
		r := MustParse(s)
		tr := r.Transposed()
		if tr.Shape() != Hexagonal || !strings.HasPrefix(tr.String(), "MAP") || len(tr.String()) != 25 {
			t.Fatalf("%v transposed: %v, shape %v", r, tr, tr.Shape())
		}
		if n, ok := readsOutside(tr); ok {
			t.Fatalf("%v transposed reads %09b outside the hexagon", r, n)
		}
		if tr.Transposed() != r {
			t.Fatalf("%v transposed twice: %v", r, tr.Transposed())
		}
	}
	if hex.Transposed() != hex {
		t.Errorf("B2/S34H transposed: %v", hex.Transposed())
	}
}

// TestShapeClasses: a transition of a hexagonal or von Neumann rule is
// one unknown with those of the neighbourhoods that differ only outside
// the shape (MAP), or that have as many live neighbours of the shape
// (B/S); fixing and freeing them keeps the rule's shape.
func TestShapeClasses(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, s := range []string{"B2/S34H", "B2/S013V", hexMAP, vonNeumannMAP} {
		r := MustParse(s)
		for range 20 {
			n := Neighbourhood(rng.IntN(512))
			class := r.Class(n)
			want := 0
			keep := r.Shape().Mask() | Centre
			for m := range Neighbourhood(512) {
				same := m&keep == n&keep
				if !strings.HasPrefix(s, "MAP") {
					same = m&Centre == n&Centre && r.Shape().Count(m) == r.Shape().Count(n)
				}
				if same {
					want++
				}
			}
			if len(class) != want {
				t.Fatalf("%v: class of %09b has %d neighbourhoods, want %d", r, n, len(class), want)
			}
			p := r.Unfix(n)
			if !p.Partial() || p.Shape() != r.Shape() || !strings.Contains(p.String(), " .. ") {
				t.Fatalf("%v unfixed at %09b: %v", r, n, p)
			}
			if m, ok := readsOutside(p); ok {
				t.Fatalf("%v unfixed at %09b reads %09b outside its shape", r, n, m)
			}
			for _, next := range []bool{false, true} {
				f := p.Fix(n, next)
				if f.Partial() || f.Shape() != r.Shape() || f.Transition(n) != next {
					t.Fatalf("%v fixed at %09b to %v: %v", p, n, next, f)
				}
				if _, err := Parse(f.String()); err != nil {
					t.Fatalf("%v: %v", f, err)
				}
			}
			if p.Fix(n, r.Transition(n)) != r {
				t.Fatalf("%v unfixed and fixed back: %v", r, p.Fix(n, r.Transition(n)))
			}
		}
	}
}
