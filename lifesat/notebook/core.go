package notebook

// The names of the core that the explorer and the slider use, in one
// place: when Board, Step and Run move to a package of their own, Rule to
// package rule and Template to package tmpl, this file changes and the
// rest follows.

import (
	"strings"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/rle"
)

type (
	board    = lifesat.Board
	rule     = lifesat.Rule
	template = lifesat.Template
	spec     = lifesat.Spec
)

var (
	life      = lifesat.Life
	newBoard  = lifesat.NewBoard
	parseRule = lifesat.ParseRule
)

// The kinds of template cell the explorer edits.
const (
	specUnknown = lifesat.Unknown
	specAlive   = lifesat.AliveCell
	specDead    = lifesat.DeadCell
)

// newTemplate is a template of gens generations of w x h unknown cells.
func newTemplate(w, h, gens int) *template { return lifesat.NewTemplate(w, h, gens) }

// step is the next generation of b under r in the empty plane, on b's
// box: births outside it are not kept.
func step(b *board, r rule) *board { return lifesat.Step(b, r, lifesat.Dead) }

// boardRLE is b in RLE with r in its header: its whole box, on one or
// more lines joined by newlines. It is "" if RLE cannot write b.
func boardRLE(b *board, r rule) string { return patternRLE(b, r, "") }

// patternRLE is boardRLE with a comment line "#C comment" when comment is
// not empty.
func patternRLE(b *board, r rule, comment string) string {
	p := &rle.Pattern{Board: b, Rule: r, HasRule: !r.IsZero()}
	if comment != "" {
		p.Comments = []string{"C " + comment}
	}
	var sb strings.Builder
	if err := rle.Write(&sb, p); err != nil {
		return ""
	}
	return sb.String()
}
