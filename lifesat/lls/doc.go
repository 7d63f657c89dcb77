// Package lls reads the command line of logic-life-search (LLS,
// github.com/frankeverdij/logic-life-search) as a lifesat search: Parse
// reads the words as LLS's argument parser does, Build says what they
// mean as a lifesat.Problem and lifesat.Settings, and Command does both.
// So an LLS search runs in lifesat, and its answers can be counted side by
// side with LLS's own: the package's tests do so on random search
// patterns for every option below (testdata/lls-options).
//
// # The search LLS states
//
// LLS searches a grid of generations 0..D-1 (a search pattern file,
// read by tmpl.ReadLLS, or "-b W H D", a blank one), each generation the
// step of the one before, in a closed box: it surrounds the grid with a
// ring of its background (dead cells by default) and states the rule on
// that ring too. The Problem is that grid as a template
// (lifesat.Problem.Template) of D generations, and Count counts what LLS
// counts with "-n": distinct assignments of all generations.
//
// # Symmetries and transformations: -s and -a
//
// A -s group is a period "pP", a shift "xA" and "yB" (A, B >= 0) and one
// transformation: RO0..RO3 (quarter turns clockwise, y down), RE-, RE|,
// RE\, RE/ (reflections top to bottom, left to right, in the main and the
// other diagonal), or a symmetry's name, C1, C2, C4, D2-, D2|, D2\, D2/,
// D4+, D4x, D8, which LLS expands to one or two transformations. With
// P > 0 it says generation t+P is generation t transformed about the
// grid and moved by (A, B), for every t: lifesat's Period, Transform and
// Shift, which mean exactly that. The names map as
//
//	LLS   RO0  RO1  RO2   RO3   RE-  RE|  RE\  RE/
//	life  Id   R90  R180  R270  F-   F|   F\   F/
//
// with one difference on a grid that is not square: LLS turns RO3 and
// RE/ about the top-left H x H square, lifesat about the box's centre,
// so Build adds (0, H-W) to their shift. A group with P = 0 is a
// symmetry of every generation: lifesat's Symmetry, the group the
// transformations make (so "-s D4+ -s D8" is D8). "-s p2 -s D4+" is a
// D4+ oscillator of period 2, but "-s D4+ p2" two transformations of
// period 2, which lifesat takes one of: an error. A period P with P >= D
// (no generation t+P in the grid) adds nothing, as in LLS.
//
// An -a group is the same words, and forbids what -s would impose: each
// expanded transformation becomes a lifesat.Motion of Problem.Asymmetric
// (so "-a D4+" rules out both mirror symmetries, each on its own).
//
// The glider's glide reflection, LLS's help example "-s p2 RE\ x1" (quote
// the backslash in the shell: 'RE\'), is Period 2, Transform F\, Shift
// (1, 0).
//
// # Changes, populations and limits: -c, -p, --max_*
//
// "-c" (generations 0 and 1) or "-c G0 G1" is Problem.Change; a negative
// generation counts from the end, as in LLS. "-p" alone is at least one
// live cell in generation 0; "-p C G..." bounds the live cells summed over
// the generations (generation 0 when none are named; one named twice
// counts twice): C is N or =N (exactly), <=N, <N, >=N, >N. It is a
// lifesat.PopBound. --max_change, --max_decay and --max_growth N bound
// each generation's cells changed, lost and gained from generation 0:
// Problem.MaxChange, MaxDecay, MaxGrowth.
//
// LLS counts the cells of the ring too. On the empty plane they are dead
// and count nothing; on a background Build takes their known count off
// the bound, and drops a -c or -a that the ring satisfies already.
//
// # Backgrounds: --background and --background_offset
//
// A background file is an LLS search pattern of 0s and 1s: a tile, and
// its generations, repeated over the plane (a life.Background). LLS's
// own are known by name when the file is not found (vacuum,
// forced_vacuum, possible_strobing, chickenwire, zebra). A tile whose
// cells are all primed leaves the rule unstated around the box (the
// template is Open; forced_vacuum is the empty plane so), and
// possible_strobing, whose second generation is one unknown, is the
// rule's own empty plane: dead, or under a rule with B0 and without S8
// the strobe that lifesat lays every search of such a rule on. LLS lines
// the grid's cell (x, y) of generation t up with tile cell (x+X+2,
// y+Y+2) of tile generation t+T, for --background_offset X Y T.
//
// # Not taken
//
// Build refuses, in one line, what lifesat does not state: a symmetry
// that swaps the axes on a grid that is not square (LLS confines the
// pattern to a corner square), a symmetry with a shift ("-s C2 x1", a
// symmetry about another centre), two different period motions, -p
// comparisons LLS would silently ignore, rules written as Python
// dictionaries, backgrounds with unknown cells (but for
// possible_strobing) or with some cells primed and others not, and
// limits on a background whose ring changes by different numbers of cells
// from generation to generation. LLS's options of its own run (-S, -M,
// -t, -o, -v, --parameters, --save_*, --dry_run, --csv, --blk, -V) are
// read into Args for the caller.
//
// B0 rules: LLS at its HEAD (cee26a0) reads the all-dead neighbourhood
// as "1c" instead of "0c" (src/rules.py, transition_lookup), so its
// answers are wrong for rules whose B0 and B1c, or S0 and S1c, differ;
// lifesat's B0 searches are checked against a brute force instead
// (package lifesat's tests).
package lls
