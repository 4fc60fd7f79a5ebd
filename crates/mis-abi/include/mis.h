/*
 * mis.h - the module's interface for the task MIS (Pooh-Eeyore-sticks): the two
 * functions a module defines and graj calls. Do not change this file.
 *
 * The module is called, never run: the driver (graj, or a contest system's) defines
 * main, so a module that defines main does not link, and is refused everywhere. The
 * driver's other names are static; where the module is pasted into the driver's file
 * (Codeforces Polygon) they begin with mis_ or MIS_, which the module must not declare.
 * Standard output is not the game: what the module prints there goes to standard error;
 * standard input is empty.
 *
 * (In the duel project, libmis implements it; tests/it/header.rs keeps it in sync
 * with src/lib.rs. The contestant kit ships this same file.)
 */
#ifndef MIS_H
#define MIS_H

#ifdef __cplusplus
extern "C" {
#endif

/* Called once, before the game: p poohsticks, e eeyoresticks, PE-bound peb. */
void poczatek(int p, int e, int peb);

/* Bolek's move: the pool holds p poohsticks and e eeyoresticks (the first call
 * gets the same p and e as poczatek). Store the numbers of poohsticks and
 * eeyoresticks Bolek takes in *bp and *be. */
void ruch_bolka(int p, int e, int *bp, int *be);

#ifdef __cplusplus
}
#endif

#endif /* MIS_H */
