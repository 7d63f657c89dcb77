package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lifesat/lifesat/internal/procgroup"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/member"
	"github.com/lifesat/lifesat/lifesat/rule"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// The cases of issue 33 (reliability, third round), each named after the
// case it reproduces. Each failed on the code before that issue.

// process is the command as a process of its own: this test binary in
// worker mode (TestMain), with its signal handling and hard time limit.
func process(args ...string) *exec.Cmd {
	c := exec.Command(os.Args[0], args...)
	c.Env = append(os.Environ(), "LIFESAT_TEST_WORKER=1")
	return c
}

// bruteStill4x4 counts the non-empty still lifes of a 4x4 box by trying
// every board with the plain Step: nothing of the search is used.
func bruteStill4x4() int {
	n := 0
	for m := 1; m < 1<<16; m++ {
		b := life.NewBoard(4, 4)
		for i := range 16 {
			b.Set(i%4, i/4, m>>i&1 == 1)
		}
		if p := b.Pad(1); life.Step(p, rule.Life, life.Dead).Equal(p) {
			n++
		}
	}
	return n
}

// TestOverflowingPopulationBound: -max-pop math.MaxInt is no bound in
// every command (it overflowed into "at most -1 cells").
func TestOverflowingPopulationBound(t *testing.T) {
	huge := strconv.Itoa(math.MaxInt)
	code, out, errs := lifesatCmd(t, "", "count", "still", "-size", "4x4", "-max-pop", huge)
	if want := strconv.Itoa(bruteStill4x4()); code != 0 || strings.TrimSpace(out) != want {
		t.Errorf("count: exit %d, %q %q; want %s (brute force)", code, out, errs, want)
	}
	for _, args := range [][]string{
		{"still", "-size", "4x4"},
		{"osc", "-period", "2", "-size", "5x5", "-jobs", "1"},
		{"osc", "-period", "2", "-size", "5x5", "-jobs", "2"},
		{"ship", "-period", "4", "-shift", "1,1", "-size", "5x5"},
		{"still", "-size", "4x4", "-solver", "gini", "-encoding", "knuth"},
	} {
		if code, _, errs := lifesatCmd(t, "", append(args, "-max-pop", huge)...); code != 0 {
			t.Errorf("%v -max-pop %s: exit %d, %s", args, huge, code, errs)
		}
	}
	code, out, _ = lifesatCmd(t, "", "cnf", "still", "-size", "4x4", "-max-pop", huge)
	if code != 0 || strings.Contains("\n"+out, "\n0\n") {
		t.Errorf("cnf: exit %d, an empty clause in %d bytes", code, len(out))
	}
}

// lwssFront is a template with the front of a lightweight spaceship
// known: its only c/2 ships are LWSSs.
const lwssFront = "lifesat/tmpl/testdata/lwss-front.txt"

