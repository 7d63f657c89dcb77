package main

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"strconv"
	"strings"

	"github.com/lifesat/lifesat/lifesat"
)

// A flagSet is a command's flags with the command's help: -h prints the
// synopsis, the summary and the flags to standard output and is answered
// with exit status 0; a bad flag is a one-line error that points to -h.
type flagSet struct {
	*flag.FlagSet
	name string // "still", "count still"
	help io.Writer
	// synopsis, when set, is what follows the command's name in the
	// help, for a kind whose flags are not those of the command of its
	// name ("cnf max").
	synopsis string
}

// newFlagSet returns the flag set of the command named name ("still", or
// "count still" for count's kinds), whose help goes to help.
func newFlagSet(name string, help io.Writer) *flagSet {
	fs := flag.NewFlagSet("lifesat "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are returned, help printed by parse
	fs.Usage = func() {}
	return &flagSet{FlagSet: fs, name: name, help: help}
}

// parse parses args, flags and operands in any order: a flag may follow
// an operand ("search FILE -period 3"). It prints the help and returns
// errHelp for -h, and returns a usageError for a bad flag.
func (fs *flagSet) parse(args []string) error {
	var operands []string
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			fs.printHelp()
			return errHelp
		}
		if err != nil {
			return usageError{fmt.Errorf("%s: %s%s; see lifesat %s -h", fs.name, err, fs.suggest(err), fs.name)}
		}
		if fs.NArg() == 0 {
			break
		}
		operands = append(operands, fs.Arg(0))
		args = fs.Args()[1:]
	}
	return fs.Parse(append([]string{"--"}, operands...))
}

// suggest is a "did you mean" for a flag that is not defined.
func (fs *flagSet) suggest(err error) string {
	const undefined = "flag provided but not defined: -"
	msg := err.Error()
	if !strings.HasPrefix(msg, undefined) {
		return ""
	}
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	s := didYouMean(strings.TrimPrefix(msg, undefined), names)
	return strings.Replace(s, `"`, `"-`, 1)
}

// printHelp writes the command's synopsis, summary and flags.
func (fs *flagSet) printHelp() {
	name := strings.Fields(fs.name)[0]
	c, _ := find(name)
	synopsis := c.args
	if kind := strings.TrimPrefix(fs.name, name+" "); kind != fs.name {
		if k, ok := find(kind); ok {
			synopsis = kind + " " + k.args // "count still -size WxH [flags]"
		}
	}
	if fs.synopsis != "" {
		synopsis = fs.synopsis
	}
	fmt.Fprintf(fs.help, "Usage: lifesat %s %s\n\n%s.\n\nFlags:\n", name, synopsis, capitalize(c.summary))
	fs.SetOutput(fs.help)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// set reports whether the flag was given on the command line.
func (fs *flagSet) set(name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}

// A count is a number of patterns, or "all".
type count int

const countAll count = -1

func (c *count) String() string {
	if *c == countAll {
		return "all"
	}
	return strconv.Itoa(int(*c))
}

func (c *count) Set(s string) error {
	if s == "all" {
		*c = countAll
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return errors.New("want a positive number or all")
	}
	*c = count(n)
	return nil
}

// parsePoint reads "X,Y".
func parsePoint(flagName, s string) (image.Point, error) {
	xs, ys, ok := strings.Cut(s, ",")
	x, err1 := strconv.Atoi(strings.TrimSpace(xs))
	y, err2 := strconv.Atoi(strings.TrimSpace(ys))
	if !ok || err1 != nil || err2 != nil {
		return image.Point{}, fmt.Errorf("%s %q: want X,Y, like 1,1", flagName, s)
	}
	if abs(x) > lifesat.MaxSide || abs(y) > lifesat.MaxSide {
		return image.Point{}, fmt.Errorf("%s %q: too large (at most %d)", flagName, s, lifesat.MaxSide)
	}
	return image.Pt(x, y), nil
}

func abs(a int) int { return max(a, -a) }

// parsePart reads "K/N", 1 <= K <= N.
func parsePart(s string) (k, n int, err error) {
	ks, ns, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || k < 1 || k > n {
		return 0, 0, fmt.Errorf("-part %q: want K/N, 1 <= K <= N, like 1/4", s)
	}
	return k, n, nil
}

// parseSize reads "WxH" or "N" (a square).
func parseSize(s string) (w, h int, err error) {
	ws, hs, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "x")
	if !ok {
		hs = ws
	}
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("-size %q: want WxH, like 16x16", s)
	}
	if w <= 0 || h <= 0 {
		return 0, 0, fmt.Errorf("-size %q: sides must be positive", s)
	}
	if w > lifesat.MaxSide || h > lifesat.MaxSide {
		return 0, 0, fmt.Errorf("-size %q: sides are limited to %d", s, lifesat.MaxSide)
	}
	return w, h, nil
}

// limitValue is a flag of a count that may be absent: -1 (its default)
// is no limit, and the help prints no default for it.
type limitValue struct{ n *int }

func (v limitValue) String() string {
	if v.n == nil || *v.n < 0 {
		return ""
	}
	return strconv.Itoa(*v.n)
}

func (v limitValue) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return errors.New("want a whole number")
	}
	if n < 0 {
		// -1 stands for "no limit" inside; on the command line, no
		// limit is the flag left out.
		return errors.New("want 0 or more (leave the flag out for no limit)")
	}
	*v.n = n
	return nil
}

// limitVar declares a limitValue flag, its variable set to -1.
func (fs *flagSet) limitVar(n *int, name, usage string) {
	*n = -1
	fs.Var(limitValue{n}, name, usage)
}
