/* run_checkpoint.c - the checkpoint file (see run_checkpoint.h). */
#define _XOPEN_SOURCE 700 /* POSIX 2008 and S_ISVTX */
#include "run_checkpoint.h"
#include "run_file.h"
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_FILE (64L << 20) /* bytes a checkpoint may have */
#define MAX_LINKS 40 /* symbolic links followed, as the kernel's own limit */

static char *lock_path; /* the lock file held, or NULL */
static mode_t new_mode; /* a new checkpoint's mode: 0666 less the umask */

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

/* the directory path is in ("." for a bare name), malloc'ed */
static char *directory_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir = with_suffix(slash ? path : ".", "");
    if (dir && slash)
        dir[slash == path ? 1 : slash - path] = 0;
    return dir;
}

/* the name of path's temporaries, which saves make unpredictable (mkstemp
 * fills the X's): PATH.tmp-XXXXXX, malloc'ed */
static char *temporary_template(const char *path)
{
    return with_suffix(path, ".tmp-XXXXXX");
}

/* Removes the temporaries a killed run of this user left beside path: the
 * regular files named by temporary_template's pattern. Another user's file,
 * or a link planted there, is no temporary of ours and stays. */
static void remove_stale_temporaries(const char *path)
{
    char *dir = directory_of(path), *pattern = temporary_template(path), *name;
    const char *base;
    size_t stem;
    DIR *d = dir ? opendir(dir) : NULL;
    struct dirent *e;
    if (d && pattern) {
        base = strrchr(pattern, '/') ? strrchr(pattern, '/') + 1 : pattern;
        stem = strlen(base) - 6; /* the X's */
        while ((e = readdir(d)) != NULL) {
            struct stat st;
            if (strlen(e->d_name) != stem + 6 || strncmp(e->d_name, base, stem) != 0)
                continue;
            if ((name = (char *)malloc(strlen(dir) + strlen(e->d_name) + 2)) == NULL)
                break;
            sprintf(name, "%s/%s", dir, e->d_name);
            if (lstat(name, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid())
                unlink(name);
            free(name);
        }
    }
    if (d)
        closedir(d);
    free(dir);
    free(pattern);
}

/* Whether the link st (in directory dir) may be followed, by the kernel's own
 * rule for symbolic links (fs.protected_symlinks): in a sticky directory
 * that anyone may write (/tmp), only a link of this user's or of the
 * directory's owner, so that another user's link cannot aim a save at a file
 * of their choosing. */
static int may_follow(const struct stat *st, const char *dir)
{
    struct stat d;
    if (stat(dir, &d) != 0)
        return 0;
    return !((d.st_mode & S_ISVTX) && (d.st_mode & S_IWOTH)) || st->st_uid == geteuid() || st->st_uid == d.st_uid;
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
        char *next, *dir;
        if (lstat(p, &st) != 0 || !S_ISLNK(st.st_mode))
            return p;
        dir = directory_of(p);
        k = dir && may_follow(&st, dir) ? 0 : -1;
        free(dir);
        if (k < 0) {
            snprintf(err, errsize, "%s: the symbolic link %s belongs to another user (uid %ld) in a directory anyone "
                     "may write: not followed", path, p, (long)st.st_uid);
            free(p);
            return NULL;
        }
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

/* locks PATH.lock for this process: 0, or -1 with err naming who holds it.
 * The lock file is opened as a regular file at that name, never through a
 * link planted there (O_NOFOLLOW), so that it creates nothing elsewhere. */
static int lock(const char *path, const char *real, char *err, size_t errsize)
{
    char *name = with_suffix(real, ".lock");
    for (;;) {
        struct flock fl;
        struct stat held, now;
        int fd = name ? open(name, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK, 0644) : -1;
        if (fd < 0) {
            snprintf(err, errsize, "%s: cannot write the checkpoint (its lock file %s: %s)", path, name ? name : "",
                     !name ? "out of memory" : errno == ELOOP ? "a symbolic link, not followed; remove it"
                                                             : strerror(errno));
            break;
        }
        if (fstat(fd, &held) != 0 || !S_ISREG(held.st_mode)) {
            snprintf(err, errsize, "%s: cannot write the checkpoint (its lock file %s is not a regular file)", path,
                     name);
            close(fd);
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
        if (lstat(name, &now) == 0 && held.st_ino == now.st_ino && held.st_dev == now.st_dev) {
            lock_path = name; /* fd stays open: closing it would drop the lock */
            atexit(run_checkpoint_release);
            return 0;
        }
        close(fd);
    }
    free(name);
    return -1;
}

/* why the checkpoint real (st, when it exists) cannot be replaced, in err;
 * or 0. A save writes a new file beside it and renames it over the old one,
 * so the directory must be writable as well as the file. */
static int unwritable(const char *path, const char *real, const struct stat *st, int exists, char *err,
                      size_t errsize)
{
    char *dir = directory_of(real);
    int bad = 1;
    if (!dir)
        snprintf(err, errsize, "%s: out of memory", path);
    else if (access(dir, W_OK) != 0)
        snprintf(err, errsize, "%s: cannot write the checkpoint: its directory %s is not writable (%s)", path, dir,
                 strerror(errno));
    else if (exists && (!(st->st_mode & S_IWUSR) || access(real, W_OK) != 0))
        snprintf(err, errsize, "%s: the checkpoint is read-only (mode %04o): make it writable or name another file",
                 path, (unsigned)(st->st_mode & 07777));
    else
        bad = 0;
    free(dir);
    return bad;
}

char *run_checkpoint_claim(const char *path, char *err, size_t errsize)
{
    struct stat st;
    char *real = follow_links(path, err, errsize);
    int refused = 0, exists;
    if (!real)
        return NULL;
    exists = stat(real, &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) {
        snprintf(err, errsize, "%s: not a regular file, so not a checkpoint", path);
        refused = 1;
    } else
        refused = unwritable(path, real, &st, exists, err, errsize);
    if (refused || lock(path, real, err, errsize)) {
        free(real);
        return NULL;
    }
    new_mode = umask(0); /* read once, while the process has one thread */
    umask(new_mode);
    new_mode = 0666 & ~new_mode;
    remove_stale_temporaries(real);
    return real;
}

void run_checkpoint_release(void)
{
    if (lock_path)
        unlink(lock_path);
    free(lock_path);
    lock_path = NULL;
}

/* the first line: "NAME checkpoint VERSION\n" */
static void magic(const run_sample *s, char *out, size_t size)
{
    snprintf(out, size, "%s checkpoint %d\n", s->name, s->version);
}

/* the lines after the first (checked by the caller), the sum line cut off;
 * every number read in the writer's own form and range (run_words) */
static int parse(char *text, const char *path, run_pool *p, char *err, size_t errsize)
{
    const run_sample *smp = p->sample;
    run_lines in;
    run_words w;
    const char *why;
    char fp[RUN_DIGEST_DIGITS + 1];
    kperm_u64 total = 0, sum = 0, count = 0, b = 0, e = 0, i;
#define BAD(...) do { snprintf(err, errsize, __VA_ARGS__); return -1; } while (0)
    in.at = strchr(text, '\n') + 1;
    w = run_words_of(run_lines_next(&in));
    run_word_is(&w, "fingerprint");
    run_word_hex(&w, RUN_DIGEST_DIGITS, fp);
    if (!run_words_end(&w))
        BAD("%s: corrupt checkpoint (fingerprint line)", path);
    if (strcmp(fp, p->fingerprint) != 0)
        BAD("%s: a checkpoint of another %s (its fingerprint %.16s..., this %s's %.16s...)", path, smp->problem, fp,
            smp->problem, p->fingerprint);
    if (smp->read_problem && (why = smp->read_problem(smp->ctx, &in)) != NULL)
        BAD("%s: corrupt checkpoint (%s)", path, why);
    w = run_words_of(run_lines_next(&in));
    run_word_is(&w, "total");
    run_word_u64(&w, p->total, &total);
    if (!run_words_end(&w) || total != p->total)
        BAD("%s: corrupt checkpoint (total line)", path);
    if ((why = smp->read_result(smp->ctx, p->result, &in)) != NULL)
        BAD("%s: corrupt checkpoint (%s)", path, why);
    w = run_words_of(run_lines_next(&in));
    run_word_is(&w, "done");
    run_word_u64(&w, p->total, &sum);
    run_word_u64(&w, p->total, &count); /* ranges are never empty */
    if (!run_words_end(&w))
        BAD("%s: corrupt checkpoint (done line)", path);
    for (i = 0; i < count; i++) {
        w = run_words_of(run_lines_next(&in));
        run_word_u64(&w, p->total, &b);
        run_word_u64(&w, p->total, &e);
        if (!run_words_end(&w) || run_pool_add_done(p, b, e))
            BAD("%s: corrupt checkpoint (finished range %llu of %llu)", path, i + 1, count);
    }
    if (p->done_ranks != sum || (smp->plausible && !smp->plausible(smp->ctx, p->result, sum)))
        BAD("%s: corrupt checkpoint (the ranges do not add up)", path);
    if (run_lines_next(&in))
        BAD("%s: corrupt checkpoint (a line after the last range)", path);
#undef BAD
    return 0;
}

int run_checkpoint_sum(const char *text, size_t size, char line[RUN_CHECKPOINT_SUM_LINE])
{
    char hex[RUN_DIGEST_DIGITS + 1];
    if (run_digest(text, size, hex))
        return -1;
    snprintf(line, RUN_CHECKPOINT_SUM_LINE, "sum %s\n", hex);
    return 0;
}

/* the version of text's first line "NAME checkpoint VERSION\n" when it is
 * another than the sample's (else -1) */
static long other_version(const char *text, const run_sample *s)
{
    size_t len = strlen(s->name);
    char *end;
    long v;
    if (strncmp(text, s->name, len) != 0 || strncmp(text + len, " checkpoint ", 12) != 0
        || !isdigit((unsigned char)text[len + 12]))
        return -1;
    v = strtol(text + len + 12, &end, 10);
    return *end == '\n' && v > 0 && v != s->version ? v : -1;
}

int run_checkpoint_read(char *text, size_t size, const char *path, run_pool *p, char *err, size_t errsize)
{
    /* the last line is "sum X\n", X the hash of everything before it */
    char *sum_line = size >= 2 ? text + size - 2 : text, first[128], want[RUN_CHECKPOINT_SUM_LINE];
    long version = other_version(text, p->sample);
    while (sum_line > text && sum_line[-1] != '\n')
        sum_line--;
    magic(p->sample, first, sizeof first);
    if (version > 0) {
        snprintf(err, errsize, "%s: a checkpoint of %s version %ld, not %d%s: it cannot be resumed; remove it to "
                 "start again", path, p->sample->name, version, p->sample->version,
                 version < p->sample->version ? " (from before checkpoints were bound to their data by SHA-256)" : "");
        return -1;
    }
    if (size < strlen(first) || memcmp(text, first, strlen(first)) != 0) {
        snprintf(err, errsize, "%s: not a %s checkpoint", path, p->sample->name);
        return -1;
    }
    /* byte for byte the line the writer gives this text: no other spelling
     * of the same number (upper case, "0x") lets a damaged byte through */
    if (run_checkpoint_sum(text, (size_t)(sum_line - text), want)) {
        snprintf(err, errsize, "%s: out of memory", path);
        return -1;
    }
    if ((size_t)(text + size - sum_line) != strlen(want) || memcmp(sum_line, want, strlen(want)) != 0) {
        snprintf(err, errsize, "%s: truncated or corrupt checkpoint (its checksum does not match)", path);
        return -1;
    }
    *sum_line = 0;
    return parse(text, path, p, err, errsize) ? -1 : 1;
}

int run_checkpoint_load(const char *path, run_pool *p, char *err, size_t errsize)
{
    long size = 0;
    int absent, rc;
    char *text = run_read_file(path, MAX_FILE, "checkpoint", &size, &absent, err, errsize);
    if (!text)
        return absent ? 0 : -1;
    rc = run_checkpoint_read(text, (size_t)size, path, p, err, errsize);
    free(text);
    return rc;
}

/* Writes b to a new temporary beside path, which mkstemp names unpredictably
 * and creates exclusively (never through a link planted there), synced: its
 * name (malloc'ed), or NULL with err. */
static char *write_temporary(const char *path, const run_text *b, char *err, size_t errsize)
{
    char *tmp = temporary_template(path);
    int fd = tmp ? mkstemp(tmp) : -1, ok, why;
    size_t off = 0;
    struct stat st;
    if (fd < 0) {
        snprintf(err, errsize, "%s: cannot write the checkpoint (%s: %s)", path, tmp ? tmp : "",
                 tmp ? strerror(errno) : "out of memory");
        free(tmp);
        return NULL;
    }
    /* the new file keeps the old one's mode, or takes a new file's */
    fchmod(fd, stat(path, &st) == 0 ? st.st_mode & 0777 : new_mode);
    while (off < b->len) {
        ssize_t k = write(fd, b->s + off, b->len - off);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;
        off += (size_t)k;
    }
    ok = off == b->len && fsync(fd) == 0;
    why = errno;
    if (close(fd) != 0 && ok) {
        ok = 0;
        why = errno;
    }
    if (!ok) {
        snprintf(err, errsize, "%s: cannot write the checkpoint (%s: %s)", path, tmp, strerror(why));
        unlink(tmp);
        free(tmp);
        return NULL;
    }
    return tmp;
}

/* the directory of path synced, so that a rename in it survives a crash */
static void sync_directory(const char *path)
{
    char *dir = directory_of(path);
    int fd = dir ? open(dir, O_RDONLY) : -1;
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
}

int run_checkpoint_save(const char *path, const run_pool *p, char *err, size_t errsize)
{
    const run_sample *smp = p->sample;
    run_text b = {NULL, 0, 0};
    char first[128], *tmp, sum[RUN_CHECKPOINT_SUM_LINE];
    int i, bad;
    magic(smp, first, sizeof first);
    bad = run_text_put(&b, "%sfingerprint %s\n", first, p->fingerprint);
    if (smp->write_problem)
        bad |= smp->write_problem(smp->ctx, &b);
    bad |= run_text_put(&b, "total %llu\n", p->total);
    bad |= smp->write_result(smp->ctx, p->result, &b);
    bad |= run_text_put(&b, "done %llu %llu\n", p->done_ranks, (unsigned long long)p->ndone);
    for (i = 0; i < p->ndone; i++)
        bad |= run_text_put(&b, "%llu %llu\n", p->done[i].begin, p->done[i].end);
    if (!bad)
        bad = run_checkpoint_sum(b.s, b.len, sum) || run_text_put(&b, "%s", sum);
    if (bad) {
        free(b.s);
        snprintf(err, errsize, "%s: cannot write the checkpoint: out of memory", path);
        return -1;
    }
    tmp = write_temporary(path, &b, err, errsize);
    free(b.s);
    if (!tmp)
        return -1;
    if (rename(tmp, path) != 0) {
        snprintf(err, errsize, "%s: cannot replace the checkpoint: %s", path, strerror(errno));
        unlink(tmp);
        free(tmp);
        return -1;
    }
    sync_directory(path);
    free(tmp);
    return 0;
}
