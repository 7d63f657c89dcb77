package ip_test

import (
	"context"
	"fmt"

	"github.com/lifesat/lifesat/lifesat/ip"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// Bosch's IP1 for a 5x5 box by gophersat's pseudo-Boolean engine: 16 live
// cells, OEIS A055397.
func ExampleModel_Solve() {
	m, err := ip.New(5, 5, ip.IP1)
	if err != nil {
		panic(err)
	}
	sol, err := m.Solve(context.Background(), logic.Gophersat{})
	if err != nil {
		panic(err)
	}
	fmt.Println(sol.Status, sol.Objective, m.Board(sol.Point).Population())
	// Output:
	// optimal 16 16
}

// The same program for package logic: IP1 has three variables a cell.
func ExampleModel_PB() {
	m, err := ip.New(5, 5, ip.IP1)
	if err != nil {
		panic(err)
	}
	p := m.PB()
	fmt.Println(len(m.Vars), len(p.Objective), len(p.Constraints) == len(m.Constraints), p.Maximize)
	// Output:
	// 75 25 true true
}
