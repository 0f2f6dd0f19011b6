/* tsplib.c - a TSPLIB95 reader for the brute-force solver.
 *
 * Header lines are "KEY : VALUE" (any spacing, colon optional); sections hold
 * whitespace-separated numbers spread over lines in any way. Distances follow
 * TSPLIB95's integer rules, with GEO degrees truncated as Concorde and LKH do.
 * Every problem is reported as "PATH:LINE: what is wrong".
 */
#include "tsplib.h"
#include "run_file.h"
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


typedef struct {
    const char *path, *p, *end;
    int line;
    char *err;
    size_t errsize;
} reader;

static int fail(reader *r, int line, const char *fmt, ...)
{
    char msg[TSP_ERR_SIZE];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (line > 0)
        snprintf(r->err, r->errsize, "%s:%d: %s", r->path, line, msg);
    else
        snprintf(r->err, r->errsize, "%s: %s", r->path, msg);
    return -1;
}

static int is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

/* next whitespace-separated token, across lines; 0 at the end of the text */
static int next_token(reader *r, const char **tok, int *len, int *line)
{
    while (r->p < r->end && is_space((unsigned char)*r->p)) {
        if (*r->p == '\n')
            r->line++;
        r->p++;
    }
    if (r->p == r->end)
        return 0;
    *tok = r->p;
    while (r->p < r->end && !is_space((unsigned char)*r->p))
        r->p++;
    *len = (int)(r->p - *tok);
    *line = r->line;
    return 1;
}

/* the token as a C string, or NULL when it is longer than any number */
static const char *token_str(const char *tok, int len, char *buf, size_t size)
{
    if ((size_t)len >= size)
        return NULL;
    memcpy(buf, tok, (size_t)len);
    buf[len] = 0;
    return buf;
}

static int parse_long(const char *s, long long *v)
{
    char *end;
    errno = 0;
    *v = strtoll(s, &end, 10);
    return end != s && *end == 0 && errno == 0;
}

static int parse_real(const char *s, double *v)
{
    char *end;
    *v = strtod(s, &end);
    return end != s && *end == 0 && isfinite(*v);
}

/* EOF, NODE_COORD_SECTION, ...: a token that can only be a keyword */
static int keyword_like(const char *s)
{
    if (!isupper((unsigned char)*s))
        return 0;
    for (; *s; s++)
        if (!isupper((unsigned char)*s) && !isdigit((unsigned char)*s) && *s != '_')
            return 0;
    return 1;
}

/* an optional sign and digits only */
static int integer_syntax(const char *s)
{
    if (*s == '-' || *s == '+')
        s++;
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return 0;
    return 1;
}

/* a section's next number (integer or real), or an error naming the section */
static int section_number(reader *r, const char *section, long have, long want,
                          int integer, double *v)
{
    const char *tok;
    char buf[64];
    int len, line;
    long long iv;
    if (!next_token(r, &tok, &len, &line))
        return fail(r, r->line, "%s ends after %ld of %ld numbers", section, have, want);
    if (!token_str(tok, len, buf, sizeof buf))
        return fail(r, line, "%s: '%.20s...' is not a number", section, tok);
    if (keyword_like(buf))
        return fail(r, line, "%s ends after %ld of %ld numbers (found %s)", section, have, want, buf);
    if (integer && integer_syntax(buf)) {
        if (!parse_long(buf, &iv) || iv > 9007199254740992LL || iv < -9007199254740992LL)
            return fail(r, line, "%s: %s is out of range", section, buf);
        *v = (double)iv;
        return 0;
    }
    if (!parse_real(buf, v))
        return fail(r, line, "%s: '%s' is not a number", section, buf);
    if (integer)
        return fail(r, line, "%s: '%s' is not an integer", section, buf);
    return 0;
}

/* after a section: the rest of its last line must be empty */
static int end_section(reader *r, const char *section)
{
    while (r->p < r->end && *r->p != '\n') {
        if (!is_space((unsigned char)*r->p))
            return fail(r, r->line, "too many numbers in %s", section);
        r->p++;
    }
    return 0;
}

