/*
 * mis.h - the Pooh-Eeyore-sticks (MIS) module interface.
 *
 * Implemented by libmis (crate duel-mis-ffi): link graj.c / graj.cpp with
 * libmis.a (plus -lgcc_s -lutil -lrt -lpthread -lm -ldl) or with libmis.so.
 * Kept in sync with src/lib.rs by tests/header.rs.
 */
#ifndef MIS_H
#define MIS_H

#ifdef __cplusplus
extern "C" {
#endif

/* Called once, first: p poohsticks, e eyoresticks, PE-bound peb. */
void poczatek(int p, int e, int peb);

/* Bolek's move from the pool (p, e): stores the numbers of poohsticks and
 * eeyoresticks he takes in *bp and *be. */
void ruch_bolka(int p, int e, int *bp, int *be);

#ifdef __cplusplus
}
#endif

#endif /* MIS_H */
