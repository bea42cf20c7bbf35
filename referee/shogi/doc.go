// Package shogi is the rules core of shinpan: squares, pieces, bitboards, positions,
// SFEN and USI, legal and pseudo-legal move generation, check, mate, repetition and
// the impasse declaration. It is pure and deterministic and imports nothing else of
// the project. The rules are those of ../shared/RULES.md §1 (standard shogi as in the
// seed rule text 003); the variant referees build on it.
//
// Board squares are numbered 0..80 in SFEN reading order: rank a (Black's far rank)
// first, file 9 first within a rank. Black (sente) moves toward rank a.
package shogi