typedef enum { W_NONE, W_EUC_2D, W_EUC_3D, W_CEIL_2D, W_MAN_2D, W_MAN_3D, W_MAX_2D,
               W_MAX_3D, W_ATT, W_GEO, W_EXPLICIT } weight_type;

static const char *const weight_names[] = {"", "EUC_2D", "EUC_3D", "CEIL_2D", "MAN_2D", "MAN_3D",
                                           "MAX_2D", "MAX_3D", "ATT", "GEO", "EXPLICIT"};
static const char *const unsupported_weights[] = {"GEOM", "GEO_MEEUS", "XRAY1", "XRAY2", "SPECIAL",
                                                  "TOROIDAL_2D", "TOROIDAL_3D"};

/* EXPLICIT read orders: the outer index a = 1..n runs over rows (or columns
 * when by_col); the inner one from lo to hi, where *_rel adds a. */
typedef struct {
    const char *name;
    int by_col, lo_rel, lo_off, hi_rel, hi_off;
} weight_format;

static const weight_format formats[] = {
    {"FULL_MATRIX", 0, 0, 1, 0, 0},    {"UPPER_ROW", 0, 1, 1, 0, 0},
    {"LOWER_ROW", 0, 0, 1, 1, -1},     {"UPPER_DIAG_ROW", 0, 1, 0, 0, 0},
    {"LOWER_DIAG_ROW", 0, 0, 1, 1, 0}, {"UPPER_COL", 1, 0, 1, 1, -1},
    {"LOWER_COL", 1, 1, 1, 0, 0},      {"UPPER_DIAG_COL", 1, 0, 1, 1, 0},
    {"LOWER_DIAG_COL", 1, 1, 0, 0, 0},
};
#define NFORMATS ((int)(sizeof formats / sizeof formats[0]))

typedef struct {
    int n, n_line, type_line, ewt_line, coords_line, weights_line;
    weight_type ewt;
    int format;               /* index into formats, -1 unknown, NFORMATS for FUNCTION */
    int dims;                 /* coordinates per node, from NODE_COORD_TYPE or the weight type */
    int have_type;
    double x[TSP_MAX_CITIES], y[TSP_MAX_CITIES], z[TSP_MAX_CITIES];
    long long w[TSP_MAX_CITIES][TSP_MAX_CITIES];
} header;

static int weight_dims(weight_type t)
{
    return t == W_EUC_3D || t == W_MAN_3D || t == W_MAX_3D ? 3 : 2;
}

/* whether the rest of the line is blank (the reader stays where it is) */
static int line_ends(const reader *r)
{
    const char *p = r->p;
    while (p < r->end && *p != '\n' && is_space((unsigned char)*p))
        p++;
    return p == r->end || *p == '\n';
}

/* the line of node i of a section of nodes (NODE_COORD_SECTION,
 * DISPLAY_DATA_SECTION): its number, 1..n and not seen before, then `dims`
 * numbers into c, on that one line as TSPLIB writes them, so that a
 * coordinate left out is named as such, not taken from the next line. The
 * node's index from 0, or -1 with the error */
static int node_line(reader *r, const char *section, const header *h, int i, int dims, int *seen, double *c)
{
    long want = (long)h->n * (1 + dims), at = (long)i * (1 + dims);
    double id;
    int k, line;
    if (section_number(r, section, at, want, 1, &id))
        return -1;
    line = r->line;
    if (id < 1 || id > h->n)
        return fail(r, line, "node %.0f is outside 1..%d (DIMENSION)", id, h->n);
    if (seen[(int)id - 1]++)
        return fail(r, line, "node %.0f is listed twice", id);
    for (k = 0; k < dims; k++) {
        if (line_ends(r))
            return fail(r, line, "%s: node %.0f has %d of its %d coordinates (a node's number and coordinates "
                        "are on one line)", section, id, k, dims);
        if (section_number(r, section, at + 1 + k, want, 0, &c[k]))
            return -1;
    }
    if (!line_ends(r))
        return fail(r, line, "too many numbers in %s: node %.0f's line has more than its number and %d "
                    "coordinates", section, id, dims);
    return (int)id - 1;
}

