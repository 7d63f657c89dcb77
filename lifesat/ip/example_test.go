package ip_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/lifesat/lifesat/lifesat/ip"
)

// Bosch's IP2 for a 2x2 box, in CPLEX's LP format.
func ExampleModel_WriteLP() {
	m, err := ip.New(2, 2, ip.IP2)
	if err != nil {
		panic(err)
	}
	m.WriteLP(os.Stdout)
	// Output:
	// \ Bosch's IP2 for the maximum-density still life of a 2x2 box (R. A. Bosch, Integer programming and Conway's game of Life, SIAM Review 41(3), 1999, section 3)
	// \ 4 variables, 12 constraints
	// Maximize
	//  obj: x_0_0 + x_1_0 + x_0_1 + x_1_1
	// Subject To
	// \ DI(e), death by isolation: 2 x_e - sum of N(e) <= 0
	//  DI_0_0: 2 x_0_0 - x_1_0 - x_0_1 - x_1_1 <= 0
	//  DI_1_0: 2 x_1_0 - x_0_0 - x_0_1 - x_1_1 <= 0
	//  DI_0_1: 2 x_0_1 - x_0_0 - x_1_0 - x_1_1 <= 0
	//  DI_1_1: 2 x_1_1 - x_0_0 - x_1_0 - x_0_1 <= 0
	// \ DO(e), death by overcrowding: 3 x_e + sum of N(e) <= 6
	//  DO_0_0: 3 x_0_0 + x_1_0 + x_0_1 + x_1_1 <= 6
	//  DO_1_0: 3 x_1_0 + x_0_0 + x_0_1 + x_1_1 <= 6
	//  DO_0_1: 3 x_0_1 + x_0_0 + x_1_0 + x_1_1 <= 6
	//  DO_1_1: 3 x_1_1 + x_0_0 + x_1_0 + x_0_1 <= 6
	// \ B'(e,S), birth, for each 3-subset S of N(e): -x_e + sum of S - sum of N(e)-S <= 2
	//  Bp_0_0_E_S_SE: - x_0_0 + x_1_0 + x_0_1 + x_1_1 <= 2
	//  Bp_1_0_W_SW_S: - x_1_0 + x_0_0 + x_0_1 + x_1_1 <= 2
	//  Bp_0_1_N_NE_E: - x_0_1 + x_0_0 + x_1_0 + x_1_1 <= 2
	//  Bp_1_1_NW_N_W: - x_1_1 + x_0_0 + x_1_0 + x_0_1 <= 2
	// Binary
	//  x_0_0 x_1_0 x_0_1 x_1_1
	// End
}

// The same model in OPB: DO is left out, as 3 + 3 <= 6 holds whatever
// the cells are.
func ExampleModel_WriteOPB() {
	m, err := ip.New(2, 2, ip.IP2)
	if err != nil {
		panic(err)
	}
	m.WriteOPB(os.Stdout)
	// Output:
	// * #variable= 4 #constraint= 8
	// * Bosch's IP2 for the maximum-density still life of a 2x2 box (R. A. Bosch, Integer programming and Conway's game of Life, SIAM Review 41(3), 1999, section 3)
	// * left out, as every 0-1 point meets them: DO_0_0 DO_1_0 DO_0_1 DO_1_1
	// * x1 = x_0_0
	// * x2 = x_1_0
	// * x3 = x_0_1
	// * x4 = x_1_1
	// * maximize the immortal cells: minimize their negation
	// min: -1 x1 -1 x2 -1 x3 -1 x4 ;
	// * DI(e), death by isolation: 2 x_e - sum of N(e) <= 0
	// -2 x1 +1 x2 +1 x3 +1 x4 >= 0 ;
	// -2 x2 +1 x1 +1 x3 +1 x4 >= 0 ;
	// -2 x3 +1 x1 +1 x2 +1 x4 >= 0 ;
	// -2 x4 +1 x1 +1 x2 +1 x3 >= 0 ;
	// * B'(e,S), birth, for each 3-subset S of N(e): -x_e + sum of S - sum of N(e)-S <= 2
	// +1 x1 -1 x2 -1 x3 -1 x4 >= -2 ;
	// +1 x2 -1 x1 -1 x3 -1 x4 >= -2 ;
	// +1 x3 -1 x1 -1 x2 -1 x4 >= -2 ;
	// +1 x4 -1 x1 -1 x2 -1 x3 >= -2 ;
}

// CBC's answer for IP1 of a 3x3 box, read back and checked: the ship.
func ExampleReadCBC() {
	m, err := ip.New(3, 3, ip.IP1)
	if err != nil {
		panic(err)
	}
	// "cbc ip1-3x3.lp solve solu out.txt" (CBC 2.10.8) lists every
	// variable; only x_e = 1 and the a_e and b_e matter here.
	out := `Optimal - objective value 6.00000000
      1 x_1_0                  1                       1
      2 x_2_0                  1                       1
      3 x_0_1                  1                       1
      5 x_2_1                  1                       1
      6 x_0_2                  1                       1
      7 x_1_2                  1                       1
     10 a_1_0                  1                       0
     12 a_0_1                  1                       0
     13 a_1_1                  1                       0
     14 a_2_1                  1                       0
     16 a_1_2                  1                       0
     18 b_0_0                  1                       0
     19 b_1_0                  1                       0
     20 b_2_0                  1                       0
     21 b_0_1                  1                       0
     23 b_2_1                  1                       0
     24 b_0_2                  1                       0
     25 b_1_2                  1                       0
     26 b_2_2                  1                       0
`
	sol, err := ip.ReadCBC(strings.NewReader(out), m)
	if err != nil {
		panic(err)
	}
	b := m.Board(sol.Point)
	fmt.Println(sol.Status, sol.Objective, m.Check(sol.Point), ip.StillLife(b))
	fmt.Print(b)
	// Output:
	// optimal 6 <nil> <nil>
	// .OO
	// O.O
	// OO.
}

// A still life's point, and a board that is none.
func ExampleModel_Point() {
	m, _ := ip.New(4, 4, ip.IP2)
	beehive := m.Point(board(4, 4, 0b0000_0110_1001_0110)) // rows from the low bits
	blinker := m.Point(board(4, 4, 0b0000_0000_0111_0000))
	fmt.Println(m.Check(beehive))
	fmt.Println(m.Check(blinker))
	// Output:
	// <nil>
	// ip: the point breaks DI_0_1
}
