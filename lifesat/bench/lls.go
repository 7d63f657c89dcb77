package bench

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/lifesat/lifesat/internal/procgroup"
	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rle"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// LLS cases run logic-life-search (github.com/frankeverdij/logic-life-search,
// a checkout named by Options.LLS, with cadical linked as solvers/cadical)
// on the case's problem, side by side with lifesat's rows: its naive
// method M1 with cadical and the seed of the row ("--parameters=--seed=N"),
// the answer printed in LLS's block format and re-simulated by the
// problem's Check. LLS's time is the wall time of its whole process, its
// own preprocessing in Python included.
const LLS = "lls"

// LLSSolver names the rows of LLS cases.
const LLSSolver = "LLS M1 + cadical"

// LLSArgs returns the arguments of the lls command for p, as the README's
// table of hard searches writes them: "-b W H D" a blank search pattern of
// W x H cells over D generations (the period and one more: LLS's last
// generation is the first again, moved for a ship), "-s pP [xDX] [yDY]"
// the period and the shift, "-s SYM" the symmetry, "-c" generation 1
// differs from generation 0 (which makes a prime period exact, and is
// what the README's ship search asks), "-c 0 G" generation G = P/Q differs
// from generation 0 (which makes exact a period P that is a power of the
// prime Q), and "-M 1 -S cadical". Only the problems LLS states the same
// way are accepted: oscillators and ships in a box, without a template, a
// population bound, a cage or blinking cells, and oscillators whose
// period is a prime power.
func LLSArgs(p lifesat.Problem) ([]string, error) {
	if p.Period < 2 || p.Template != nil || p.Cage != nil || p.MinPop != 0 || p.MaxPop != 0 || len(p.Blink) > 0 {
		return nil, fmt.Errorf("bench: %v: only plain oscillators and ships are written as LLS searches", p)
	}
	args := []string{"-b", strconv.Itoa(p.Width), strconv.Itoa(p.Height), strconv.Itoa(p.Period + 1), "-s", "p" + strconv.Itoa(p.Period)}
	if p.Shift.X != 0 {
		args = append(args, "x"+strconv.Itoa(p.Shift.X))
	}
	if p.Shift.Y != 0 {
		args = append(args, "y"+strconv.Itoa(p.Shift.Y))
	}
	if p.Symmetry != "" && p.Symmetry != life.C1 {
		args = append(args, "-s", string(p.Symmetry))
	}
	q := 2
	for p.Period%q != 0 {
		q++
	}
	n := p.Period
	for n%q == 0 {
		n /= q
	}
	switch {
	case p.Shift != (image.Point{}) || q == p.Period:
		args = append(args, "-c")
	case n == 1:
		args = append(args, "-c", "0", strconv.Itoa(p.Period/q))
	default:
		return nil, fmt.Errorf("bench: %v: an exact period that is not a prime power is more than one LLS -c", p)
	}
	return append(args, "-M", "1", "-S", "cadical"), nil
}

// runLLS runs the LLS case c once with the given seed and time limit in
// the checkout dir.
func runLLS(ctx context.Context, dir string, c Case, seed uint64, timeout time.Duration) Row {
	r := Row{Problem: c.Name(), Side: c.Problem.Width, Period: c.Problem.Period, Encoding: "lls M1", Solver: LLSSolver, Seed: seed, Status: "ERROR"}
	args, err := LLSArgs(c.Problem)
	if err != nil {
		r.Value = err.Error()
		return r
	}
	// LLS's own limit (whole seconds) ends cadical cleanly; the context,
	// a little later, is the backstop.
	secs := max(int(timeout/time.Second), 1)
	args = append(args, fmt.Sprintf("--parameters=--seed=%d", seed), "-t", strconv.Itoa(secs), "-v", "1", "--blk")
	ctx, cancel := context.WithTimeout(ctx, timeout+10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(dir, "lls"), args...)
	cmd.Dir = dir
	procgroup.Own(cmd) // cadical is LLS's child
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err = cmd.Run()
	r.SolveMS = float64(time.Since(start).Microseconds()) / 1000
	text := out.String()
	switch {
	case ctx.Err() != nil, strings.Contains(text, "Timed out"):
		r.Status = "UNKNOWN"
	case err != nil:
		r.Value = strings.TrimSpace(err.Error() + ": " + lastLine(errb.String()))
	case strings.Contains(text, "Unsatisfiable"):
		r.Status = "UNSAT"
	default:
		b, err := ReadLLSBlocks(text)
		if err != nil {
			r.Value = err.Error()
			return r
		}
		r.Status = "SAT"
		r.Verified = checkLLS(c.Problem, b) == nil
	}
	return r
}

