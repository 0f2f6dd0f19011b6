/* tsp_checkpoint.c - the checkpoint file (see tsp_checkpoint.h):
 *
 *   kperm-tsp checkpoint 1
 *   fingerprint 0123456789abcdef
 *   n 14
 *   total 6227020800           (the ranks, or --prune's units: tsp_units.h)
 *   best 3323 1234567          ("best none" before any tour; --prune:
 *                              "best 3323 tour 1 13 2 ...", the cities after
 *                              city 1, numbered from 0)
 *   done 600 3
 *   0 240
 *   360 480
 *   ...                        (one "BEGIN END" line per finished range)
 *   sum 89abcdef01234567       (FNV-1a of every byte before this line)
 *
 * The sum catches truncation and corruption; the fingerprint another
 * instance; the best tour is re-measured against the matrix. */
#define _POSIX_C_SOURCE 200809L
#include "tsp_checkpoint.h"
#include "kperm.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAGIC "kperm-tsp checkpoint 1\n"
#define FNV_BASIS KPERM_U64(0xcbf29ce484222325)
#define MAX_LINKS 40 /* symbolic links followed, as the kernel's own limit */

static char *lock_path; /* the lock file held, or NULL */

/* path with suffix appended, malloc'ed */
static char *with_suffix(const char *path, const char *suffix)
{
    size_t len = strlen(path);
    char *s = (char *)malloc(len + strlen(suffix) + 1);
    if (s) {
        memcpy(s, path, len);
        strcpy(s + len, suffix);
    }
    return s;
}

/* the file path names after every symbolic link (which may not exist yet),
 * malloc'ed; NULL with err */
static char *follow_links(const char *path, char *err, size_t errsize)
{
    char *p = with_suffix(path, ""), target[4096];
    int hops;
    for (hops = 0; p && hops < MAX_LINKS; hops++) {
        struct stat st;
        ssize_t k;
        const char *slash;
        char *next;
        if (lstat(p, &st) != 0 || !S_ISLNK(st.st_mode))
            return p;
        if ((k = readlink(p, target, sizeof target - 1)) < 0) {
            snprintf(err, errsize, "%s: cannot read the symbolic link %s: %s", path, p, strerror(errno));
            free(p);
            return NULL;
        }
        target[k] = 0;
        slash = strrchr(p, '/');
        if (target[0] == '/' || !slash) /* absolute, or relative to the link's own directory */
            next = with_suffix(target, "");
        else if ((next = (char *)malloc((size_t)(slash - p) + 2 + (size_t)k)) != NULL)
            sprintf(next, "%.*s/%s", (int)(slash - p), p, target);
        free(p);
        p = next;
    }
    snprintf(err, errsize, "%s: %s", path, p ? "too many levels of symbolic links" : "out of memory");
    free(p);
    return NULL;
}

