// Package textio holds what the line-based pattern formats (packages rle,
// cells, matrix and pattern) share: the SyntaxError their readers return,
// the limits on what they accept, and reading lines with those limits.
//
// A format package exports SyntaxError under its own name, as a type alias,
// and sets Format to its name, which prefixes the message:
//
//	&SyntaxError{Format: "rle", Line: 3, Col: 7, Msg: "unexpected 'z'", Err: rle.ErrFormat}
//
// reads
//
//	rle: line 3, column 7: unexpected 'z'
//
// and with Col 0, for an error about the whole line, "rle: line 3: ...".
package textio
