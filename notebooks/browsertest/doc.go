// Package browsertest holds the browser test of the explorer notebook,
// notebooks/09-explorer.ipynb (see explorer_test.go): it has no code of its
// own outside the tests.
package browsertest