/* locks PATH.lock for this process: 0, or -1 with err naming who holds it */
static int lock(const char *path, const char *real, char *err, size_t errsize)
{
    char *name = with_suffix(real, ".lock");
    for (;;) {
        struct flock fl;
        struct stat held, now;
        int fd = name ? open(name, O_RDWR | O_CREAT, 0644) : -1;
        if (fd < 0) {
            snprintf(err, errsize, "%s: cannot write the checkpoint (its lock file %s: %s)", path, name ? name : "",
                     name ? strerror(errno) : "out of memory");
            break;
        }
        memset(&fl, 0, sizeof fl);
        fl.l_type = F_WRLCK;
        fl.l_whence = SEEK_SET;
        if (fcntl(fd, F_SETLK, &fl) != 0) {
            int busy = errno == EACCES || errno == EAGAIN;
            if (busy && fcntl(fd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK)
                snprintf(err, errsize, "%s: in use by another run (process %ld holds %s)", path, (long)fl.l_pid,
                         name);
            else
                snprintf(err, errsize, "%s: cannot lock %s: %s", path, name, busy ? "in use" : strerror(errno));
            close(fd);
            break;
        }
        /* the file locked must still be the one at that name: a run that
         * ended meanwhile removes its lock file */
        if (fstat(fd, &held) == 0 && stat(name, &now) == 0 && held.st_ino == now.st_ino && held.st_dev == now.st_dev) {
            lock_path = name; /* fd stays open: closing it would drop the lock */
            atexit(tsp_checkpoint_release);
            return 0;
        }
        close(fd);
    }
    free(name);
    return -1;
}

char *tsp_checkpoint_claim(const char *path, char *err, size_t errsize)
{
    struct stat st;
    char *real = follow_links(path, err, errsize), *tmp;
    int refused = 0, exists;
    if (!real)
        return NULL;
    exists = stat(real, &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) {
        snprintf(err, errsize, "%s: not a regular file, so not a checkpoint", path);
        refused = 1;
    } else if (exists && (!(st.st_mode & S_IWUSR) || access(real, W_OK) != 0)) {
        snprintf(err, errsize, "%s: the checkpoint is read-only (mode %04o): make it writable or name another file",
                 path, (unsigned)(st.st_mode & 07777));
        refused = 1;
    }
    if (refused || lock(path, real, err, errsize)) {
        free(real);
        return NULL;
    }
    if ((tmp = with_suffix(real, ".tmp")) != NULL) /* what a killed run was writing */
        unlink(tmp);
    free(tmp);
    return real;
}

void tsp_checkpoint_release(void)
{
    if (lock_path)
        unlink(lock_path);
    free(lock_path);
    lock_path = NULL;
}

static kperm_u64 fnv(kperm_u64 h, const void *data, size_t size)
{
    const unsigned char *s = (const unsigned char *)data;
    size_t i;
    for (i = 0; i < size; i++)
        h = (h ^ s[i]) * KPERM_U64(0x100000001b3);
    return h;
}

static kperm_u64 fnv_u32(kperm_u64 h, kperm_u32 v) /* little-endian bytes: the same everywhere */
{
    unsigned char b[4];
    b[0] = (unsigned char)v;
    b[1] = (unsigned char)(v >> 8);
    b[2] = (unsigned char)(v >> 16);
    b[3] = (unsigned char)(v >> 24);
    return fnv(h, b, 4);
}

kperm_u64 tsp_fingerprint(const tsp_instance *inst)
{
    kperm_u64 h = fnv_u32(FNV_BASIS, (kperm_u32)inst->n);
    int i;
    h = fnv(h, inst->type, strlen(inst->type));
    for (i = 0; i < inst->n * inst->n; i++)
        h = fnv_u32(h, inst->dist[i]);
    return h;
}

/* whether (length, rank) is a tour the search could have reported */
/* whether city[0..n-2] are cities 1..n-1 in an order the search counts
 * (symmetric: the first below the last) making a tour of this length */
static int tour_ok(const tsp_instance *inst, kperm_u64 length, const kperm_u8 *city)
{
    kperm_u64 sum = 0, seen = 1;
    int m = inst->n - 1, i, prev = 0;
    for (i = 0; i < m; i++) {
        if (city[i] < 1 || city[i] >= inst->n || (seen >> city[i] & 1))
            return 0;
        seen |= KPERM_U64(1) << city[i];
        sum += inst->dist[prev * inst->n + city[i]];
        prev = city[i];
    }
    return !(inst->symmetric && city[0] > city[m - 1]) && sum + inst->dist[prev * inst->n] == length;
}

/* the best line's tour: "RANK" (the exhaustive search's) or, pruned, "tour
 * C C ..." into p->best; 0, or -1 when it is not a tour of this instance */
static int parse_best(const char *l, const tsp_instance *inst, tsp_pool *p)
{
    unsigned long long len, rank;
    kperm_u8 city[TSP_MAX_CITIES];
    int extra, i;
    if (p->units) { /* units: the pruned search */
        if (sscanf(l, "best %llu tour%n", &len, &extra) != 1)
            return -1;
        for (i = 0, l += extra; i < inst->n - 1; i++, l += extra)
            if (sscanf(l, " %llu%n", &rank, &extra) != 1 || rank >= TSP_MAX_CITIES)
                return -1;
            else
                city[i] = (kperm_u8)rank;
        memset(p->best.tour, 0, sizeof p->best.tour);
        memcpy(p->best.tour, city, (size_t)(inst->n - 1));
        p->best.rank = 0;
    } else {
        if (sscanf(l, "best %llu %llu%n", &len, &rank, &extra) != 2 || kperm_unrank(rank, inst->n - 1, city) != KPERM_OK)
            return -1;
        for (i = 0; i < inst->n - 1; i++)
            city[i]++;
        l += extra;
        p->best.rank = rank;
    }
    if (*l || !tour_ok(inst, len, city))
        return -1;
    p->best.length = len;
    return 0;
}

/* the next line of *s (without its newline), or NULL at the end */
static char *line(char **s)
{
    char *start = *s, *nl;
    if (!*start)
        return NULL;
    nl = strchr(start, '\n');
    if (nl) {
        *nl = 0;
        *s = nl + 1;
    } else
        *s = start + strlen(start);
    return start;
}

static int parse(char *text, const char *path, const tsp_instance *inst, tsp_pool *p, char *err, size_t errsize)
{
    char *s = text + strlen(MAGIC), *l, word[8];
    unsigned long long fp, total, sum = 0, b, e;
    long count, i;
    int n, extra;
    kperm_u64 mine = tsp_fingerprint(inst);
#define BAD(...) do { snprintf(err, errsize, __VA_ARGS__); return -1; } while (0)
    if (!(l = line(&s)) || sscanf(l, "fingerprint %16llx%n", &fp, &extra) != 1 || l[extra])
        BAD("%s: corrupt checkpoint (fingerprint line)", path);
    if (fp != mine)
        BAD("%s: a checkpoint of another instance (fingerprint %016llx, this instance %016llx)", path, fp, mine);
    if (!(l = line(&s)) || sscanf(l, "n %d%n", &n, &extra) != 1 || l[extra] || n != inst->n)
        BAD("%s: corrupt checkpoint (n line)", path);
    if (!(l = line(&s)) || sscanf(l, "total %llu%n", &total, &extra) != 1 || l[extra] || total != p->total)
        BAD("%s: corrupt checkpoint (total line)", path);
    if (!(l = line(&s)))
        BAD("%s: corrupt checkpoint (best line)", path);
    if (strcmp(l, "best none") != 0 && parse_best(l, inst, p))
        BAD("%s: corrupt checkpoint (the best tour is not a tour of this instance%s)", path,
            p->units ? ", or not one of --prune" : ", or one of --prune");
    if (!(l = line(&s)) || sscanf(l, "done %llu %ld%n", &sum, &count, &extra) != 2 || l[extra] || count < 0)
        BAD("%s: corrupt checkpoint (done line)", path);
    for (i = 0; i < count; i++) {
        if (!(l = line(&s)) || sscanf(l, "%llu %llu%n", &b, &e, &extra) != 2 || l[extra]
            || tsp_pool_add_done(p, b, e))
            BAD("%s: corrupt checkpoint (finished range %ld of %ld)", path, i + 1, count);
    }
    /* pruned, units may close without a tour (none of theirs beat the first
     * tour's length), but not all of them: the optimum is in one */
    if (p->done_ranks != sum || (sum > 0 && p->best.length == TSP_NONE && (!p->units || sum == p->total)))
        BAD("%s: corrupt checkpoint (the ranges do not add up)", path);
    if ((l = line(&s)) && sscanf(l, "%7s", word) == 1)
        BAD("%s: corrupt checkpoint (unexpected line '%.40s')", path, l);
#undef BAD
    return 0;
}

kperm_u64 tsp_checkpoint_sum(const char *text, size_t size)
{
    return fnv(FNV_BASIS, text, size);
}

int tsp_checkpoint_read(char *text, size_t size, const char *path, const tsp_instance *inst, tsp_pool *p,
                        char *err, size_t errsize)
{
    /* the last line is "sum X\n", X the hash of everything before it */
    char *sum_line = size >= 2 ? text + size - 2 : text;
    unsigned long long sum;
    int extra;
    while (sum_line > text && sum_line[-1] != '\n')
        sum_line--;
    if (size < strlen(MAGIC) || memcmp(text, MAGIC, strlen(MAGIC)) != 0) {
        snprintf(err, errsize, "%s: not a kperm-tsp checkpoint", path);
        return -1;
    }
    if (text[size - 1] != '\n' || sscanf(sum_line, "sum %16llx\n%n", &sum, &extra) != 1 || sum_line[extra]
        || sum != fnv(FNV_BASIS, text, (size_t)(sum_line - text))) {
        snprintf(err, errsize, "%s: truncated or corrupt checkpoint (its checksum does not match)", path);
        return -1;
    }
    *sum_line = 0;
    return parse(text, path, inst, p, err, errsize) ? -1 : 1;
}

int tsp_checkpoint_load(const char *path, const tsp_instance *inst, tsp_pool *p, char *err, size_t errsize)
{
    long size = 0;
    int absent, rc;
    char *text = tsp_read_file(path, TSP_MAX_FILE, "checkpoint", &size, &absent, err, errsize);
    if (!text)
        return absent ? 0 : -1;
    rc = tsp_checkpoint_read(text, (size_t)size, path, inst, p, err, errsize);
    free(text);
    return rc;
}

/* appends to a growing buffer; -1 when out of memory */
typedef struct {
    char *s;
    size_t len, cap;
} buffer;

static int put(buffer *b, const char *fmt, unsigned long long x, unsigned long long y)
{
    char one[96];
    int k = snprintf(one, sizeof one, fmt, x, y);
    if (b->len + (size_t)k + 1 > b->cap) {
        size_t cap = b->cap ? b->cap * 2 + (size_t)k : 4096;
        char *s = (char *)realloc(b->s, cap);
        if (!s)
            return -1;
        b->s = s;
        b->cap = cap;
    }
    memcpy(b->s + b->len, one, (size_t)k + 1);
    b->len += (size_t)k;
    return 0;
}

static int write_all(const char *path, const char *tmp, const buffer *b, char *err, size_t errsize)
{
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    size_t off = 0;
    struct stat st;
    if (fd < 0) {
        snprintf(err, errsize, "%s: cannot write the checkpoint (%s: %s)", path, tmp, strerror(errno));
        return -1;
    }
    if (stat(path, &st) == 0) /* the new file keeps the old one's mode */
        fchmod(fd, st.st_mode & 07777);
    while (off < b->len) {
        ssize_t k = write(fd, b->s + off, b->len - off);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;
        off += (size_t)k;
    }
    if (off < b->len || fsync(fd) != 0) {
        snprintf(err, errsize, "%s: cannot write the checkpoint (%s: %s)", path, tmp, strerror(errno));
        close(fd);
        unlink(tmp);
        return -1;
    }
    return close(fd);
}

/* the directory of path synced, so that a rename in it survives a crash */
static void sync_directory(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir = slash ? with_suffix(path, "") : NULL;
    int fd;
    if (dir)
        dir[slash == path ? 1 : slash - path] = 0;
    fd = open(dir ? dir : ".", O_RDONLY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
}

int tsp_checkpoint_save(const char *path, const tsp_instance *inst, const tsp_pool *p, char *err, size_t errsize)
{
    buffer b = {NULL, 0, 0};
    char *tmp;
    int i, bad;
    bad = put(&b, MAGIC "fingerprint %016llx\n", tsp_fingerprint(inst), 0);
    bad |= put(&b, "n %llu\n", (unsigned long long)inst->n, 0);
    bad |= put(&b, "total %llu\n", p->total, 0);
    if (p->best.length == TSP_NONE)
        bad |= put(&b, "best none\n", 0, 0);
    else if (!p->units)
        bad |= put(&b, "best %llu %llu\n", p->best.length, p->best.rank);
    else {
        bad |= put(&b, "best %llu tour", p->best.length, 0);
        for (i = 0; i < inst->n - 1; i++)
            bad |= put(&b, " %llu", p->best.tour[i], 0);
        bad |= put(&b, "\n", 0, 0);
    }
    bad |= put(&b, "done %llu %llu\n", p->done_ranks, (unsigned long long)p->ndone);
    for (i = 0; i < p->ndone; i++)
        bad |= put(&b, "%llu %llu\n", p->done[i].begin, p->done[i].end);
    if (!bad)
        bad = put(&b, "sum %016llx\n", fnv(FNV_BASIS, b.s, b.len), 0);
    if (bad) {
        free(b.s);
        snprintf(err, errsize, "%s: cannot write the checkpoint: out of memory", path);
        return -1;
    }
    /* one name, not one per process: the lock makes this run its only
     * writer, and a killed run's file is removed by the next claim */
    tmp = with_suffix(path, ".tmp");
    bad = tmp ? write_all(path, tmp, &b, err, errsize) : -1;
    free(b.s);
    if (!tmp)
        snprintf(err, errsize, "%s: cannot write the checkpoint: out of memory", path);
    else if (!bad && rename(tmp, path) != 0) {
        snprintf(err, errsize, "%s: cannot replace the checkpoint: %s", path, strerror(errno));
        unlink(tmp);
        bad = -1;
    } else if (!bad)
        sync_directory(path);
    free(tmp);
    return bad ? -1 : 0;
}
