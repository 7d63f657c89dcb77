package notebook

import (
	"fmt"
	"sync"

	"github.com/janpfeifer/gonb/gonbui"

	"github.com/lifesat/lifesat/lifesat"
)

// A Progress is one line of a cell's output that is rewritten in place:
// each Update replaces the previous message, and Done leaves the final one.
// The zero Progress is ready to use; its methods may be called from several
// goroutines.
//
// Outside a notebook every Update and Done prints its message as a line of
// its own.
type Progress struct {
	mu sync.Mutex
	id string // GoNB display id, made at the first message
}

// NewProgress returns a progress line that shows nothing until its first
// Update.
func NewProgress() *Progress { return new(Progress) }

// Update replaces the progress line by msg, shown as plain text.
func (p *Progress) Update(msg string) { p.show(msg) }

// Updatef is Update with a message formatted by fmt.Sprintf.
func (p *Progress) Updatef(format string, args ...any) { p.show(fmt.Sprintf(format, args...)) }

// Report replaces the progress line by a search's report, as the
// command's -v prints it. Its signature is that of
// lifesat.Settings.Progress, so a search can report to the line:
//
//	s := &lifesat.Settings{Progress: p.Report}
func (p *Progress) Report(r lifesat.Progress) { p.show(r.String()) }

// Done replaces the progress line by its final message msg, for example
// "found 3 still lifes in 1.2 s". A later Update would replace it again.
func (p *Progress) Done(msg string) { p.show(msg) }

func (p *Progress) show(msg string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !gonbui.IsNotebook {
		printLine(msg)
		return
	}
	if p.id == "" {
		p.id = "lifesat-progress-" + gonbui.UniqueId()
	}
	gonbui.UpdateHTML(p.id, preHTML(msg))
	gonbui.Sync()
}
