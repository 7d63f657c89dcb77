package plan

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// WriteICNF writes a split as an incremental CNF ("iCNF"), the input of
// cube solvers such as cadical: the comment lines of the whole search's
// formula (they name every cell's variable, "c cell T X Y LIT"), the
// header "p inccnf", its clauses, then one line "a LITS 0" per task, in
// the manifest's order, the literals of the cube's cells. Cube k of the
// file (from 1) is task k-1. A cube whose cell the formula fixes to
// false (a cell outside a cage) is written as "a 1 -1 0", which no
// assignment satisfies.
//
// The formula is the whole search's under its settings, so a solver's
// model decodes as the tasks' do (Instance.Decode of the returned
// instance). ctx is checked as the formula is built.
func (m *Manifest) WriteICNF(ctx context.Context, w io.Writer) (*lifesat.Instance, error) {
	if m.Header.Kind != KindSplit {
		return nil, fmt.Errorf("%w: only a split has cubes to write as iCNF; this is a %s", ErrPlan, m.Header.Kind)
	}
	p, s, err := search(m.Header.Whole)
	if err != nil {
		return nil, err
	}
	in, err := lifesat.EncodeContext(ctx, p, s)
	if err != nil {
		return nil, err
	}
	hw := &headerWriter{w: w}
	if err := in.CNF.WriteDIMACS(hw); err != nil {
		return nil, err
	}
	if !hw.replaced {
		return nil, fmt.Errorf("plan: internal error: no DIMACS header")
	}
	bw := bufio.NewWriter(w)
	whole := len(m.Header.Whole.Known)
	var num []byte
	for _, t := range m.Tasks {
		bw.WriteString("a ")
		for _, k := range t.Spec.Known[whole:] {
			l := in.Cell(k[0], k[1], k[2]).Xor(k[3] == 0)
			switch l {
			case logic.True:
				continue
			case logic.False:
				bw.WriteString("1 -1 ")
				continue
			}
			num = strconv.AppendInt(num[:0], int64(l), 10)
			bw.Write(append(num, ' '))
		}
		bw.WriteString("0\n")
	}
	return in, bw.Flush()
}

// headerWriter passes DIMACS through, its "p cnf V C" line replaced by
// "p inccnf".
type headerWriter struct {
	w        io.Writer
	line     []byte // the start of a line not yet written, before the header
	replaced bool
}

func (h *headerWriter) Write(b []byte) (int, error) {
	if h.replaced {
		return h.w.Write(b)
	}
	n := len(b)
	for len(b) > 0 && !h.replaced {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			h.line = append(h.line, b...)
			return n, nil
		}
		h.line = append(h.line, b[:i+1]...)
		b = b[i+1:]
		if bytes.HasPrefix(h.line, []byte("p cnf ")) {
			h.line = []byte("p inccnf\n")
			h.replaced = true
		}
		if _, err := h.w.Write(h.line); err != nil {
			return 0, err
		}
		h.line = h.line[:0]
	}
	if len(b) > 0 {
		if _, err := h.w.Write(b); err != nil {
			return 0, err
		}
	}
	return n, nil
}
