// Package lifetest holds checks shared by the tests of several packages:
// the behaviour of known patterns, re-simulated with life.Step. A
// format package's test reads the Gosper glider gun from its testdata and
// hands the board over:
//
//	lifetest.GosperGun(t, readFile(t, "testdata/gosperglidergun.rle").Board)
//
// which fails the test unless the board is 36 cells in 36x9 that keep
// every cell and add one 5-cell glider every 30 generations (LifeWiki,
// "Gosper glider gun").
package lifetest