// TestRaceMembersReadNoFile: the race's members are handed the problem
// the command read, so a template or cage read from a pipe or standard
// input works with any -jobs, and a file replaced while the race runs
// changes nothing.
func TestRaceMembersReadNoFile(t *testing.T) {
	front, err := os.ReadFile(filepath.Join("../..", lwssFront))
	if err != nil {
		t.Fatal(err)
	}
	tpl, err := tmpl.Read(bytes.NewReader(front))
	if err != nil {
		t.Fatal(err)
	}
	for _, jobs := range []string{"1", "2"} {
		for _, name := range []string{"-", "/dev/stdin"} {
			c := process("search", name, "-period", "4", "-shift", "-2,0", "-jobs", jobs, "-format", "cells")
			c.Stdin = bytes.NewReader(front)
			out, err := c.Output()
			if err != nil {
				t.Errorf("search %s -jobs %s: %v", name, jobs, err)
				continue
			}
			checkMatches(t, tpl, out)
		}
	}
	// A cage read from standard input, raced.
	c := process("osc", "-period", "2", "-size", "6x6", "-cage", "-", "-jobs", "2", "-format", "cells")
	c.Stdin = strings.NewReader("OOOOOO\nOOOOOO\nOOOOOO\n......\n......\n......\n")
	out, err := c.Output()
	if err != nil {
		t.Fatalf("osc -cage -: %v", err)
	}
	b := readPatterns(t, string(out))[0].Board
	for y := 3; y < 6; y++ {
		for x := range 6 {
			if b.Alive(x, y) {
				t.Errorf("cell (%d,%d) alive outside the cage read from standard input:\n%v", x, y, b)
			}
		}
	}
	// The template file is replaced (by one with no answer) just before
	// each member starts: the members search the template read first.
	dir := t.TempDir()
	file := filepath.Join(dir, "front.txt")
	if err := os.WriteFile(file, front, 0o644); err != nil {
		t.Fatal(err)
	}
	defer func(old func(context.Context, int) (*exec.Cmd, error)) { memberCommand = old }(memberCommand)
	memberCommand = func(ctx context.Context, k int) (*exec.Cmd, error) {
		if err := os.WriteFile(file, []byte("O.O\n.O.\nO.O\n"), 0o644); err != nil {
			return nil, err
		}
		return member.Command(ctx, k)
	}
	code, stdout, errs := lifesatCmd(t, "", "search", file, "-period", "4", "-shift", "-2,0", "-jobs", "2", "-format", "cells")
	if code != 0 {
		t.Fatalf("search with its file replaced: exit %d, %s", code, errs)
	}
	checkMatches(t, tpl, []byte(stdout))
}

// checkMatches checks that out, a pattern in cells format, is an LWSS in
// its box that agrees with the known cells of generation 0 of tpl.
func checkMatches(t *testing.T, tpl *tmpl.Template, out []byte) {
	t.Helper()
	b := readPatterns(t, string(out))[0].Board
	for y := range tpl.Height {
		for x := range tpl.Width {
			switch tpl.At(0, x, y).Kind {
			case tmpl.Alive:
				if !b.Alive(x, y) {
					t.Errorf("cell (%d,%d) must be alive:\n%v", x, y, b)
				}
			case tmpl.Dead:
				if b.Alive(x, y) {
					t.Errorf("cell (%d,%d) must be dead:\n%v", x, y, b)
				}
			}
		}
	}
	g := life.Run(b.Pad(4), rule.Life, life.Dead, 4)
	if !g[4].Equal(b.Pad(4).Translate(-2, 0)) {
		t.Errorf("not a c/2 ship moving (-2,0):\n%v", b)
	}
}

