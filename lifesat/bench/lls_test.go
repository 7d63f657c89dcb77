package bench_test

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/bench"
	"github.com/lifesat/lifesat/lifesat/life"
)

// TestLLSArgsAreTheREADMEs: the hard suite's LLS runs are the commands
// the documentation (docs/speed.md, once the README's) gives for anyone
// to repeat, in the same order.
func TestLLSArgsAreTheREADMEs(t *testing.T) {
	data, err := os.ReadFile("../../docs/speed.md")
	if err != nil {
		t.Fatal(err)
	}
	var readme []string
	for _, m := range regexp.MustCompile("(?m)^\\|.*`\\./lls ([^`]*)` \\|$").FindAllStringSubmatch(string(data), -1) {
		readme = append(readme, m[1])
	}
	probs := bench.HardProblems()
	if len(readme) != len(probs) {
		t.Fatalf("the README's table has %d LLS commands, the hard suite %d problems", len(readme), len(probs))
	}
	for i, p := range probs {
		args, err := bench.LLSArgs(p)
		if err != nil {
			t.Fatalf("%v: %v", p, err)
		}
		if got := strings.Join(args, " "); got != readme[i] {
			t.Errorf("%v: LLSArgs %q, the README %q", p, got, readme[i])
		}
	}
	for _, p := range []lifesat.Problem{lifesat.StillLife(8, 8), lifesat.Oscillator(6, 10, 10)} {
		if args, err := bench.LLSArgs(p); err == nil {
			t.Errorf("%v: LLSArgs %q, want an error", p, args)
		}
	}
	if args, _ := bench.LLSArgs(lifesat.Oscillator(8, 10, 10)); !strings.Contains(strings.Join(args, " "), "-c 0 4 ") {
		t.Errorf("period 8: %q, want generation 4 to differ from 0", args)
	}
}

// blocks writes b as LLS does with --blk, after its RLE header.
func blocks(b *life.Board) string {
	var s strings.Builder
	s.WriteString("x = " + strconv.Itoa(b.Width()) + ", y = " + strconv.Itoa(b.Height()) + ", rule = B3/S23\n")
	for y := 0; y < b.Height(); y += 2 {
		for x := range b.Width() {
			top, bottom := b.Alive(x, y), y+1 < b.Height() && b.Alive(x, y+1)
			s.WriteRune([]rune(" ▀▄█")[btoi(top)+2*btoi(bottom)])
		}
		s.WriteString("\n")
	}
	return s.String()
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestReadLLSBlocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		b := life.NewBoard(1+rng.IntN(20), 1+rng.IntN(20))
		for y := range b.Height() {
			for x := range b.Width() {
				b.Set(x, y, rng.IntN(3) == 0)
			}
		}
		text := "Getting search pattern...\n" + blocks(b) + "\nTotal solver time: 0.1\n"
		got, err := bench.ReadLLSBlocks(text)
		if err != nil || !got.Equal(b) {
			t.Fatalf("%dx%d: read back %v, %v; want\n%v", b.Width(), b.Height(), got, err, b)
		}
	}
	for _, bad := range []string{
		"Unsatisfiable\n",
		"x = 4, y = 4, rule = B3/S23\n ▀▀ \n",  // a row short
		"x = 2, y = 2, rule = B3/S23\n ▀▀ \n",  // too wide
		"x = 2, y = 1, rule = B3/S23\n▄ \n",    // a cell below the last row
		"x = 2, y = 2, rule = B3/S23\nO.\n",    // not blocks
		"x = 0, y = 2, rule = B3/S23\n\n",      // no width
		"x = 99999, y = 2, rule = B3/S23\n \n", // too wide a box
	} {
		if b, err := bench.ReadLLSBlocks(bad); err == nil {
			t.Errorf("%q read as\n%v", bad, b)
		}
	}
}

func FuzzReadLLSBlocks(f *testing.F) {
	f.Add("x = 3, y = 3, rule = B3/S23\n▄▄▄\n   \n")
	f.Add("x = 18, y = 18, rule = B3/S23\n   ▄ ▄▄    ▄▄ ▄   \n")
	f.Fuzz(func(t *testing.T, text string) {
		b, err := bench.ReadLLSBlocks(text)
		if err == nil && (b.Width() < 1 || b.Height() < 1) {
			t.Errorf("%q: an empty board without an error", text)
		}
	})
}

// fakeLLS writes an lls program that prints out, and returns its folder.
func fakeLLS(t *testing.T, out string) string {
	dir := t.TempDir()
	script := "#!/bin/sh\ncat <<'END'\n" + out + "END\n"
	if err := os.WriteFile(filepath.Join(dir, "lls"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestRunLLS runs LLS cases with stand-ins for LLS: each answer is
// re-simulated, a wrong one is not verified, and LLS's "Unsatisfiable"
// and "Timed out" are read; without Options.LLS the cases are skipped.
func TestRunLLS(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-ins are shell scripts")
	}
	p := lifesat.Oscillator(2, 5, 5)
	blinker, block := life.NewBoard(7, 7), life.NewBoard(7, 7) // with LLS's ring
	for y := 2; y <= 4; y++ {
		blinker.Set(3, y, true)
	}
	for _, c := range [][2]int{{2, 2}, {3, 2}, {2, 3}, {3, 3}} {
		block.Set(c[0], c[1], true)
	}
	s := bench.Suite{Name: "tiny", Doc: "test", Cases: []bench.Case{{Kind: bench.LLS, Problem: p, Solver: "cadical", Timeout: time.Minute}}}
	for _, tc := range []struct {
		out, status string
		verified    bool
	}{
		{blocks(blinker), "SAT", true},
		{blocks(block), "SAT", false}, // a still life, not an exact p2 oscillator
		{"Unsatisfiable\n", "UNSAT", false},
		{"Timed out\n", "UNKNOWN", false},
		{"Traceback: something broke\n", "ERROR", false},
	} {
		rows, err := bench.Run(context.Background(), s, &bench.Options{LLS: fakeLLS(t, tc.out)})
		if err != nil && !strings.Contains(err.Error(), "not found") {
			t.Fatal(err)
		}
		if len(rows) == 0 {
			t.Skip("cadical is not installed: LLS cases are skipped")
		}
		r := rows[0]
		if r.Status != tc.status || r.Verified != tc.verified || r.Solver != bench.LLSSolver {
			t.Errorf("LLS printing %q: row %+v, want %s verified=%v", tc.out, r, tc.status, tc.verified)
		}
	}
	if rows, err := bench.Run(context.Background(), s, nil); err != nil || len(rows) != 0 {
		t.Errorf("without Options.LLS: %d rows, %v; want the case skipped", len(rows), err)
	}
}