static int read_coords(reader *r, header *h)
{
    int seen[TSP_MAX_CITIES] = {0}, i, k, node;
    for (i = 0; i < h->n; i++) {
        double c[3] = {0, 0, 0};
        if ((node = node_line(r, "NODE_COORD_SECTION", h, i, h->dims, seen, c)) < 0)
            return -1;
        for (k = 0; k < h->dims; k++)
            if (h->ewt == W_GEO && fabs(c[k]) > 1000) /* also keeps (int)x in geo_radians defined */
                return fail(r, r->line, "GEO coordinate %g is not DDD.MM degrees", c[k]);
        h->x[node] = c[0];
        h->y[node] = c[1];
        h->z[node] = c[2];
    }
    return 0;
}

static int read_weights(reader *r, header *h)
{
    const weight_format *f = &formats[h->format];
    long want = 0, have = 0;
    int a, b, n = h->n;
    for (a = 1; a <= n; a++) {
        int lo = f->lo_rel ? a + f->lo_off : f->lo_off, hi = f->hi_rel ? a + f->hi_off : n;
        want += hi >= lo ? hi - lo + 1 : 0;
    }
    for (a = 1; a <= n; a++) {
        int lo = f->lo_rel ? a + f->lo_off : f->lo_off, hi = f->hi_rel ? a + f->hi_off : n;
        for (b = lo; b <= hi; b++) {
            int i = f->by_col ? b : a, j = f->by_col ? a : b;
            double v;
            if (section_number(r, "EDGE_WEIGHT_SECTION", have++, want, 1, &v))
                return -1;
            if (v < 0)
                return fail(r, r->line, "negative weight %.0f", v);
            if (v > TSP_MAX_WEIGHT)
                return fail(r, r->line, "weight %.0f exceeds %ld", v, TSP_MAX_WEIGHT);
            h->w[i - 1][j - 1] = (long long)v;
            if (h->format != 0)
                h->w[j - 1][i - 1] = (long long)v;
        }
    }
    return end_section(r, "EDGE_WEIGHT_SECTION");
}

/* DISPLAY_DATA_SECTION: n lines "id x y", read and checked, not used */
static int skip_display(reader *r, header *h)
{
    int seen[TSP_MAX_CITIES] = {0}, i;
    double c[2];
    for (i = 0; i < h->n; i++)
        if (node_line(r, "DISPLAY_DATA_SECTION", h, i, 2, seen, c) < 0)
            return -1;
    return 0;
}

/* TSPLIB's nint, (int)(x + 0.5) for x >= 0, kept in a double so that a
 * distance past any int rounds first and is refused after (finish) */
static double nint(double x)
{
    return floor(x + 0.5);
}

static double geo_radians(double x)
{
    int deg = (int)x;
    return 3.141592 * (deg + 5.0 * (x - deg) / 3.0) / 180.0;
}

/* d(i,j) by the instance's rule, rounded as TSPLIB95 says, as a double:
 * the caller refuses what is past TSP_MAX_WEIGHT once rounded (so
 * 2147483647.49 is taken as 2147483647) */
