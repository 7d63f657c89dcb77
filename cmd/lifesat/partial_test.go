package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

var rangeRE = regexp.MustCompile(`works in the rules (\S+): from (\S+) to (\S+), free (\S+)`)

// A partial rule in each search command: the answer is printed in the
// least rule of its range, the range on stderr; the pattern is checked
// here by simulation under the least and the most rule, and the range
// is checked to lie within the rule asked for.
func TestPartialRuleCommands(t *testing.T) {
	for _, args := range [][]string{
		{"search", "../../lifesat/tmpl/testdata/glider-rules.txt", "-period", "4", "-shift", "1,1", "-rule", "pB3/S23"},
		{"ship", "-period", "4", "-shift", "1,1", "-size", "5x5", "-rule", "pB3/S23", "-jobs", "1"},
		{"osc", "-period", "2", "-size", "4x4", "-rule", "pB3/S23", "-jobs", "1"},
		{"still", "-size", "3x3", "-rule", "p"},
	} {
		code, out, errs := lifesatCmd(t, "", args...)
		m := rangeRE.FindStringSubmatch(errs)
		if code != 0 || m == nil {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
			continue
		}
		var asked rule.Rule
		for i, a := range args {
			if a == "-rule" {
				asked = mustRule(t, args[i+1])
			}
		}
		rng, lo, hi := mustRule(t, m[1]), mustRule(t, m[2]), mustRule(t, m[3])
		if !lo.Equivalent(rng.Min()) || !hi.Equivalent(rng.Max()) {
			t.Errorf("%v: range %v, from %v to %v", args, rng, lo, hi)
		}
		for n := range rule.Neighbourhood(512) {
			if !asked.Free(n) && (lo.Transition(n) != asked.Transition(n) || hi.Transition(n) != asked.Transition(n)) {
				t.Errorf("%v: the range %v leaves the rule %v at %d", args, rng, asked, n)
				break
			}
		}
		pats := readPatterns(t, out)
		if len(pats) != 1 || !pats[0].HasRule || !pats[0].Rule.Equivalent(lo) {
			t.Errorf("%v: want one pattern in the rule %v:\n%s", args, lo, out)
			continue
		}
		b := pats[0].Board.Pad(2)
		period, shift := 1, [2]int{}
		switch args[0] {
		case "search", "ship":
			period, shift = 4, [2]int{1, 1}
		case "osc":
			period = 2
		}
		for _, r := range []rule.Rule{lo, hi} {
			g := life.Run(b, r, life.Dead, period)
			if !g[period].Equal(b.Translate(shift[0], shift[1])) {
				t.Errorf("%v: the answer does not come back under %v:\n%v", args, r, b)
			}
		}
	}
}

func mustRule(t *testing.T, s string) rule.Rule {
	t.Helper()
	r, err := rule.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Partial rules are refused, exit 2 with one line, where one rule is
// needed: step, pred, max, and the knuth encoding.
func TestPartialRuleRefused(t *testing.T) {
	glider := "x = 3, y = 3\nbo$2bo$3o!\n"
	for _, tt := range []struct {
		stdin string
		args  []string
	}{
		{glider, []string{"step", "-rule", "pB3/S23"}},
		{glider, []string{"pred", "-rule", "pB3/S23"}},
		{"", []string{"max", "-size", "3x3", "-rule", "p"}},
		{"", []string{"still", "-size", "3x3", "-rule", "p", "-encoding", "knuth"}},
	} {
		code, out, errs := lifesatCmd(t, tt.stdin, tt.args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "partial rule") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line", tt.args, code, out, errs)
		}
	}
}
