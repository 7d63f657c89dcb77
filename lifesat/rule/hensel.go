package rule

// Hensel notation for isotropic non-totalistic rules (A. Hensel's letters,
// as LifeWiki's "Isotropic non-totalistic Life-like cellular automaton"
// page, Golly, LLS and rlifesrc read them). The 256 states of a cell's
// eight neighbours fall into 51 classes under the eight rotations and
// reflections of the square: 1 with no live neighbour, then 2, 6, 10, 13,
// 10, 6, 2 and 1 for 1..8 live neighbours. Each class is named by its
// count and a letter; the class (8-n)X is the complement of nX for n != 4.
// A representative of each class with 1..4 live neighbours (o alive, the
// centre shown as '.'):
//
//	1c o..  1e .o.  2a oo.  2c o.o  2e .o.  2i .o.  2k .o.  2n o..
//	   ...     ...     ...     ...     o..     ...     ...     ...
//	   ...     ...     ...     ...     ...     .o.     o..     ..o
//
//	3a oo.  3c o.o  3e .o.  3i ooo  3j oo.  3k .o.  3n o.o  3q oo.  3r oo.  3y o.o
//	   o..     ...     o..     ...     ..o     o..     ..o     ...     ...     ...
//	   ...     ..o     .o.     ...     ...     ..o     ...     ..o     .o.     .o.
//
//	4a ooo  4c o.o  4e .o.  4i o.o  4j oo.  4k oo.  4n ooo  4q oo.  4r oo.  4t ooo  4w oo.  4y o.o  4z oo.
//	   o..     ...     o.o     o.o     ..o     ..o     ...     o..     o.o     ...     ..o     ...     ...
//	   ...     o.o     .o.     ...     .o.     o..     ..o     ..o     ...     .o.     ..o     oo.     .oo
//
// In a rule, a digit alone takes every class of its count; a digit and
// letters take those classes ("2n": the two opposite corners); a digit,
// '-' and letters take all the others ("3-q"). String writes Golly's
// canonical form: letters in alphabetical order, after '-' when that
// lists fewer (2s > m+1 for s classes taken out of m, so with 13 letters
// seven are still written plainly).

import (
	"fmt"
	"strings"
)

// henselLetters lists the class letters per neighbour count, in
// alphabetical (canonical) order.
var henselLetters = [9]string{"c", "ce", "aceikn", "aceijknqry", "aceijknqrtwyz", "aceijknqry", "aceikn", "ce", "c"}

// henselPictures are the representatives drawn above, the 3x3 rows
// concatenated (o alive, '.' dead, the centre always '.'), in the order
// of henselLetters for counts 1..4. Counts 5..8 are the complements of
// 3..0.
var henselPictures = [5][]string{
	{"........."},
	{"o........", ".o......."},
	{"oo.......", "o.o......", ".o.o.....", ".o.....o.", ".o....o..", "o.......o"},
	{"oo.o.....", "o.o.....o", ".o.o...o.", "ooo......", "oo...o...", ".o.o....o", "o.o..o...", "oo......o", "oo.....o.", "o.o....o."},
	{"oooo.....", "o.o...o.o", ".o.o.o.o.", "o.oo.o...", "oo...o.o.", "oo...oo..", "ooo.....o", "oo.o....o", "oo.o.o...", "ooo....o.", "oo...o..o", "o.o...oo.", "oo.....oo"},
}

// henselClass[n] is the letter of the class of neighbourhood n (the
// centre bit is ignored); henselIndex[n] its place in henselLetters.
var henselClass, henselIndex = henselClasses()

func henselClasses() (class [512]byte, index [512]uint8) {
	picture := func(s string) Neighbourhood {
		var n Neighbourhood
		for i := range 9 {
			if s[i] == 'o' {
				n |= 1 << (8 - i)
			}
		}
		return n
	}
	for count := range 9 {
		for i, letter := range []byte(henselLetters[count]) {
			var rep Neighbourhood
			if count <= 4 {
				rep = picture(henselPictures[count][i])
			} else {
				rep = picture(henselPictures[8-count][i]) ^ 511&^Centre
			}
			for _, c := range [2]Neighbourhood{0, Centre} {
				for _, m := range (rep | c).Images() {
					class[m], index[m] = letter, uint8(i)
				}
			}
		}
	}
	return class, index
}

