/* run_meter.c - the workers' measured pace (see run_meter.h). */
#include "run_meter.h"
#include <stdlib.h>
#include <string.h>

int run_meter_init(run_meter *m, int workers)
{
    int w;
    memset(m, 0, sizeof *m);
    m->workers = workers;
    m->granted = (double *)malloc((size_t)workers * sizeof *m->granted);
    m->rates = (double *)malloc((size_t)workers * RUN_METER_KEPT * sizeof *m->rates);
    m->measured = (int *)calloc((size_t)workers, sizeof *m->measured);
    if (!m->granted || !m->rates || !m->measured) {
        run_meter_free(m);
        return -1;
    }
    for (w = 0; w < workers; w++)
        m->granted[w] = -1;
    return 0;
}

void run_meter_free(run_meter *m)
{
    free(m->granted);
    free(m->rates);
    free(m->measured);
    memset(m, 0, sizeof *m);
}

void run_meter_next(run_meter *m, int w, kperm_rank ranks, double now)
{
    double took = now - m->granted[w];
    if (ranks && m->granted[w] >= 0 && took > 0) {
        m->rates[w * RUN_METER_KEPT + m->measured[w] % RUN_METER_KEPT] = (double)ranks / took;
        m->measured[w]++;
        m->chunks++;
    }
    m->granted[w] = now;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double run_meter_rate(const run_meter *m)
{
    double sum = 0, kept[RUN_METER_KEPT];
    int w;
    for (w = 0; w < m->workers; w++) {
        int n = m->measured[w] < RUN_METER_KEPT ? m->measured[w] : RUN_METER_KEPT;
        if (!n)
            continue;
        memcpy(kept, m->rates + w * RUN_METER_KEPT, (size_t)n * sizeof *kept);
        qsort(kept, (size_t)n, sizeof *kept, by_value);
        sum += n % 2 ? kept[n / 2] : (kept[n / 2 - 1] + kept[n / 2]) / 2;
    }
    return sum;
}
