package main

import (
	"fmt"
	"os"
	"strconv"

	"github.com/lifesat/lifesat/lifesat/ip"
)

func main() {
	w, _ := strconv.Atoi(os.Args[1])
	h, _ := strconv.Atoi(os.Args[2])
	f, err := ip.ParseFormulation(os.Args[3])
	if err != nil {
		panic(err)
	}
	m, err := ip.New(w, h, f)
	if err != nil {
		panic(err)
	}
	if os.Args[4] == "lp" {
		m.WriteLP(os.Stdout)
	} else {
		m.WriteOPB(os.Stdout)
	}
	fmt.Fprintln(os.Stderr, len(m.Vars), len(m.Constraints))
}
