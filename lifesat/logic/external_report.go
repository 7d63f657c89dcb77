package logic

import (
	"strconv"
	"strings"
)

// A reportReader finds the conflicts in the progress table that cadical
// prints on its comment lines while it runs:
//
//	c  seconds  reductions  redundant  irredundant
//	c         MB    restarts       trail      variables
//	c          level   conflicts       glue        remaining
//	c
//	c -  0.13 25 38 1   0  303  288 31% 7 119242 1024 100%
//
// The header's k rows name the columns in turn (row i holds columns i,
// i+k, i+2k, ...), and each report is a one-character mark followed by
// one value per column: above, 303 conflicts. The reader learns the
// conflicts column from each header it sees, so that other solvers
// printing such a table (kissat's is alike) are read too, and a report
// that does not fit the last header is ignored.
type reportReader struct {
	rows [][]string // the header read so far
	col  int        // the conflicts column of the last header, -1 before
	cols int        // that header's number of columns
}

func newReportReader() *reportReader { return &reportReader{col: -1} }

// line reads one comment line, without its leading 'c', and returns the
// conflicts when it is a report.
func (r *reportReader) line(text string) (int64, bool) {
	fields := strings.Fields(text)
	// A header begins with a row of two names or more; its last row may
	// hold one.
	if (len(fields) >= 2 || len(fields) == 1 && len(r.rows) > 0) && allWords(fields) {
		r.rows = append(r.rows, fields)
		return 0, false
	}
	r.endHeader()
	if r.col < 0 || len(fields) != r.cols+1 || len(fields[0]) != 1 {
		return 0, false
	}
	n, err := strconv.ParseInt(fields[1+r.col], 10, 64)
	if err != nil || n < 0 {
		return 0, false
	}
	return n, true
}

// endHeader takes the rows read so far as a header when one of them
// names the conflicts column and their lengths fit columns dealt in turn
// (each row as long as the first or one shorter).
func (r *reportReader) endHeader() {
	rows := r.rows
	r.rows = nil
	if len(rows) == 0 {
		return
	}
	k, cols, col := len(rows), 0, -1
	for i, row := range rows {
		if len(row) > len(rows[0]) || len(row) < len(rows[0])-1 || i > 0 && len(row) > len(rows[i-1]) {
			return
		}
		cols += len(row)
		for j, name := range row {
			if name == "conflicts" {
				col = i + k*j
			}
		}
	}
	if col >= 0 {
		r.col, r.cols = col, cols
	}
}

// allWords tells whether every field is a word of letters, as a header's
// are ("seconds", "MB").
func allWords(fields []string) bool {
	for _, f := range fields {
		for _, c := range f {
			if (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') {
				return false
			}
		}
	}
	return true
}
