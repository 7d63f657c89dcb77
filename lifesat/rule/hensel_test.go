package rule

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// cellsOf is the set of (row, column) positions of the live neighbours
// of a neighbourhood, the centre left out: an independent statement of
// the geometry, without the bit tricks of symmetries.
func cellsOf(n Neighbourhood) map[[2]int]bool {
	m := map[[2]int]bool{}
	for r := range 3 {
		for c := range 3 {
			if (r != 1 || c != 1) && n>>(8-(3*r+c))&1 == 1 {
				m[[2]int{r, c}] = true
			}
		}
	}
	return m
}

// orbitKey is the smallest of the eight images of a set of cells under the
// symmetries of the square, each written as a sorted list.
func orbitKey(cells map[[2]int]bool) string {
	var best string
	for i := range 8 {
		var img [3][3]byte
		for r := range 3 {
			for c := range 3 {
				img[r][c] = '.'
			}
		}
		for p := range cells {
			r, c := p[0]-1, p[1]-1
			for range i % 4 { // rotate by 90 degrees
				r, c = c, -r
			}
			if i >= 4 { // then mirror
				c = -c
			}
			img[r+1][c+1] = 'o'
		}
		s := string(img[0][:]) + string(img[1][:]) + string(img[2][:])
		if best == "" || s < best {
			best = s
		}
	}
	return best
}

// TestHenselClasses: the letters split the neighbourhoods exactly into
// the orbits of the symmetries of the square, computed independently
// here, and there are 1 2 6 10 13 10 6 2 1 of them for 0..8 neighbours
// (51 in all, LifeWiki "Isotropic non-totalistic Life-like cellular
// automaton").
func TestHenselClasses(t *testing.T) {
	wantSizes := [9]int{1, 2, 6, 10, 13, 10, 6, 2, 1}
	orbitLetter := map[string]string{} // orbit -> count and letter
	letterOrbit := map[string]string{}
	var sizes [9]int
	for n := range Neighbourhood(512) {
		if n&Centre != 0 {
			if henselClass[n] != henselClass[n&^Centre] {
				t.Fatalf("neighbourhood %09b: the centre changes the class", n)
			}
			continue
		}
		key := orbitKey(cellsOf(n))
		name := fmt.Sprintf("%d%c", n.Count(), henselClass[n])
		if got, ok := orbitLetter[key]; ok && got != name {
			t.Fatalf("orbit %s holds %s and %s", key, got, name)
		}
		if got, ok := letterOrbit[name]; ok && got != key {
			t.Fatalf("class %s holds orbits %s and %s", name, got, key)
		}
		if _, ok := orbitLetter[key]; !ok {
			sizes[n.Count()]++
		}
		orbitLetter[key], letterOrbit[name] = name, key
	}
	if sizes != wantSizes || len(orbitLetter) != 51 {
		t.Errorf("classes per count %v (%d in all), want %v (51)", sizes, len(orbitLetter), wantSizes)
	}
	for k, letters := range henselLetters {
		if len(letters) != wantSizes[k] {
			t.Errorf("count %d: letters %q", k, letters)
		}
	}
}

// TestHenselComplements: the class (8-n)X is the complement of nX for
// n != 4; at 4 the complements pair c-e, i-t, j-y, n-r, q-w, and k, a, z
// are their own (worked out from the pictures: the complement of the four
// corners is the four edges, of "o.o/o.o/..." the T, and so on).
func TestHenselComplements(t *testing.T) {
	four := map[byte]byte{'c': 'e', 'e': 'c', 'i': 't', 't': 'i', 'j': 'y', 'y': 'j', 'n': 'r', 'r': 'n', 'q': 'w', 'w': 'q', 'k': 'k', 'a': 'a', 'z': 'z'}
	for n := range Neighbourhood(256) {
		m := n >> 4 << 5 & 511 // spread 8 neighbour bits around the centre
		m |= n & 15
		comp := m ^ 511&^Centre
		want := henselClass[m]
		if m.Count() == 4 {
			want = four[want]
		}
		if henselClass[comp] != want {
			t.Errorf("%d%c: complement is %d%c, want %c", m.Count(), henselClass[m], comp.Count(), henselClass[comp], want)
		}
	}
}

