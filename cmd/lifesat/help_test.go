package main

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"testing"
)

// The help paths of issue 26: every command answers -h and "lifesat help
// CMD" with its own help and exit 0; a mistyped command or flag gets a
// "did you mean" and the -h to read; a missing required flag is named;
// step says it reads standard input when that is a terminal; version
// names the module and the revision.

// TestEveryCommandAnswersHelp: -h, -help and "help CMD" print the
// command's synopsis and flags on stdout and exit 0, for every command of
// the usage text and for count's and cnf's kinds.
func TestEveryCommandAnswersHelp(t *testing.T) {
	var calls [][]string
	for _, name := range commandNames() {
		if name == "help" {
			continue
		}
		calls = append(calls, []string{name, "-h"}, []string{name, "-help"}, []string{"help", name})
	}
	for _, kind := range []string{"still", "osc", "ship", "search"} {
		calls = append(calls, []string{"count", kind, "-h"}, []string{"cnf", kind, "-h"})
	}
	for _, args := range calls {
		code, out, errs := lifesatCmd(t, "", args...)
		name := args[0]
		if name == "help" {
			name = args[1]
		}
		if code != 0 || errs != "" || !strings.HasPrefix(out, "Usage: lifesat "+name) {
			t.Errorf("%v: exit %d, stdout %.60q, stderr %q", args, code, out, errs)
		}
		if c, _ := find(name); !strings.Contains(out, capitalize(c.summary)) {
			t.Errorf("%v: the help does not give the summary %q", args, c.summary)
		}
	}
	// help still is still's help, not the general text.
	_, out, _ := lifesatCmd(t, "", "help", "still")
	if !strings.Contains(out, "-size") || strings.Contains(out, "lifesat osc") {
		t.Errorf("help still: %q", out)
	}
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		if code, out, _ := lifesatCmd(t, "", args...); code != 0 || out != usage() {
			t.Errorf("%v: exit %d, not the usage text", args, code)
		}
	}
}

// TestDidYouMean: a mistyped command, kind or flag is named with the
// nearest one and the help to read, on one line, exit 2.
func TestDidYouMean(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"stil"}, `unknown command "stil" (did you mean "still"?); see lifesat -h`},
		{[]string{"oscillator"}, `unknown command "oscillator" (did you mean "osc"?)`},
		{[]string{"help", "shipp"}, `(did you mean "ship"?)`},
		{[]string{"count", "stil", "-size", "4x4"}, `(did you mean "still"?)`},
		{[]string{"still", "-sise", "4x4"}, `flag provided but not defined: -sise (did you mean "-size"?); see lifesat still -h`},
		{[]string{"osc", "-period", "2", "-size", "4x4", "-jobz", "1"}, `(did you mean "-jobs"?); see lifesat osc -h`},
		{[]string{"count", "still", "-size", "4x4", "-allowempty"}, `(did you mean "-allow-empty"?); see lifesat count still -h`},
		{[]string{"still", "-size"}, "flag needs an argument: -size; see lifesat still -h"},
		{[]string{"frobnicate"}, `unknown command "frobnicate"; see lifesat -h`},
	}
	for _, c := range cases {
		code, out, errs := lifesatCmd(t, "", c.args...)
		if !strings.Contains(errs, "see lifesat ") {
			t.Errorf("%v: %q points to no help", c.args, errs)
		}
		if code != exitUsage || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, errs, c.want)
		}
	}
}

// TestStepSaysItReadsStandardInput: on a terminal, a command that reads
// standard input says so before it waits.
func TestStepSaysItReadsStandardInput(t *testing.T) {
	for _, args := range [][]string{{"step"}, {"pred", "-"}, {"id"}} {
		var out, errb bytes.Buffer
		e := &env{stdin: strings.NewReader("x = 3, y = 1\n3o!\n"), stdout: &out, stderr: &errb, stdinTerminal: true}
		if code := run(context.Background(), e, args); code != 0 && code != 1 {
			t.Errorf("%v: exit %d %q", args, code, errb.String())
		}
		if !strings.Contains(errb.String(), "reading a pattern from standard input") {
			t.Errorf("%v on a terminal: stderr %q", args, errb.String())
		}
		errb.Reset()
		e.stdinTerminal = false
		e.stdin = strings.NewReader("x = 3, y = 1\n3o!\n")
		run(context.Background(), e, args)
		if strings.Contains(errb.String(), "reading a pattern") {
			t.Errorf("%v from a pipe: stderr %q", args, errb.String())
		}
	}
}

// TestVersion: the module's version, a revision (or why there is none)
// and the Go version.
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		code, out, errs := lifesatCmd(t, "", args...)
		if code != 0 || errs != "" || !strings.HasPrefix(out, "lifesat ") || !strings.Contains(out, runtime.Version()) {
			t.Errorf("%v: exit %d %q %q", args, code, out, errs)
		}
		// A test binary has no revision: the line names every cause.
		if !strings.Contains(out, "(revision ") {
			for _, cause := range []string{"go run", "outside a git checkout", "-buildvcs=false"} {
				if !strings.Contains(out, cause) {
					t.Errorf("%v: %q gives no revision and does not name %q as a cause", args, out, cause)
				}
			}
		}
	}
	if code, _, errs := lifesatCmd(t, "", "version", "now"); code != exitUsage || !strings.Contains(errs, "no arguments") {
		t.Errorf("version now: exit %d %q", code, errs)
	}
}
