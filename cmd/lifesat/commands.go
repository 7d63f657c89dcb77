package main

import (
	"context"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
)

// A command is one subcommand of lifesat: the one source of the usage
// text (lifesat -h), of each command's help (lifesat help CMD, CMD -h),
// and of the package documentation (doc.go, made by go generate from
// this table: see gendoc.go).
type command struct {
	name    string
	args    string // what follows the name in the synopsis
	summary string // one line, lower case, no full stop
	run     func(ctx context.Context, e *env, name string, args []string) (int, error)
}

// commands lists every subcommand, in the order of the usage text.
var commands []command

func init() {
	commands = []command{
		{"still", "-size WxH [flags]", "a still life in a W x H box", searchCmd},
		{"osc", "-period P -size WxH [flags]", "an oscillator of period P", searchCmd},
		{"ship", "-period P -shift DX,DY -size WxH [flags]", "a spaceship moving DX,DY every P generations", searchCmd},
		{"ship", "-period P -shift 0,K -width W [flags]", "a spaceship of any length in a strip W wide, grown row by row", searchCmd},
		{"search", "FILE [-period P] [flags]", "the search of a template (an LLS file, or a picture with ?)", searchCmd},
		{"lls", "WORDS...", "a logic-life-search command line, searched and verified by lifesat", llsCmd},
		{"pred", "[-steps N] [-mode M] [flags] [FILE|-]", "a predecessor of a pattern", predCmd},
		{"max", "-size WxH [-period 2] [flags]", "a maximum-density still life (or period-2 oscillator)", maxCmd},
		{"count", "still|osc|ship|search [flags]", "how many such patterns exist (-n all lists them)", countCmd},
		{"step", "[-n N] [flags] [FILE|-]", "a pattern N generations later, in the plane", stepCmd},
		{"id", "[flags] [FILE|-]", "the apgcode of a pattern, Catagolue's name for it", idCmd},
		{"cnf", "still|osc|ship|search|max [flags]", "the DIMACS CNF of a search, for any SAT solver (max: Bosch's integer program for a PB or MIP solver, or -model waste: Chu and Stuckey's wastage as CNF)", cnfCmd},
		{"verify", "[flags] DIR", "check the proof in DIR that a formula has no model: DIR/formula.cnf and proof.drat or proof.lrat", verifyCmd},
		{"plan", "still|osc|ship|search [flags] -o FILE", "a manifest of tasks: many searches (a sweep, -sizes ...) or one cut into cubes (-split N)", planCmd},
		{"task", "[-batch B] MANIFEST [I]", "run array index I of a manifest (default: the engine's): its tasks, then a split's open cubes", taskCmd},
		{"collect", "[-watch] [-csv FILE] MANIFEST", "the table of a manifest's result files, and its answer (-watch: live, until done)", collectCmd},
		{"version", "", "the module version and the VCS revision", versionCmd},
		{"help", "[COMMAND]", "this text, or a command's flags", helpCmd},
	}
}

// usage is the text of "lifesat -h".
func usage() string {
	var sb strings.Builder
	sb.WriteString("lifesat finds Game of Life patterns with a SAT solver.\n\nUsage:\n")
	width := 0
	for _, c := range commands {
		width = max(width, len(c.name)+1+len(c.args))
	}
	for _, c := range commands {
		fmt.Fprintf(&sb, "  lifesat %-*s  %s\n", width, c.name+" "+c.args, c.summary)
	}
	sb.WriteString(`
Run "lifesat help COMMAND" or "lifesat COMMAND -h" for a command's flags.
Patterns are read as RLE, plaintext (.cells) or 0/1 rows, and printed in
their box (RLE by default), several separated by a blank line.
Exit status: 0 found, 1 no such pattern exists, 2 bad usage or input,
3 stopped by -timeout, a signal or a memory budget before an answer.
`)
	return sb.String()
}

// find returns the command named name.
func find(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// dispatch runs the command named name.
func dispatch(ctx context.Context, e *env, name string, args []string) (int, error) {
	switch name {
	case "-h", "-help", "--help":
		name = "help"
	case "bench":
		return 0, usageError{fmt.Errorf("the timing suites are a command of their own: lifesat-bench (go run ./cmd/lifesat-bench -h)")}
	case "-version", "--version":
		name = "version"
	}
	c, ok := find(name)
	if !ok {
		return 0, usageError{fmt.Errorf("unknown command %q%s; see lifesat -h", name, didYouMean(name, commandNames()))}
	}
	return c.run(ctx, e, name, args)
}

func commandNames() []string {
	var names []string
	for _, c := range commands {
		if !slices.Contains(names, c.name) { // ship has two lines
			names = append(names, c.name)
		}
	}
	return names
}

// helpCmd prints the usage text, or one command's help.
func helpCmd(ctx context.Context, e *env, _ string, args []string) (int, error) {
	switch {
	case len(args) == 0:
		fmt.Fprint(e.stdout, usage())
		return exitFound, nil
	case len(args) > 1:
		return 0, usageError{fmt.Errorf("help takes one command, got %d words", len(args))}
	}
	if _, ok := find(args[0]); !ok || args[0] == "help" {
		return 0, usageError{fmt.Errorf("help: unknown command %q%s; see lifesat -h", args[0], didYouMean(args[0], commandNames()))}
	}
	return dispatch(ctx, e, args[0], []string{"-h"})
}

// versionCmd prints the module version and the VCS revision the binary
// was built from, as the Go toolchain recorded them.
func versionCmd(_ context.Context, e *env, name string, args []string) (int, error) {
	fs := newFlagSet(name, e.stdout)
	if err := fs.parse(args); err != nil {
		return 0, err
	}
	if fs.NArg() > 0 {
		return 0, usageError{fmt.Errorf("version takes no arguments")}
	}
	fmt.Fprintln(e.stdout, version())
	return exitFound, nil
}

// version is "lifesat VERSION (revision REV, TIME[, modified]) GO".
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "lifesat (no build information)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, at, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = ", modified"
			}
		}
	}
	out := "lifesat " + v
	if rev != "" {
		out += fmt.Sprintf(" (revision %s, %s%s)", rev, at, dirty)
	} else {
		// The toolchain records none in three cases, which the binary
		// cannot tell apart.
		out += " (no VCS revision: built by go run, outside a git checkout, or with -buildvcs=false, which `go env GOFLAGS` may hold)"
	}
	return out + " " + bi.GoVersion
}

// didYouMean is ` (did you mean "x"?)` for the candidate nearest to s, when
// one is near (at most two edits, or s is a prefix of exactly one), else "".
func didYouMean(s string, candidates []string) string {
	best, bestD := "", 3
	prefixed := 0
	var prefix string
	for _, c := range candidates {
		if d := editDistance(s, c); d < bestD {
			best, bestD = c, d
		}
		if s != "" && strings.HasPrefix(c, s) {
			prefixed++
			prefix = c
		}
	}
	if best == "" && prefixed == 1 {
		best = prefix
	}
	if best == "" { // a longer word for a command: "oscillator" for "osc"
		for _, c := range candidates {
			if len(c) >= 3 && strings.HasPrefix(s, c) {
				best = c
			}
		}
	}
	if best == "" || best == s {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
