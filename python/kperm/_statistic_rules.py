"""What a C statistic's body may hold before any compiler sees it, the rules
of kperm-ptest's samples/ptest/ptest_user_check.c with its messages: no
NUL byte, at most MAX_BYTES bytes (UTF-8), no preprocessor directive or
operator that reaches files or pragmas (#include, __has_include, _Pragma
...), no output call (printf ...), no assembly, no token pasting (it could
spell those names), and nothing this small lexer could read otherwise than
a compiler (trigraphs, a backslash before blanks, a lone carriage return,
raw strings): it errs on the side of refusing."""
import re

MAX_BYTES = 16383  # kperm-ptest's PTEST_MAX_USER - 1
ALLOWED = ("define", "undef", "if", "ifdef", "ifndef", "elif", "else", "endif", "error")
_OUTPUT = "a C statistic may not write output (stdout is the report's)"
_FILES = "a C statistic may not reach files or pragmas through the preprocessor"
_ASM = "a C statistic may not hold assembly"
REFUSED = dict([(name, _OUTPUT) for name in ("printf", "vprintf", "__builtin_printf", "puts", "putchar", "fputs",
                                              "fputc", "fprintf", "fwrite", "assert", "__assertfail",
                                              "__assert_fail")]
               + [(name, _FILES) for name in ("_Pragma", "__pragma", "__has_include", "__has_include_next",
                                              "__has_embed")]
               + [(name, _ASM) for name in ("asm", "__asm", "__asm__")])
_RAW_PREFIXES = ("R", "LR", "uR", "UR", "u8R")  # C++'s raw strings, which NVRTC reads and this lexer does not
_IDENT = r"[A-Za-z0-9_$\x80-\U0010ffff]"
_BLANK = " \t\f\v\r"


class Refused(ValueError):
    """str(): FILE:LINE: WHAT: WHY"""


def check(body, file):
    """raises Refused when the text body (a str) breaks a rule"""
    size = len(body.encode("utf-8", "surrogatepass"))
    if size > MAX_BYTES:
        raise Refused("%s: %d bytes, over the %d bytes a C statistic may have" % (file, size, MAX_BYTES))
    _ambiguous(body, file)
    text, lines = _splice(body)
    _lex(text, lines, file)


def _fail(file, line, what, why):
    raise Refused("%s:%d: %s%s%s" % (file, line, what, ": " if what else "", why))


def _ambiguous(s, file):
    for found in re.finditer(r"\x00|\?\?[=/'()!<>-]|\r(?!\n)|\\[ \t\f\v]+(?=\r?\n)", s):
        line, got = s.count("\n", 0, found.start()) + 1, found.group()
        if got == "\x00":
            _fail(file, line, "a NUL byte", "not a C source")
        elif got.startswith("??"):
            _fail(file, line, "'%s'" % got, "a C statistic may not hold trigraphs")
        elif got == "\r":
            _fail(file, line, "a carriage return without a line feed", "not a line end every compiler reads alike")
        else:
            _fail(file, line, "a backslash before blanks at a line's end",
                  "remove the blanks (compilers differ on whether it joins the lines)")


def _splice(s):
    """s without its backslash-newlines, and the line of each of its characters"""
    text, lines, line, i = [], [], 1, 0
    while i < len(s):
        joined = re.match(r"\\\r?\n", s[i:i + 3])
        if joined:
            i, line = i + len(joined.group()), line + 1
            continue
        text.append(s[i])
        lines.append(line)
        line += s[i] == "\n"
        i += 1
    return "".join(text), lines


def _skip_blanks(t, j):
    """past blanks and block comments (across lines too: refusing more is safe)"""
    while True:
        if j < len(t) and t[j] in _BLANK:
            j += 1
        elif t.startswith("/*", j):
            end = t.find("*/", j + 2)
            j = end + 2 if end >= 0 else len(t)
        else:
            return j


def _directive(t, j, line, file):
    j = _skip_blanks(t, j)
    if j >= len(t) or t[j] == "\n" or t.startswith("//", j):
        return  # the null directive
    name = re.match(_IDENT + "*", t[j:]).group()
    if not name or name not in ALLOWED:
        _fail(file, line, "'#%s'" % (name[:32] or t[j]), "a C statistic may use #define, #undef, #if, #ifdef, "
              "#ifndef, #elif, #else, #endif and #error only (nothing outside it is read)")


def _lex(t, lines, file):
    j, start = 0, True  # start: only blanks and comments since the last line's end
    while j < len(t):
        c = t[j]
        if c == "\n" or c in _BLANK:
            start, j = start or c == "\n", j + 1
            continue
        if t.startswith("//", j):
            end = t.find("\n", j)
            j = end if end >= 0 else len(t)
            continue
        if t.startswith("/*", j):
            end = t.find("*/", j + 2)
            if end < 0:
                _fail(file, lines[j], "a comment that is not closed", "not a C source")
            start, j = start or "\n" in t[j:end], end + 2
            continue
        if c == "#" or t.startswith("%:", j):  # %: is #'s digraph
            k = j + (1 if c == "#" else 2)
            if t.startswith("#", k) or t.startswith("%:", k):
                _fail(file, lines[j], "'##'", "a C statistic may not paste tokens (it could spell a name refused here)")
            if start:
                _directive(t, k, lines[j], file)
        elif c in "\"'":
            k = re.compile(r"%s(?:\\[^\n]|[^\\\n%s])*%s?" % (c, c, c)).match(t, j).end()
        elif re.match(r"\.?[0-9]", t[j:j + 2]):  # a preprocessing number, up to a quote
            k = re.compile(r"\.?[0-9](?:[eEpP][+-]|%s|\.)*" % _IDENT).match(t, j).end()
            if t.startswith("'", k):  # C++ (CuPy) reads 1'a as a digit separator, C (OpenCL) as a character
                _fail(file, lines[j], "a quote right after a number",
                      "C reads it as a character, C++ as a digit separator: not read alike")
        elif re.match(_IDENT, c):
            k = re.compile(_IDENT + "+").match(t, j).end()
            name = t[j:k]
            if name in REFUSED:
                _fail(file, lines[j], "'%s'" % name[:40], REFUSED[name])
            if t.startswith('"', k) and name in _RAW_PREFIXES:
                _fail(file, lines[j], "a raw string literal", "a C statistic may not hold one")
        else:
            k = j + 1
        start, j = False, k
