package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
)

// TestMaxDensity: max -size 13x13 goes to package density's row program
// and proves OEIS A055397's a(13) = 90; the answer is re-simulated.
func TestMaxDensity(t *testing.T) {
	code, out, errs := lifesatCmd(t, "", "max", "-size", "13x13")
	if code != exitFound || !strings.Contains(errs, "90 live cells, proved optimal") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	b := readPatterns(t, out)[0].Board
	if b.Width() != 13 || b.Height() != 13 || b.Population() != 90 || !isStillLife(b) {
		t.Fatalf("not a 13x13 still life of 90 cells:\n%s", out)
	}
}

// TestMaxDensityTimeout: a -timeout that has passed before the program
// starts gives exit 3, the best still life so far (re-simulated here) and
// the interval it leaves, which holds OEIS A055397's a(20) = 210 and
// a(28): the entry says 407, one too many (lifesat/density's
// TestWasteCNFCertified proves 406 with a checked proof), and the interval
// must hold both. 28x28 is beyond what the row program proves in
// minutes; it still answers at once.
func TestMaxDensityTimeout(t *testing.T) {
	for _, c := range []struct{ n, a int }{{20, 210}, {28, 406}, {28, 407}} {
		size := fmt.Sprintf("%dx%d", c.n, c.n)
		code, out, errs := lifesatCmd(t, "", "max", "-size", size, "-timeout", "1ns")
		var pop, least, most, gap int
		if _, err := fmt.Sscanf(errs[strings.Index(errs, "lifesat: "):], "lifesat: %d live cells", &pop); err != nil || code != exitStopped {
			t.Fatalf("%s: exit %d, stderr %q", size, code, errs)
		}
		i := strings.Index(errs, "at least ")
		if i < 0 {
			t.Fatalf("%s: no interval in %q", size, errs)
		}
		if _, err := fmt.Sscanf(errs[i:], "at least %d, at most %d (gap %d)", &least, &most, &gap); err != nil ||
			least != pop || pop > c.a || most < c.a || gap != most-least {
			t.Fatalf("%s: %q does not hold a(%d) = %d", size, errs, c.n, c.a)
		}
		b := readPatterns(t, out)[0].Board
		if b.Width() != c.n || b.Height() != c.n || b.Population() != pop || pop == 0 || !isStillLife(b) {
			t.Fatalf("%s: not a still life of %d cells:\n%s", size, pop, out)
		}
	}
}

// TestMaxGap: the interval of a max stopped before a proof, with the
// density programs' proved bound and with none (the SAT ladder's).
func TestMaxGap(t *testing.T) {
	p := lifesat.StillLife(12, 12)
	if got, want := gap(&lifesat.MaxResult{Population: 72, Bound: 78}, p), "at least 72, at most 78 (gap 6)"; got != want {
		t.Errorf("with a bound: %q, want %q", got, want)
	}
	if got, want := gap(&lifesat.MaxResult{Population: 72}, p), "at least 72, at most 144 (gap 72, every cell)"; got != want {
		t.Errorf("without: %q, want %q", got, want)
	}
	p.Period = 2
	if got, want := gap(&lifesat.MaxResult{Population: 100}, p), "at least 100, at most 288 (gap 188, every cell)"; got != want {
		t.Errorf("period 2: %q, want %q", got, want)
	}
}

// TestMaxDensityMemory: when the row program outgrows its memory budget
// (here 1 KB, through the library), max ends with exit status 3, as at
// -timeout, and says why.
func TestMaxDensityMemory(t *testing.T) {
	ctx := context.Background()
	res, err := lifesat.Maximize(ctx, lifesat.StillLife(14, 14), &lifesat.Settings{MaxMemory: 1 << 10})
	if err == nil || res == nil {
		t.Fatalf("Maximize 14x14 in 1 KB: %v, %v; want a result and an error", res, err)
	}
	var stderr bytes.Buffer
	code, err := maxStopped(ctx, &env{stderr: &stderr}, res, err)
	if code != exitStopped || err != nil || !strings.Contains(stderr.String(), "memory budget") {
		t.Fatalf("exit %d, error %v, stderr %q; want exit 3 and the budget named", code, err, stderr.String())
	}
}