static double distance(const header *h, int i, int j)
{
    double xd = fabs(h->x[i] - h->x[j]), yd = fabs(h->y[i] - h->y[j]), zd = fabs(h->z[i] - h->z[j]);
    double r, q1, q2, q3, a;
    switch (h->ewt) {
    case W_EUC_2D: case W_EUC_3D:
        return nint(sqrt(xd * xd + yd * yd + zd * zd));
    case W_CEIL_2D:
        return ceil(sqrt(xd * xd + yd * yd));
    case W_MAN_2D: case W_MAN_3D:
        return nint(xd + yd + zd);
    case W_MAX_2D: case W_MAX_3D:
        return fmax(nint(xd), fmax(nint(yd), nint(zd)));
    case W_ATT:
        r = sqrt((xd * xd + yd * yd) / 10.0);
        return nint(r) < r ? nint(r) + 1.0 : nint(r);
    case W_GEO:
        q1 = cos(geo_radians(h->y[i]) - geo_radians(h->y[j]));
        q2 = cos(geo_radians(h->x[i]) - geo_radians(h->x[j]));
        q3 = cos(geo_radians(h->x[i]) + geo_radians(h->x[j]));
        a = 0.5 * ((1.0 + q1) * q2 - (1.0 - q1) * q3);
        a = a > 1.0 ? 1.0 : a < -1.0 ? -1.0 : a; /* rounding must not make acos NaN */
        return (int)(6378.388 * acos(a) + 1.0);
    default:
        return (double)h->w[i][j];
    }
}

static int keyword_is(const char *key, int len, const char *name)
{
    return (int)strlen(name) == len && memcmp(key, name, (size_t)len) == 0;
}

static int value_is(const char *v, const char *name)
{
    return strcmp(v, name) == 0;
}

static int set_dimension(reader *r, header *h, const char *v)
{
    long long n;
    if (h->n_line)
        return fail(r, r->line, "DIMENSION given twice (first at line %d)", h->n_line);
    if (!parse_long(v, &n))
        return fail(r, r->line, "DIMENSION '%s' is not an integer", v);
    if (n < TSP_MIN_CITIES)
        return fail(r, r->line, "DIMENSION %lld: at least %d cities are needed", n, TSP_MIN_CITIES);
    if (n > TSP_MAX_CITIES)
        return fail(r, r->line, "DIMENSION %lld: kperm-tsp handles at most %d cities (--prune; the exhaustive search %d)", n, TSP_MAX_CITIES, TSP_MAX_EXHAUSTIVE);
    h->n = (int)n;
    h->n_line = r->line;
    return 0;
}

/* name appended to a list of what a value may be: "A, B, C" */
static void list_name(char *list, size_t size, const char *name)
{
    size_t at = strlen(list);
    snprintf(list + at, size - at, "%s%s", at ? ", " : "", name);
}

static int set_weight_type(reader *r, header *h, const char *v)
{
    int t;
    unsigned k;
    /* once only: the coordinates were checked against the type read first */
    if (h->ewt_line)
        return fail(r, r->line, "EDGE_WEIGHT_TYPE given twice (first at line %d)", h->ewt_line);
    for (t = W_EUC_2D; t <= W_EXPLICIT; t++)
        if (value_is(v, weight_names[t])) {
            h->ewt = (weight_type)t;
            h->ewt_line = r->line;
            if (!h->dims)
                h->dims = weight_dims(h->ewt);
            return 0;
        }
    for (k = 0; k < sizeof unsupported_weights / sizeof unsupported_weights[0]; k++)
        if (value_is(v, unsupported_weights[k]))
            return fail(r, r->line, "EDGE_WEIGHT_TYPE %s is not supported", v);
    {
        char list[160] = "";
        for (t = W_EUC_2D; t <= W_EXPLICIT; t++)
            list_name(list, sizeof list, weight_names[t]);
        return fail(r, r->line, "unknown EDGE_WEIGHT_TYPE '%s' (supported: %s)", v, list);
    }
}

static int set_format(reader *r, header *h, const char *v)
{
    int k;
    if (h->format >= 0)
        return fail(r, r->line, "EDGE_WEIGHT_FORMAT given twice");
    for (k = 0; k < NFORMATS; k++)
        if (value_is(v, formats[k].name)) {
            h->format = k;
            return 0;
        }
    if (value_is(v, "FUNCTION")) {
        h->format = NFORMATS;
        return 0;
    }
    {
        char list[200] = "";
        for (k = 0; k < NFORMATS; k++)
            list_name(list, sizeof list, formats[k].name);
        list_name(list, sizeof list, "FUNCTION");
        return fail(r, r->line, "unknown EDGE_WEIGHT_FORMAT '%s' (TSPLIB's: %s)", v, list);
    }
}

