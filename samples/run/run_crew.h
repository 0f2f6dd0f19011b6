/* run_crew.h - the C backends' threads: started once, then each runs its
 * part of every chunk the backend is given.
 *
 * Starting threads for each chunk costs more than it seems: Linux often
 * places a new (or newly woken) thread on its creator's core, where it
 * waits until the creator's own part is done or the load balancer moves it,
 * which measured up to a millisecond on a 2-core virtual machine, as long as
 * a whole chunk of a short run. So the crew's threads, like an OpenMP
 * runtime's, wait for the next chunk spinning (and yielding the core to
 * any thread that wants it) for RUN_CREW_SPIN seconds before they sleep,
 * and the caller waits for them in the same way. */
#ifndef RUN_CREW_H
#define RUN_CREW_H

#ifdef __cplusplus
extern "C" {
#endif

#define RUN_CREW_SPIN 0.02 /* seconds a thread spins for the next chunk before it sleeps */

typedef struct run_crew run_crew;

/* one part: fn(ctx, part) with part in [0, parts) */
typedef void (*run_crew_fn)(void *ctx, int part);

/* A crew for `parts` parts: the caller runs part 0, parts - 1 threads the
 * others. A thread that cannot start leaves its part to the caller. NULL
 * when out of memory. */
run_crew *run_crew_new(int parts);

/* fn(ctx, part) for every part, at once; returns when all are done */
void run_crew_run(run_crew *c, run_crew_fn fn, void *ctx);

/* stops and joins the threads (NULL: nothing) */
void run_crew_free(run_crew *c);

#ifdef __cplusplus
}
#endif

#endif
