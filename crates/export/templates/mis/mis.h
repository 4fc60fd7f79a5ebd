/* mis.h - the Pooh-Eeyore-sticks module: write these two functions (Bolek's moves). */
#ifndef MIS_H
#define MIS_H

#ifdef __cplusplus
extern "C" {
#endif

/* Called once, first: p poohsticks, e eyoresticks, PE-bound peb. */
void poczatek(int p, int e, int peb);

/* Bolek's move from the pool (p, e): store the numbers of poohsticks and eyoresticks he
 * takes in *bp and *be. */
void ruch_bolka(int p, int e, int *bp, int *be);

#ifdef __cplusplus
}
#endif

#endif