// lastLine is the last non-blank line of s.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// checkLLS re-simulates LLS's answer b, its grid with the ring of dead
// cells LLS puts around the box, as an answer to p: the ring must be dead,
// and the box's generations, each the plain Step of the one before,
// must pass p.Check.
func checkLLS(p lifesat.Problem, b *life.Board) error {
	if b.Width() != p.Width+2 || b.Height() != p.Height+2 {
		return fmt.Errorf("bench: LLS's grid is %dx%d, want %dx%d with the ring", b.Width(), b.Height(), p.Width+2, p.Height+2)
	}
	box := image.Rect(1, 1, p.Width+1, p.Height+1)
	if b.Population() != b.Crop(box).Population() {
		return errors.New("bench: LLS's answer has live cells on the ring around the box")
	}
	pat := &lifesat.Pattern{Phases: []*life.Board{b.Crop(box)}}
	for range p.Period - 1 {
		next := life.Step(pat.Phases[len(pat.Phases)-1].Crop(image.Rect(-1, -1, p.Width+1, p.Height+1)), rule.Life, life.Dead)
		pat.Phases = append(pat.Phases, next.Crop(box))
	}
	return p.Check(pat, nil)
}

// ReadLLSBlocks reads generation 0 of an answer that LLS prints with
// --blk: an RLE header line ("x = W, y = H, rule = ..."), then the grid
// two rows to a line, each character a column of two cells: ' ' both
// dead, '▀' the upper alive, '▄' the lower, '█' both. Lines before the
// header are skipped; a short line has dead cells at its end.
func ReadLLSBlocks(text string) (*life.Board, error) {
	sc := bufio.NewScanner(strings.NewReader(text))
	w, h := -1, -1
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "x =") && !strings.HasPrefix(line, "x=") {
			continue
		}
		hdr, err := rle.Read(strings.NewReader(line + "\n!")) // the header, an empty body
		if err != nil {
			return nil, fmt.Errorf("bench: LLS's header: %w", err)
		}
		w, h = hdr.Board.Width(), hdr.Board.Height()
		if w < 1 || h < 1 || w > lifesat.MaxSide || h > lifesat.MaxSide {
			return nil, fmt.Errorf("bench: LLS's grid is %dx%d", w, h)
		}
		break
	}
	if w < 0 {
		return nil, errors.New("bench: no answer (no \"x = \" line) in LLS's output")
	}
	b := life.NewBoard(w, h)
	for y := 0; y < h; y += 2 {
		if !sc.Scan() {
			return nil, fmt.Errorf("bench: LLS's grid ends after %d of its %d rows", y, h)
		}
		x := 0
		for _, c := range sc.Text() {
			if x >= w {
				return nil, fmt.Errorf("bench: LLS's grid has a line wider than its %d columns", w)
			}
			var top, bottom bool
			switch c {
			case ' ':
			case '▀':
				top = true
			case '▄':
				bottom = true
			case '█':
				top, bottom = true, true
			default:
				return nil, fmt.Errorf("bench: unexpected %q in LLS's grid", c)
			}
			b.Set(x, y, top)
			if bottom {
				if y+1 >= h {
					return nil, fmt.Errorf("bench: LLS's grid has a live cell below its %d rows", h)
				}
				b.Set(x, y+1, true)
			}
			x++
		}
	}
	return b, nil
}