// TestMaxMethodIP: Bosch's IP1 and IP2 by gophersat's PB engine prove
// A055397's a(6) = 18; the answer is re-simulated here too.
func TestMaxMethodIP(t *testing.T) {
	for _, m := range []string{"ip1", "ip2"} {
		code, out, errs := lifesatCmd(t, "", "max", "-method", m, "-size", "6x6")
		if code != exitFound || !strings.Contains(errs, "18 live cells by Bosch's "+strings.ToUpper(m)+" and gophersat's PB engine, proved optimal") {
			t.Fatalf("%s: exit %d, stderr %q", m, code, errs)
		}
		b := readPatterns(t, out)[0].Board
		if b.Population() != 18 || !isStillLife(b) {
			t.Fatalf("%s: not a still life of 18 cells:\n%s", m, out)
		}
	}
	for _, args := range [][]string{
		{"max", "-method", "ip3", "-size", "6x6"},
		{"max", "-method", "ip1", "-size", "6x6", "-period", "2"},
		{"max", "-method", "ip2", "-size", "6x6", "-rule", "B36/S23"},
		{"max", "-method", "ip2", "-size", "0x6"},
	} {
		if code, _, errs := lifesatCmd(t, "", args...); code != exitUsage || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line", args, code, errs)
		}
	}
	if code, _, errs := lifesatCmd(t, "", "max", "-method", "ip2", "-size", "9x9", "-timeout", "1ns"); code != exitStopped {
		t.Errorf("expired -timeout: exit %d, stderr %q", code, errs)
	}
}

// TestMaxMethodWaste: the wastage CNF asked of the embedded solver
// proves A055397's a(7) = 28, writes the proof of it that lifesat verify
// checks, and re-simulates the board; plain still lifes of Life only.
func TestMaxMethodWaste(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := lifesatCmd(t, "", "max", "-method", "waste", "-size", "7", "-proof", dir)
	if code != exitFound || !strings.Contains(errs, "28 live cells by the wastage CNF and gophersat") || !strings.Contains(errs, "proved optimal") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if b := readPatterns(t, out)[0].Board; b.Population() != 28 || !isStillLife(b) {
		t.Fatalf("not a still life of 28 cells:\n%s", out)
	}
	if code, out, errs := lifesatCmd(t, "", "verify", dir); code != exitFound || !strings.Contains(out+errs, "verified") {
		t.Fatalf("verify: exit %d, %q %q", code, out, errs)
	}
	for _, args := range [][]string{
		{"max", "-method", "waste", "-size", "6x6", "-period", "2"},
		{"max", "-method", "waste", "-size", "6x6", "-rule", "B36/S23"},
		{"max", "-method", "waste", "-size", "101x100"},
		{"max", "-method", "waste", "-size", "6", "-proof", dir, "-proof-format", "lrat"},
		{"max", "-method", "waste", "-size", "6", "-jobs", "3"},
		{"max", "-method", "waste", "-size", "6", "-n", "2"},
		{"max", "-method", "waste", "-size", "6", "-solver", "gini", "-proof", dir},
	} {
		if code, out, errs := lifesatCmd(t, "", args...); code != exitUsage || strings.Count(errs, "\n") != 1 || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2, nothing on stdout and one line", args, code, out, errs)
		}
	}
	// -jobs 2 races gophersat's configuration for satisfiable formulas;
	// the proof still comes from the first, and verifies.
	race := t.TempDir()
	code, out, errs = lifesatCmd(t, "", "max", "-method", "waste", "-size", "7", "-jobs", "2", "-proof", race)
	if b := readPatterns(t, out)[0].Board; code != exitFound || b.Population() != 28 || !isStillLife(b) || !strings.Contains(errs, "proved optimal") {
		t.Errorf("-jobs 2: exit %d, stderr %q, board\n%s", code, errs, out)
	}
	if code, out, errs := lifesatCmd(t, "", "verify", race); code != exitFound || !strings.Contains(out+errs, "verified") {
		t.Errorf("verify the race's proof: exit %d, %q %q", code, out, errs)
	}
	if code, _, errs := lifesatCmd(t, "", "max", "-method", "waste", "-size", "9x9", "-timeout", "1ns"); code != exitStopped {
		t.Errorf("expired -timeout: exit %d, stderr %q", code, errs)
	}
}