static int header_line(reader *r, header *h, tsp_instance *inst, const char *key, int klen,
                       const char *v, int *done)
{
    if (keyword_is(key, klen, "EOF")) {
        *done = 1;
        return 0;
    }
    if (keyword_is(key, klen, "NAME")) {
        snprintf(inst->name, sizeof inst->name, "%.127s", v);
        return 0;
    }
    if (keyword_is(key, klen, "TYPE")) {
        if (h->type_line)
            return fail(r, r->line, "TYPE given twice (first at line %d)", h->type_line);
        if (!value_is(v, "TSP") && !value_is(v, "ATSP"))
            return fail(r, r->line, "TYPE '%s' is not supported (TSP or ATSP)", v);
        snprintf(inst->type, sizeof inst->type, "%s", v[0] == 'A' ? "ATSP" : "TSP");
        h->type_line = r->line;
        return 0;
    }
    if (keyword_is(key, klen, "DIMENSION"))
        return set_dimension(r, h, v);
    if (keyword_is(key, klen, "EDGE_WEIGHT_TYPE"))
        return set_weight_type(r, h, v);
    if (keyword_is(key, klen, "EDGE_WEIGHT_FORMAT"))
        return set_format(r, h, v);
    if (keyword_is(key, klen, "NODE_COORD_TYPE")) {
        if (value_is(v, "TWOD_COORDS"))
            h->dims = 2;
        else if (value_is(v, "THREED_COORDS"))
            h->dims = 3;
        else if (!value_is(v, "NO_COORDS"))
            return fail(r, r->line, "unknown NODE_COORD_TYPE '%s' (TWOD_COORDS, THREED_COORDS or NO_COORDS)", v);
        return 0;
    }
    if (keyword_is(key, klen, "NODE_COORD_SECTION") || keyword_is(key, klen, "EDGE_WEIGHT_SECTION")
        || keyword_is(key, klen, "DISPLAY_DATA_SECTION")) {
        int coords = key[0] == 'N', weights = key[0] == 'E';
        int *where = coords ? &h->coords_line : weights ? &h->weights_line : NULL;
        if (*v)
            return fail(r, r->line, "%.*s takes no value", klen, key);
        if (!h->n_line)
            return fail(r, r->line, "%.*s before DIMENSION", klen, key);
        if (where && *where)
            return fail(r, r->line, "%.*s given twice (first at line %d)", klen, key, *where);
        if (where)
            *where = r->line;
        if (coords) {
            if (!h->ewt_line)
                return fail(r, r->line, "NODE_COORD_SECTION before EDGE_WEIGHT_TYPE");
            return read_coords(r, h);
        }
        if (weights) {
            if (h->format < 0 || h->format == NFORMATS)
                return fail(r, r->line, "EDGE_WEIGHT_SECTION needs an EDGE_WEIGHT_FORMAT before it");
            return read_weights(r, h);
        }
        return skip_display(r, h);
    }
    if (klen > 8 && memcmp(key + klen - 8, "_SECTION", 8) == 0)
        return fail(r, r->line, "%.*s is not supported", klen, key);
    return 0; /* COMMENT, DISPLAY_DATA_TYPE, CAPACITY, ...: harmless, ignored */
}

static int check_text(reader *r, const char *text, size_t size)
{
    size_t i;
    int line = 1;
    if (size == 0)
        return fail(r, 0, "empty file");
    for (i = 0; i < size; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '\n')
            line++;
        else if (c == 0 || (c < 32 && !is_space(c)) || c == 127)
            return fail(r, line, "binary data (byte 0x%02x): not a TSPLIB text file", c);
    }
    return 0;
}

