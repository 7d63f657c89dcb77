package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestCNFNamesKnuth: -names knuth adds a comment per named variable, in
// agreement with the "c cell" lines (cell (1, 1) of generation 1 is
// Knuth's 2b2), and names the counters of the rule of a cell; other
// encodings and names are refused with one line.
func TestCNFNamesKnuth(t *testing.T) {
	code, out, errs := lifesatCmd(t, "", "cnf", "osc", "-period", "2", "-size", "4x4", "-encoding", "knuth", "-names", "knuth", "-seed", "3")
	if code != exitFound {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lit := regexp.MustCompile(`(?m)^c cell 1 1 1 (-?\d+)$`).FindStringSubmatch(out)
	if lit == nil {
		t.Fatal("no c cell line for cell (1, 1) of generation 1")
	}
	v, name := strings.TrimPrefix(lit[1], "-"), "2b2"
	if strings.HasPrefix(lit[1], "-") {
		name = "~2b2"
	}
	if !strings.Contains(out, "\nc knuth "+v+" "+name+"\n") {
		t.Errorf("no line \"c knuth %s %s\"", v, name)
	}
	for _, counter := range []string{"2a2A2", "2a2A3", "2a2A4", "2a2B1", "2a2C4", "2a2G2", "2a0D1", "2a4E2", "4a2F1", "2b2A4"} {
		if !regexp.MustCompile(`(?m)^c knuth \d+ ~?` + counter + `$`).MatchString(out) {
			t.Errorf("no name %s", counter)
		}
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"cnf", "still", "-size", "4x4", "-names", "knuth"}, "not written by the knuth encoding"},
		{[]string{"cnf", "still", "-size", "4x4", "-encoding", "knuth", "-names", "mathematica"}, `-names "mathematica"`},
	} {
		code, out, errs := lifesatCmd(t, "", c.args...)
		if code != exitUsage || out != "" || !strings.Contains(errs, c.msg) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want a usage error with %q", c.args, code, out, errs, c.msg)
		}
	}
}