// TestParentChecksMembersAnswers: a member that answers with a pattern
// that does not solve the problem is an error, never an answer.
func TestParentChecksMembersAnswers(t *testing.T) {
	defer func(old func(context.Context, int) (*exec.Cmd, error)) { memberCommand = old }(memberCommand)
	memberCommand = func(ctx context.Context, k int) (*exec.Cmd, error) {
		// A lone cell, which dies at once, as the "oscillator".
		return exec.CommandContext(ctx, "sh", "-c", `cat >/dev/null; echo '{"status":"found","patterns":[[["O.",".."],["..",".."]]]}'`), nil
	}
	code, out, errs := lifesatCmd(t, "", "osc", "-period", "2", "-size", "2x2", "-jobs", "2")
	if code != exitUsage || out != "" || !strings.Contains(errs, "fails verification") {
		t.Errorf("a member's wrong answer: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestRaceSurvivesItsBinaryReplaced: members run the command's own file
// through /proc/self/exe on Linux (member.Command), which a new file at
// the command's path does not change.
func TestRaceSurvivesItsBinaryReplaced(t *testing.T) {
	if !procgroup.CanPassPipes { // Linux
		t.Skip("Linux only")
	}
	if memberCommand != nil {
		t.Fatal("the command's members are not member.Command")
	}
	c, err := member.Command(context.Background(), 3)
	if err != nil {
		t.Fatal(err)
	}
	if c.Path != "/proc/self/exe" || !slices.Contains(c.Env, member.Env+"=3") {
		t.Errorf("member command %q %q", c.Path, c.Args)
	}
}

// TestIndentedPictureIsAPicture: a picture is read as a picture when it
// is indented, and a file of comments alone is no LLS template.
func TestIndentedPictureIsAPicture(t *testing.T) {
	plain := ".O.\n.O.\n.O.\n"
	indented := "  .O.\n  .O.\n  .O.\n"
	commented := "! a blinker\n.O.\n! its middle\n.O.\n.O.\n"
	for _, in := range []string{indented, commented} {
		code, out, errs := lifesatCmd(t, in, "search", "-", "-format", "cells")
		code0, out0, _ := lifesatCmd(t, plain, "search", "-", "-format", "cells")
		if code != code0 || out != out0 {
			t.Errorf("%q: exit %d %q %q; the plain picture: exit %d %q", in, code, out, errs, code0, out0)
		}
	}
	code, out, errs := lifesatCmd(t, "! only a comment\n", "search", "-")
	if code != exitUsage || out != "" || !strings.Contains(errs, "no cells") {
		t.Errorf("comments alone: exit %d %q %q", code, out, errs)
	}
}

// TestStepHugeNDoesNotHang: step -n math.MaxInt of a glider is refused at
// once (the board size overflowed and the loop ran forever; then it was
// refused for any n past 2046): the glider repeats, moved, and after so
// many generations would lie beyond the largest frame. After 5000 it is
// 1250 cells down and right, which fits.
func TestStepHugeNDoesNotHang(t *testing.T) {
	for _, n := range []string{strconv.Itoa(math.MaxInt), strconv.Itoa(math.MaxInt / 2)} {
		code, out, errs := lifesatCmd(t, "", "step", "-n", n, "../../data/glider.rle")
		if code != exitUsage || out != "" || !strings.Contains(errs, "use -torus") {
			t.Errorf("step -n %s: exit %d %q %q", n, code, out, errs)
		}
	}
	code, out, errs := lifesatCmd(t, "", "step", "-n", "5000", "../../data/glider.rle")
	if code != exitFound || out != "x = 1253, y = 1253, rule = B3/S23\n1250$1251bo$1252bo$1250b3o!\n" {
		t.Errorf("step -n 5000: exit %d %q %q", code, out, errs)
	}
}

// finishes runs c and returns its exit status, or fails the test when c
// is still running after limit (a hang, not a slow machine: the limits
// are many times what the commands need).
func finishes(t *testing.T, c *exec.Cmd, limit time.Duration) int {
	t.Helper()
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	select {
	case <-done:
		return c.ProcessState.ExitCode()
	case <-time.After(limit):
		_ = c.Process.Kill()
		<-done
		t.Errorf("%q still running after %v", c.Args, limit)
		return -1
	}
}

// TestTimeoutHonouredAtEveryStage: -timeout ends the command while it
// reads an input nobody writes, encodes, or writes to an output nobody
// reads (each ran on far past its limit: 12 s, 6 s, 30 s and more).
func TestTimeoutHonouredAtEveryStage(t *testing.T) {
	stalled := func(c *exec.Cmd) *exec.Cmd {
		r, w, err := os.Pipe() // never written to until the test ends
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { r.Close(); w.Close() })
		c.Stdin = r
		return c
	}
	for _, args := range [][]string{
		{"pred", "-timeout", "1s", "-"},
		{"step", "-timeout", "1s", "-"},
		{"search", "/dev/stdin", "-timeout", "1s"},
		{"still", "-size", "8x8", "-template", "-", "-timeout", "1s"},
		{"osc", "-period", "2", "-size", "6x6", "-cage", "-", "-timeout", "1s", "-jobs", "2"},
		{"id", "-timeout", "1s"},
	} {
		if code := finishes(t, stalled(process(args...)), 30*time.Second); code != exitStopped {
			t.Errorf("%v reading a silent standard input: exit %d, want 3", args, code)
		}
	}
	// Standard output a pipe that nobody reads.
	c := process("cnf", "still", "-size", "200x200", "-timeout", "1s")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	c.Stdout = w
	code := finishes(t, c, 30*time.Second)
	w.Close()
	if code != exitStopped {
		t.Errorf("cnf into an unread pipe: exit %d, want 3", code)
	}
	if code := finishes(t, process("cnf", "still", "-size", "512x512", "-timeout", "1s"), 30*time.Second); code != exitStopped && code != exitUsage {
		t.Errorf("cnf 512x512 -timeout 1s: exit %d, want 3 (or 2, over the memory limit)", code)
	}
}

// TestSeveralPatternsStream: -n all prints each pattern as it is found,
// and a closed pipe ends the command (still -size 8x8 -n all | head -1
// printed nothing for 95 s, then ran until killed).
func TestSeveralPatternsStream(t *testing.T) {
	c := process("still", "-size", "8x8", "-n", "all", "-format", "cells")
	out, err := c.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	first := make(chan string, 1)
	go func() {
		var sb strings.Builder
		sc := bufio.NewScanner(out)
		for sc.Scan() && sc.Text() != "" {
			sb.WriteString(sc.Text() + "\n")
		}
		first <- sb.String()
	}()
	select {
	case pat := <-first:
		if b := readPatterns(t, pat); len(b) != 1 || !isStillLife(b[0].Board) {
			t.Errorf("the first pattern %q is no still life", pat)
		}
	case <-time.After(60 * time.Second):
		t.Error("no pattern within a minute")
	}
	out.Close() // as head does after its line
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		_ = c.Process.Kill()
		t.Error("still running a minute after its output was closed")
	}
}

// failingWriter fails every write, as /dev/full does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestLostResultIsReported: a count that cannot be written is an error
// (count still -size 6x6 > /dev/full exited 0).
func TestLostResultIsReported(t *testing.T) {
	for _, args := range [][]string{
		{"count", "still", "-size", "6x6"},
		{"count", "osc", "-period", "2", "-size", "5x5"},
		{"still", "-size", "6x6"},
		{"id", "../../data/glider.rle"},
		{"step", "../../data/glider.rle"},
		{"cnf", "still", "-size", "3x3"},
	} {
		var errb bytes.Buffer
		code := run(context.Background(), &env{stdin: strings.NewReader(""), stdout: failingWriter{}, stderr: &errb}, args)
		if code != exitUsage || !strings.Contains(errb.String(), "no space left") {
			t.Errorf("%v into a full disk: exit %d %q", args, code, errb.String())
		}
	}
}

// TestCountEmptyNote: the count's note about the empty pattern is true
// for templates (counted when the template admits it) and exact-period
// oscillators (never empty), checked against the counts themselves.
func TestCountEmptyNote(t *testing.T) {
	code, out, errs := lifesatCmd(t, "", "count", "osc", "-period", "2", "-size", "5x5")
	if code != 0 || strings.Contains(errs, "empty pattern") {
		t.Errorf("exact p2: exit %d %q %q", code, out, errs)
	}
	code, out1, errs := lifesatCmd(t, "", "count", "osc", "-period", "2", "-size", "5x5", "-any-period", "-allow-empty")
	if code != 0 || !strings.Contains(errs, "the empty pattern counted") {
		t.Errorf("any period: exit %d %q %q", code, out1, errs)
	}
	// A template that admits the empty pattern: it is counted, and
	// -min-pop 1 leaves it out.
	pic := "???\n???\n???\n"
	code, withEmpty, errs := lifesatCmd(t, pic, "count", "search", "-", "-period", "1")
	if code != 0 || !strings.Contains(errs, "the empty pattern counted when the template admits it") {
		t.Errorf("template: exit %d %q %q", code, withEmpty, errs)
	}
	_, without, _ := lifesatCmd(t, pic, "count", "search", "-", "-period", "1", "-min-pop", "1")
	a, _ := strconv.Atoi(strings.TrimSpace(withEmpty))
	b, _ := strconv.Atoi(strings.TrimSpace(without))
	if a != b+1 {
		t.Errorf("template counts %d with the empty pattern, %d without", a, b)
	}
}

// TestSmallerMessages: the messages of the small cases say what is meant.
func TestSmallerMessages(t *testing.T) {
	cases := []struct {
		stdin string
		args  []string
		code  int
		want  string
	}{
		// "2 reaction of 1 generations"
		{".O.\n.O.\n.O.\n", []string{"count", "search", "-"}, 0, "1 reaction of 1 generation matching"},
		// -max-pop 0 is at most no live cell, not "no limit".
		{"", []string{"still", "-size", "4x4", "-max-pop", "0"}, 1, "with at most 0 live cells"},
		// max's best under its constraints is the empty board: none.
		{"", []string{"max", "-size", "5x5", "-max-pop", "3"}, 1, "no non-empty still life with at most 3 live cells"},
		{"", []string{"max", "-size", "5x5", "-min-pop", "30"}, 1, "no non-empty still life with at least 30 live cells"},
		{"", []string{"max", "-size", "5x5", "-n", "3"}, 2, "max does not take -n"},
		{"", []string{"ship", "-period", "2", "-shift", "4096,4096", "-size", "4x4"}, 1, "no spaceship of period 2 moving (4096,4096)"},
		{"", []string{"osc", "-period", "2", "-size", "8x8", "-jobs", "99999"}, 2, "-jobs 99999: at most"},
		{"", []string{"osc", "-size", "5x5"}, 2, "-period is required"},
		{"", []string{"ship", "-period", "4", "-size", "5x5"}, 2, "-shift DX,DY is required"},
		{"", []string{"still"}, 2, "-size WxH is required"},
		{"bo$2bo$3o!\n", []string{"step"}, 2, `without its header line: add "x = W, y = H"`},
	}
	for _, c := range cases {
		code, _, errs := lifesatCmd(t, c.stdin, c.args...)
		if code != c.code || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, %q; want exit %d and %q on one line", c.args, code, errs, c.code, c.want)
		}
	}
	// -max-pop 0 with -allow-empty: the empty board is the answer.
	code, out, _ := lifesatCmd(t, "", "still", "-size", "4x4", "-max-pop", "0", "-allow-empty", "-format", "cells")
	if code != 0 || strings.Contains(out, "O") {
		t.Errorf("-max-pop 0 -allow-empty: exit %d %q", code, out)
	}
}

// TestMemberMemoryIsNotAnEnvironmentVariable: a run of the command is not
// bounded by a variable that used to pass a race member its share.
func TestMemberMemoryIsNotAnEnvironmentVariable(t *testing.T) {
	t.Setenv("LIFESAT_MEMBER_MEMORY", "1000")
	if code, _, errs := lifesatCmd(t, "", "still", "-size", "12x12"); code != 0 {
		t.Errorf("exit %d: %s", code, errs)
	}
}

// TestJobsMessage: the refusal of -jobs says the bound and why.
func TestJobsMessage(t *testing.T) {
	code, _, errs := lifesatCmd(t, "", "osc", "-period", "2", "-size", "8x8", "-jobs", fmt.Sprint(maxJobs()+1))
	want := fmt.Sprintf("lifesat: -jobs %d: at most %d on this machine (4 per core); more members would only share the same cores\n", maxJobs()+1, maxJobs())
	if code != exitUsage || errs != want {
		t.Errorf("exit %d %q; want %q", code, errs, want)
	}
}