static int finish(reader *r, header *h, tsp_instance *inst)
{
    int i, j, n = h->n;
    if (!h->type_line)
        return fail(r, 0, "TYPE missing (TSP or ATSP)");
    if (!h->n_line)
        return fail(r, 0, "DIMENSION missing");
    if (!h->ewt_line)
        return fail(r, 0, "EDGE_WEIGHT_TYPE missing");
    if (h->ewt == W_EXPLICIT && !h->weights_line)
        return fail(r, 0, "EDGE_WEIGHT_SECTION missing (EDGE_WEIGHT_TYPE is EXPLICIT)");
    if (h->ewt != W_EXPLICIT && !h->coords_line)
        return fail(r, 0, "NODE_COORD_SECTION missing (EDGE_WEIGHT_TYPE is %s)", weight_names[h->ewt]);
    inst->n = n;
    inst->symmetric = strcmp(inst->type, "TSP") == 0;
    snprintf(inst->weight_type, sizeof inst->weight_type, "%s", weight_names[h->ewt]);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            double d = i == j ? 0 : distance(h, i, j);
            if (!(d <= TSP_MAX_WEIGHT)) /* NaN too */
                return fail(r, h->coords_line ? h->coords_line : h->weights_line,
                            "the distance from city %d to city %d, %.17g once rounded as %s rounds, exceeds %ld",
                            i + 1, j + 1, d, weight_names[h->ewt], TSP_MAX_WEIGHT);
            inst->dist[i * n + j] = (unsigned)d;
        }
    if (inst->symmetric)
        for (i = 0; i < n; i++)
            for (j = 0; j < i; j++)
                if (inst->dist[i * n + j] != inst->dist[j * n + i])
                    return fail(r, h->type_line, "TYPE is TSP but d(%d,%d) = %u differs from d(%d,%d) = %u",
                                i + 1, j + 1, inst->dist[i * n + j], j + 1, i + 1, inst->dist[j * n + i]);
    return 0;
}

/* a line s..eol that starts with a keyword in lower case ("name: x",
 * "Node_Coord_Section"): TSPLIB95 spells every keyword in upper case, and
 * so does this reader; -1 with an error that says so, else 0 */
static int lower_case_keyword(reader *r, const char *s, const char *eol)
{
    char word[40];
    int len = 0, lower = 0;
    while (s + len < eol && (isalnum((unsigned char)s[len]) || s[len] == '_') && len < (int)sizeof word - 1) {
        lower |= islower((unsigned char)s[len]);
        word[len] = (char)toupper((unsigned char)s[len]);
        len++;
    }
    word[len] = 0;
    if (!lower || !isalpha((unsigned char)*s))
        return 0;
    while (s + len < eol && is_space((unsigned char)s[len]))
        len++;
    /* a keyword and its colon, or a section or EOF on its own: not just any words */
    if ((s + len < eol && s[len] == ':') || strcmp(word, "EOF") == 0
        || (strlen(word) > 8 && strcmp(word + strlen(word) - 8, "_SECTION") == 0))
        return fail(r, r->line, "'%.*s' is not a keyword: TSPLIB's keywords are upper case (%s)",
                    (int)strlen(word), s, word);
    return 0;
}

/* one "KEYWORD : VALUE" line, s..eol (leading blanks already skipped) */
static int keyword_line(reader *r, const char *s, const char *eol, header *h, tsp_instance *out, int *done)
{
    const char *key = s, *v;
    char value[256];
    int klen;
    size_t vlen;
    while (s < eol && (isupper((unsigned char)*s) || isdigit((unsigned char)*s) || *s == '_'))
        s++;
    klen = (int)(s - key);
    if (lower_case_keyword(r, key, eol))
        return -1;
    if (klen == 0 || !isupper((unsigned char)key[0])) {
        if (isdigit((unsigned char)key[0]) || key[0] == '-' || key[0] == '+' || key[0] == '.')
            return fail(r, r->line, "a number where a keyword was expected (too many numbers in a section?)");
        return fail(r, r->line, "expected a KEYWORD : VALUE line");
    }
    while (s < eol && is_space((unsigned char)*s))
        s++;
    if (s < eol && *s != ':')
        return fail(r, r->line, "expected a KEYWORD : VALUE line");
    if (s < eol)
        s++;
    while (s < eol && is_space((unsigned char)*s))
        s++;
    v = s;
    vlen = (size_t)(eol - v);
    while (vlen > 0 && is_space((unsigned char)v[vlen - 1]))
        vlen--;
    if (vlen >= sizeof value)
        vlen = sizeof value - 1;
    memcpy(value, v, vlen);
    value[vlen] = 0;
    return header_line(r, h, out, key, klen, value, done);
}

