package main

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat/pattern"
)

// A readmeLine is one "$ " command line of the README with the bracket
// that ends it, as the README's "The command" section explains:
//
//	$ lifesat max -size 8x8           # 36 cells, proved optimal [exit 0: rle]
//	$ lifesat osc -period 3 -size 7x7 -phases   # [exit 0: rle x3]
//	$ lifesat count still -size 7x7 -allow-empty  # [exit 0: 127425]
//	$ go test ./...                   # [ci]
//
// [exit N: SHAPE] runs the line and wants exit status N and stdout of that
// shape: rle, cells or matrix (patterns in that format, "xK" for exactly
// K of them), text (not empty), empty, or the exact output. [slow, exit
// N: SHAPE] runs only with LIFESAT_STRESS=1. [ci] lines must appear in
// .ci/run as written; [by hand] lines are left to the reader.
type readmeLine struct {
	n       int    // line number in README.md
	command string // after "$ ", without the comment
	mark    string // the bracket's contents
}

var markRE = regexp.MustCompile(`\[([^\[\]]+)\]\s*$`)

// readmeLines returns every "$ " line of the README's code blocks and
// fails on a command line without a prompt or a "$ " line without its
// bracket.
func readmeLines(t *testing.T, readme string) []readmeLine {
	t.Helper()
	f, err := os.Open(readme)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []readmeLine
	sc := bufio.NewScanner(f)
	fenced := false
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		if strings.HasPrefix(text, "```") {
			fenced = !fenced
			continue
		}
		code := strings.HasPrefix(text, "    ") || fenced
		body := strings.TrimSpace(text)
		if !code || body == "" {
			continue
		}
		if !strings.HasPrefix(body, "$ ") {
			for _, cmd := range []string{"go ", "bash ", "sudo ", "echo ", "gonb ", "jupyter ", "export "} {
				if strings.HasPrefix(body, cmd) {
					t.Errorf("README.md:%d: a command line without the \"$ \" prompt: %s", n, body)
				}
			}
			continue
		}
		m := markRE.FindStringSubmatch(body)
		if m == nil {
			t.Errorf("README.md:%d: no [exit N: SHAPE], [ci] or [by hand] at the end of %q", n, body)
			continue
		}
		command := strings.TrimPrefix(body[:len(body)-len(m[0])], "$ ")
		if i := strings.Index(command, " #"); i >= 0 {
			command = command[:i]
		}
		lines = append(lines, readmeLine{n: n, command: strings.TrimSpace(command), mark: strings.TrimSpace(m[1])})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// buildCommands builds lifesat into a temporary folder and returns it.
// (lifesat-bench's -h is tested in its own package; building it here would
// link the plotting packages again.)
func buildCommands(t *testing.T) string {
	t.Helper()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	bin := t.TempDir()
	if out, err := exec.Command(goCmd, "build", "-o", filepath.Join(bin, "lifesat"), ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestREADME runs every example line of README.md as written, from the
// repository's root with the commands just built first on PATH, and checks
// its documented exit status and output; every -h text; and the README's
// Go program.
func TestREADME(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	lines := readmeLines(t, filepath.Join(root, "README.md"))
	if len(lines) < 10 {
		t.Fatalf("only %d example lines in README.md", len(lines))
	}
	ci, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	bin := buildCommands(t)
	// The lines are independent: they run side by side (as many at a time
	// as -parallel allows, the number of cores by default).
	t.Run("help", func(t *testing.T) { t.Parallel(); helpTextsRun(t, bin) })
	t.Run("library", func(t *testing.T) { t.Parallel(); readmeProgramRuns(t, root) })
	for _, l := range lines {
		t.Run(strconv.Itoa(l.n), func(t *testing.T) {
			t.Parallel()
			mark := l.mark
			switch {
			case mark == "by hand":
				t.Skipf("README.md:%d: by hand: %s", l.n, l.command)
			case mark == "ci":
				if !strings.Contains(string(ci), "\n"+l.command+"\n") {
					t.Errorf("README.md:%d: marked [ci] but .ci/run does not run %q", l.n, l.command)
				}
				return
			}
			timeout := time.Minute
			if rest, ok := strings.CutPrefix(mark, "slow, "); ok {
				if os.Getenv("LIFESAT_STRESS") == "" {
					t.Skipf("README.md:%d: slow; runs with LIFESAT_STRESS=1", l.n)
				}
				mark, timeout = rest, 10*time.Minute
			}
			status, shape, ok := parseMark(mark)
			if !ok {
				t.Fatalf("README.md:%d: bad bracket [%s]: want [exit N] or [exit N: SHAPE]", l.n, l.mark)
			}
			if pipe := strings.Split(l.command, "|"); len(pipe) > 1 {
				for _, stage := range pipe[1:] {
					name := strings.Fields(stage)[0]
					if _, err := exec.LookPath(name); err != nil && name != "lifesat" {
						t.Skipf("README.md:%d: %s is not installed (.ci/run installs it)", l.n, name)
					}
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			defer cancel()
			cmd := exec.CommandContext(ctx, "bash", "-o", "pipefail", "-c", l.command)
			cmd.Dir = root
			cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
			var stdout, stderr strings.Builder
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := cmd.ProcessState.ExitCode()
			if ctx.Err() != nil {
				t.Fatalf("README.md:%d: %s: not done in %v", l.n, l.command, timeout)
			}
			if err != nil && code < 0 {
				t.Fatalf("README.md:%d: %s: %v", l.n, l.command, err)
			}
			if code != status {
				t.Fatalf("README.md:%d: %s: exit %d, the README says %d\nstderr: %s", l.n, l.command, code, status, stderr.String())
			}
			if code != 0 && strings.HasPrefix(l.command, "lifesat ") && !strings.Contains(l.command, "|") && strings.Count(stderr.String(), "\n") != 1 {
				t.Errorf("README.md:%d: %s: exit %d wants one line on stderr, got %q", l.n, l.command, code, stderr.String())
			}
			if msg := checkShape(stdout.String(), shape); msg != "" {
				t.Errorf("README.md:%d: %s: stdout %s\n%s", l.n, l.command, msg, stdout.String())
			}
		})
	}
}

// parseMark reads "exit N" or "exit N: SHAPE".
func parseMark(mark string) (status int, shape string, ok bool) {
	head, shape, _ := strings.Cut(mark, ":")
	n, found := strings.CutPrefix(strings.TrimSpace(head), "exit ")
	status, err := strconv.Atoi(n)
	return status, strings.TrimSpace(shape), found && err == nil
}

// checkShape returns what is wrong with out for the shape, or "".
func checkShape(out, shape string) string {
	kind, count, _ := strings.Cut(shape, " x")
	switch kind {
	case "":
		return ""
	case "empty":
		if out != "" {
			return "is not empty"
		}
		return ""
	case "text":
		if strings.TrimSpace(out) == "" {
			return "is empty"
		}
		return ""
	case "rle", "cells", "matrix":
		want, err := pattern.ParseFormat(kind)
		if err != nil {
			return err.Error()
		}
		chunks := strings.Split(strings.TrimSpace(out), "\n\n")
		if strings.TrimSpace(out) == "" {
			chunks = nil
		}
		if count != "" && strconv.Itoa(len(chunks)) != count {
			return "holds " + strconv.Itoa(len(chunks)) + " patterns, want " + count
		}
		if len(chunks) == 0 {
			return "holds no pattern"
		}
		for _, c := range chunks {
			p, err := pattern.Read(strings.NewReader(c + "\n"))
			if err != nil {
				return "does not read back: " + err.Error()
			}
			if p.Format != want {
				return "is " + p.Format.String() + ", not " + kind
			}
		}
		return ""
	}
	if strings.TrimSpace(out) != shape {
		return "is not " + shape
	}
	return ""
}

// helpTextsRun checks that every -h text of the built command runs: help
// exits 0 and prints the usage.
func helpTextsRun(t *testing.T, bin string) {
	for _, args := range [][]string{
		{"lifesat", "-h"}, {"lifesat", "still", "-h"}, {"lifesat", "osc", "-h"}, {"lifesat", "ship", "-h"},
		{"lifesat", "pred", "-h"}, {"lifesat", "max", "-h"}, {"lifesat", "count", "still", "-h"},
		{"lifesat", "step", "-h"}, {"lifesat", "cnf", "osc", "-h"},
	} {
		out, err := exec.Command(filepath.Join(bin, args[0]), args[1:]...).CombinedOutput()
		if err != nil || !strings.Contains(string(out), "sage") {
			t.Errorf("%v: %v\n%s", args, err, out)
		}
	}
}

// readmeProgramRuns runs the README's Go program (its one "```go" block)
// as written, as package main of a folder that exists only in a -overlay,
// so nothing is written into the repository. The program asks for two
// oscillators and prints the status and their number last.
func readmeProgramRuns(t *testing.T, root string) {
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)\n```go\n(.*?)\n```").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md: no ```go block")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "main.go")
	if err := os.WriteFile(src, m[1], 0o644); err != nil {
		t.Fatal(err)
	}
	virtual := filepath.Join(root, "cmd", "lifesat", "readmeprogram", "main.go")
	overlay := filepath.Join(dir, "overlay.json")
	js := `{"Replace": {` + strconv.Quote(virtual) + `: ` + strconv.Quote(src) + `}}`
	if err := os.WriteFile(overlay, []byte(js), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "run", "-overlay", overlay, "./cmd/lifesat/readmeprogram")
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err != nil || !regexp.MustCompile(`(?m)^SAT 2 oscillators, \d+ clauses$`).Match(out) {
		t.Errorf("README.md's Go program: %v\n%s", err, out)
	}
}
