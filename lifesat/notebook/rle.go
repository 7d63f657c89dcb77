package notebook

import (
	"strings"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rle"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// boardRLE is b in RLE with r in its header: its whole box, on one or
// more lines joined by newlines. It is "" if RLE cannot write b.
func boardRLE(b *life.Board, r rule.Rule) string { return patternRLE(b, r, "") }

// patternRLE is boardRLE with a comment line "#C comment" when comment is
// not empty.
func patternRLE(b *life.Board, r rule.Rule, comment string) string {
	p := &rle.File{Board: b, Rule: r, HasRule: !r.IsZero()}
	if comment != "" {
		p.Comments = []string{"C " + comment}
	}
	var sb strings.Builder
	if err := rle.Write(&sb, p); err != nil {
		return ""
	}
	return sb.String()
}
