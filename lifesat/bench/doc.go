// Package bench runs lifesat's timing experiments: named suites of
// searches over several seeds, each answer verified, written as CSV rows
// and drawn as plots. The command lifesat-bench (cmd/lifesat-bench) and the
// timing notebooks are thin shells over it; it imports lifeplot, so the
// search command, cmd/lifesat, does not import it.
//
// # A worked example
//
// The suite "blog" holds the Mathematica blog's problems. Running it with
// two seeds,
//
//	s, _ := bench.Find("blog")
//	rows, err := bench.Run(ctx, s, &bench.Options{Seeds: 2})
//	bench.WriteCSV(f, rows)                  // data/bench-blog.csv
//	bench.WritePlots(s, rows, "plots")       // plots/bench-blog-still-lifes.png
//
// gives one Row per problem and seed:
//
//	problem,side,period,encoding,solver,seed,variables,clauses,encode_ms,solve_ms,status,verified,value,machine
//	still life 16x16,16,1,direct,gophersat,1,256,40468,3.2,11.0,SAT,true,,linux/amd64 2 cores ...
//
// Every answer is checked again with lifesat's Problem.Check (a Count
// row is checked against a second, independent count on small boxes)
// before its row says verified=true. A case whose external solver is not
// installed is skipped. The plots draw the published anchors (the blog's
// times, Bosch's CPLEX times) beside the measured points. Given a
// logic-life-search checkout (Options.LLS), the hard suite also runs LLS
// on its searches, seed for seed (LLSArgs), and re-simulates its answers
// (ReadLLSBlocks reads them) as it does lifesat's.
//
// Race cases run lifesat.Race with RaceJobs members, the portfolio of
// the search command, and with Case.NoMotions the same race without the
// motion members of lifesat.Strategies: the hard suite runs both, side by
// side, on exact period-4 oscillators.
//
// Timing on shared machines is noisy: compare medians over seeds, and
// measure the things compared side by side in one run.
package bench
