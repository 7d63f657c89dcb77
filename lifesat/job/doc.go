// Package job writes a lifesat search down as data, and its outcome too:
// a Spec is a lifesat.Problem with the lifesat.Settings that can be
// written down, a Result what the search found, both in JSON. A search
// that runs somewhere else (a child process of a race, a task of a job
// array on a cluster) receives a Spec and sends back a Result; whoever
// reads the Result checks its patterns against the problem before
// trusting them (lifesat.Problem.Check).
//
// # A worked example
//
// The period-2 oscillators of a 5x5 box, as a spec:
//
//	sp, _ := job.New(lifesat.Oscillator(2, 5, 5), &lifesat.Settings{Seed: 3})
//	json.NewEncoder(os.Stdout).Encode(sp)
//
// prints
//
//	{"width":5,"height":5,"period":2,"seed":3}
//
// and job.Run(ctx, sp, nil) searches for one: a blinker, whose two
// phases come back as rows of '.' and 'O' (see the Examples):
//
//	{"status":"found","patterns":[[[".....",".....",".O...",".O...",".O..."],
//	[".....",".....",".....","OOO..","....."]]],"vars":...}
//
// A board is always rows of '.' (dead) and 'O' (alive), one string a
// row; a template is an LLS search pattern, as tmpl.WriteLLS writes it.
// Rules, transforms, symmetries, encodings and diversification modes are
// their own text (their MarshalText): a Spec holds them as they are, and
// JSON that names none of them is refused by Decode, with their parsers'
// messages:
//
//	{"width":5,"height":5,"period":2,"transform":"R180","rule":"B2/S34H .. B23/S34H"}
package job