/* the header's lines until EOF or the last section, then the matrix */
static int parse_lines(reader *r, header *h, tsp_instance *out)
{
    int done = 0;
    while (!done && r->p < r->end) {
        const char *s = r->p, *eol = memchr(r->p, '\n', (size_t)(r->end - r->p));
        if (!eol)
            eol = r->end;
        r->p = eol;
        while (s < eol && is_space((unsigned char)*s))
            s++;
        if (s < eol && keyword_line(r, s, eol, h, out, &done))
            return -1;
        if (r->p < r->end && *r->p == '\n') {
            r->p++;
            r->line++;
        }
    }
    return finish(r, h, out);
}

int tsp_parse(const char *path, const char *text, size_t size, tsp_instance *inst,
              char *err, size_t errsize)
{
    reader r;
    header *h = (header *)calloc(1, sizeof *h); /* 8 KB: not on the caller's stack */
    tsp_instance out;
    int rc;
    if (size >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) { /* a UTF-8 byte-order mark, as some editors write */
        text += 3;
        size -= 3;
    }
    r.path = path;
    r.p = text;
    r.end = text + size;
    r.line = 1;
    r.err = err;
    r.errsize = errsize;
    if (!h)
        return fail(&r, 0, "out of memory");
    h->format = -1;
    memset(&out, 0, sizeof out);
    rc = check_text(&r, text, size) || parse_lines(&r, h, &out) ? -1 : 0;
    free(h);
    if (rc)
        return -1;
    if (!out.name[0])
        snprintf(out.name, sizeof out.name, "%s", path);
    *inst = out;
    return 0;
}

int tsp_read(const char *path, tsp_instance *inst, char *err, size_t errsize)
{
    long size = 0;
    int absent, rc;
    char *text = run_read_file(path, TSP_MAX_FILE, "TSPLIB file", &size, &absent, err, errsize);
    if (!text)
        return -1;
    rc = tsp_parse(path, text, (size_t)size, inst, err, errsize);
    free(text);
    return rc;
}

int tsp_random(int n, unsigned long long seed, tsp_instance *inst, char *err, size_t errsize)
{
    header h;
    reader r;
    int i;
    unsigned long long s = seed;
    r.path = "--random";
    r.err = err;
    r.errsize = errsize;
    if (n < TSP_MIN_CITIES || n > TSP_MAX_CITIES) {
        snprintf(err, errsize, "--random %d: the number of cities must be %d..%d", n,
                 TSP_MIN_CITIES, TSP_MAX_CITIES);
        return -1;
    }
    memset(&h, 0, sizeof h);
    memset(inst, 0, sizeof *inst);
    h.n = n;
    h.n_line = h.type_line = h.ewt_line = h.coords_line = 1;
    h.ewt = W_EUC_2D;
    for (i = 0; i < n; i++) { /* splitmix64 */
        unsigned long long z;
        z = (s += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        z ^= z >> 31;
        h.x[i] = (double)(z % 1000);
        h.y[i] = (double)((z >> 32) % 1000);
    }
    snprintf(inst->name, sizeof inst->name, "random-%d-seed-%llu", n, seed);
    snprintf(inst->type, sizeof inst->type, "TSP");
    return finish(&r, &h, inst);
}