// setTransitions sets the transitions of part, the lower-case digits and
// letters of a B part (alive false) or an S part (alive true), or says
// why it cannot. Letters are for the Moore neighbourhood only: a rule of
// another shape takes counts, each of which sets the transitions of all
// the neighbourhoods with that many live neighbours of the shape.
func (r *Rule) setTransitions(part string, alive bool) string {
	var seen [9]bool
	for i := 0; i < len(part); {
		count, msg := countAt(part[i], &seen, "'-' must come right after a digit (\"3-q\"), and only once", r.shape)
		if msg != "" {
			return msg
		}
		i++
		if r.shape != Moore {
			if i < len(part) && (part[i] == '-' || part[i] >= 'a' && part[i] <= 'z') {
				return fmt.Sprintf("%d%c: %v rules take neighbour counts only, no letters (Hensel's name Moore neighbourhoods%s); a MAP string of %d characters writes any %v rule",
					count, part[i], r.shape, map[Shape]string{Hexagonal: ", and LifeWiki's hexagonal o, m, p are not supported"}[r.shape], mapLength(r.shape), r.shape)
			}
			for n := range Neighbourhood(512) {
				if n.Alive() == alive && r.shape.Count(n) == count {
					r.t.set(n, true)
				}
			}
			continue
		}
		negate := i < len(part) && part[i] == '-'
		if negate {
			i++
		}
		var take uint16 // bit j: the class henselLetters[count][j]
		start := i
		for ; i < len(part) && part[i] >= 'a' && part[i] <= 'z'; i++ {
			j := strings.IndexByte(henselLetters[count], part[i])
			switch {
			case count == 0 || count == 8:
				return fmt.Sprintf("%d%c: counts 0 and 8 have one neighbourhood each, and no letters", count, part[i])
			case j < 0 && (part[i] == 'h' || part[i] == 'v'):
				return fmt.Sprintf("%d%c: no such neighbourhood; the letters for %d are %s (H or V, a neighbourhood shape, goes at the end of the rule)", count, part[i], count, henselLetters[count])
			case j < 0:
				return fmt.Sprintf("%d%c: no such neighbourhood; the letters for %d are %s", count, part[i], count, henselLetters[count])
			case take>>j&1 == 1:
				return fmt.Sprintf("%d%c: letter %c repeated", count, part[i], part[i])
			}
			take |= 1 << j
		}
		switch {
		case negate && i == start:
			return fmt.Sprintf("%d-: '-' needs the letters left out after it", count)
		case i == start:
			take = 1<<len(henselLetters[count]) - 1
		case negate:
			take ^= 1<<len(henselLetters[count]) - 1
		}
		for n := range Neighbourhood(512) {
			if n.Alive() == alive && n.Count() == count && take>>henselIndex[n]&1 == 1 {
				r.t.set(n, true)
			}
		}
	}
	return ""
}

// countAt reads c, the neighbour count that starts a group of a B or S
// part of a rule of shape s, and marks it seen; or says why c cannot
// start one (dash is what to say of a misplaced '-').
func countAt(c byte, seen *[9]bool, dash string, s Shape) (int, string) {
	switch {
	case c >= '0' && c <= '9' && int(c-'0') > s.Size():
		if s == Moore {
			return 0, "a cell has at most 8 neighbours"
		}
		return 0, fmt.Sprintf("%c: a cell has at most %d neighbours in the %v neighbourhood", c, s.Size(), s)
	case c == '-':
		return 0, dash
	case c < '0' || c > '8':
		if c >= 'a' && c <= 'z' {
			return 0, fmt.Sprintf("letter %c without a neighbour count before it", c)
		}
		return 0, fmt.Sprintf("unexpected %q", c)
	}
	count := int(c - '0')
	if seen[count] {
		return 0, fmt.Sprintf("digit %c repeated", c)
	}
	seen[count] = true
	return count, ""
}

// counts writes an outer-totalistic rule of a shape other than Moore in
// B/S notation: "B2/S34H".
func (r Rule) counts() string {
	part := func(alive bool) string {
		var digits []byte
		for k := range r.shape.Size() + 1 {
			if r.Next(alive, k) {
				digits = append(digits, byte('0'+k))
			}
		}
		return string(digits)
	}
	return "B" + part(false) + "/S" + part(true) + r.shape.suffix()
}

// hensel writes an isotropic rule of the Moore neighbourhood in canonical
// B/S or Hensel notation.
func (r Rule) hensel() string {
	var sb strings.Builder
	for _, alive := range []bool{false, true} {
		if alive {
			sb.WriteString("/S")
		} else {
			sb.WriteByte('B')
		}
		for count := range 9 {
			letters := henselLetters[count]
			var take uint16
			for n := range Neighbourhood(512) {
				if n.Alive() == alive && n.Count() == count && r.t.get(n) {
					take |= 1 << henselIndex[n]
				}
			}
			m, s := len(letters), 0
			for j := range m {
				s += int(take >> j & 1)
			}
			if s == 0 {
				continue
			}
			sb.WriteByte(byte('0' + count))
			if s == m {
				continue
			}
			want := uint16(1)
			if 2*s > m+1 {
				sb.WriteByte('-')
				want = 0
			}
			for j := range m {
				if uint16(take>>j&1) == want {
					sb.WriteByte(letters[j])
				}
			}
		}
	}
	return sb.String()
}