// TestHenselPictures: neighbourhoods drawn by hand, in other orientations
// than the representatives of rule_hensel.go (LifeWiki's pictures).
func TestHenselPictures(t *testing.T) {
	tests := []struct{ picture, class string }{
		{"..o/.../...", "1c"},
		{".../..o/...", "1e"},
		{".../.../oo.", "2a"},
		{"..o/.../..o", "2c"},
		{".../..o/.o.", "2e"},
		{".../o.o/...", "2i"},
		{"..o/o../...", "2k"},
		{"..o/.../o..", "2n"},
		{"o../o../o..", "3i"},
		{".../o.o/.o.", "3e"},
		{"o.o/.../o..", "3c"},
		{".oo/..o/...", "3a"},
		{".../o../o.o", "3n"},
		{".../o.o/o..", "3r"},
		{"..o/o../.o.", "3k"},
		{"o.o/.../.o.", "3y"},
		{".../..o/oo.", "3j"},
		{"..o/.../oo.", "3q"},
		{".o./.../o.o", "3y"},
		{".oo/.../.o.", "3r"},
		{"o../o.o/o..", "4t"},
		{".oo/.../oo.", "4z"},
		{"o.o/.../o.o", "4c"},
		{".o./o.o/.o.", "4e"},
		{"ooo/..o/...", "4a"},
		{".oo/o../o..", "4w"},
		{"oo./o.o/...", "4r"},
		{"o.o/o.o/...", "4i"},
		{"ooo/o.o/...", "5i"},
		{"ooo/o../o..", "5a"},
		{"o.o/.../ooo", "5e"},
		{".o./o.o/oo.", "5c"},
		{"ooo/o.o/o..", "6a"},
		{"o.o/o.o/o.o", "6i"},
		{"ooo/o.o/.oo", "7c"},
		{"ooo/o.o/o.o", "7e"},
		{".../.o./...", "0c"},
		{"ooo/ooo/ooo", "8c"},
	}
	for _, tt := range tests {
		p := strings.ReplaceAll(tt.picture, "/", "")
		var n Neighbourhood
		for i := range 9 {
			if p[i] == 'o' {
				n |= 1 << (8 - i)
			}
		}
		if got := fmt.Sprintf("%d%c", n.Count(), henselClass[n]); got != tt.class {
			t.Errorf("%s is %s, want %s", tt.picture, got, tt.class)
		}
	}
}

// TestHenselTotalisticIsOuterTotalistic: a rule written with every letter
// of its counts, or with letters that add up to whole counts, is the
// outer-totalistic rule of those counts, table for table, and prints as
// one.
func TestHenselTotalisticIsOuterTotalistic(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for range 100 {
		birth, survival := uint16(rng.IntN(512))&^1, uint16(rng.IntN(512))
		var plainB, plainS strings.Builder
		for k := range 9 {
			if birth>>k&1 == 1 {
				fmt.Fprint(&plainB, k)
			}
			if survival>>k&1 == 1 {
				fmt.Fprint(&plainS, k)
			}
		}
		want := totalisticRule(birth, survival)
		plain := "B" + plainB.String() + "/S" + plainS.String()
		if want.String() != plain || !want.Totalistic() {
			t.Fatalf("masks %b/%b: %v, want %s", birth, survival, want, plain)
		}
		r, err := Parse(plain)
		if err != nil || r != want {
			t.Fatalf("%s: %v, %v", plain, r, err)
		}
		// Whole counts in letters, every class named, in any order.
		var spelled strings.Builder
		spelled.WriteString("B")
		for k := range 9 {
			if birth>>k&1 == 1 {
				fmt.Fprint(&spelled, k)
				if k > 0 && k < 8 {
					spelled.WriteString(shuffled(rng, henselLetters[k]))
				}
			}
		}
		spelled.WriteString("/S")
		for k := range 9 {
			if survival>>k&1 == 1 {
				fmt.Fprint(&spelled, k)
				if k > 0 && k < 8 {
					spelled.WriteString(shuffled(rng, henselLetters[k]))
				}
			}
		}
		r, err = Parse(spelled.String())
		if err != nil || r != want {
			t.Fatalf("%s: %v, %v, want %v", spelled.String(), r, err, want)
		}
	}
}

// TestHenselLettersPickTheirClasses: "B2n/S" gives birth exactly to dead
// cells whose two live neighbours are opposite corners; "S3-q" keeps
// every three-neighbour live cell but those of 3q; "B4ace/S" and its
// complement "B4-ace/S" split the 4-neighbour births between them.
func TestHenselLettersPickTheirClasses(t *testing.T) {
	r, _ := Parse("B2n/S3-q")
	for n := range Neighbourhood(512) {
		cells := cellsOf(n)
		var want bool
		switch {
		case !n.Alive() && len(cells) == 2:
			want = cells[[2]int{0, 0}] && cells[[2]int{2, 2}] || cells[[2]int{0, 2}] && cells[[2]int{2, 0}]
		case n.Alive() && len(cells) == 3:
			want = henselClass[n] != 'q'
		}
		if r.Transition(n) != want {
			t.Errorf("%v, neighbourhood %09b: %v", r, n, !want)
		}
	}
	a, _ := Parse("B4ace/S")
	b, _ := Parse("B4-ace/S")
	all, _ := Parse("B4/S")
	for n := range Neighbourhood(512) {
		if a.Transition(n) && b.Transition(n) || (a.Transition(n) || b.Transition(n)) != all.Transition(n) {
			t.Fatalf("neighbourhood %09b: 4ace %v, 4-ace %v, 4 %v", n, a.Transition(n), b.Transition(n), all.Transition(n))
		}
	}
}

func shuffled(rng *rand.Rand, s string) string {
	b := []byte(s)
	rng.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
	return string(b)
}
