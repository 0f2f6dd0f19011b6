"""statistic_cases.py - C statistics' bodies that kperm-ptest
(statistic_check.py) and kperm.stats (tests/test_python.py) must both
refuse, each with a pattern of its one-line message, and one they must both
run: the rules of samples/ptest/ptest_user_check.c and
python/kperm/_statistic_rules.py, and the warnings of undefined behaviour
each compiler is made to treat as errors. Not a check itself."""
MAX_BYTES = 16383  # a body's bytes at most, in both

# (what, body, pattern of the message, the backends that refuse it: None for all)
REFUSED = [
    ("may fall off its end", "if (x[start[0]] < 50)\n    return x[start[0]];\n",
     r"does not return a value|missing return statement|control may reach end of non-void function", None),
    ("reads a variable never set", "double s;\nreturn s + x[0];\n",
     r"'s' is uninitialized|\"s\" is used before its value is set", None),
    # NVRTC finds a variable unset on every path only
    ("reads a variable unset on one path", "double s;\nif (x[0] > 0)\n    s = 1;\nreturn s;\n",
     r"'s' is used uninitialized whenever", ("opencl", "pyopencl")),
    ("#include", '#include "/etc/passwd"\nreturn 0;\n', r":1: '#include': a C statistic may use #define, #undef", None),
    ("#include through the digraph %:", '%:include "/etc/passwd"\nreturn 0;\n', r":1: '#include'", None),
    ("#include after a comment across lines", 'return 0; /*\n*/ # /**/ include "/etc/passwd"\n', r":2: '#include'",
     None),
    ("#include on a line joined by a backslash", '#\\\ninclude "/etc/passwd"\nreturn 0;\n', r":1: '#include'", None),
    ("a line marker", '# 1 "/etc/passwd"\nreturn 0;\n', r":1: '#1'", None),
    ("#pragma", "#pragma OPENCL EXTENSION all : enable\nreturn 0;\n", r":1: '#pragma'", None),
    ("#line", '#line 1 "other"\nreturn 0;\n', r":1: '#line'", None),
    ("__has_include", '#if __has_include("/etc/passwd")\n#endif\nreturn 0;\n',
     r":1: '__has_include': a C statistic may not reach files", None),
    ("_Pragma", 'return 0;\n_Pragma("once")\n', r":2: '_Pragma'", None),
    ("token pasting", "#define P(a, b) a ## b\nreturn 0;\n", r":1: '##': a C statistic may not paste tokens", None),
    ("printf", 'printf("%d\\n", 1);\nreturn 0;\n', r":1: 'printf': a C statistic may not write output", None),
    ("puts", 'puts("x");\nreturn 0;\n', r":1: 'puts'", None),
    ("printf named by a macro", "#define SAY printf\nreturn 0;\n", r":1: 'printf'", None),
    ("inline assembly", 'asm("trap;");\nreturn 0;\n', r":1: 'asm': a C statistic may not hold assembly", None),
    ("a trigraph", "??=include <x>\nreturn 0;\n", r":1: '\?\?=': a C statistic may not hold trigraphs", None),
    ("a backslash before blanks", '// x \\ \n#include "/etc/passwd"\nreturn 0;\n',
     r":1: a backslash before blanks at a line's end", None),
    ("a lone carriage return", 'return 0; // x\r#include "/etc/passwd"\n', r":1: a carriage return without a line feed",
     None),
    ("a raw string", 'return 0;\nconst char *s = R"(x)";\n', r":2: a raw string literal", None),
    # C reads 0'a/*' as 0 and a character, C++ as a number and a comment: either way one hides what the
    # other compiles (an #include, a printf)
    ("a quote after a number, hiding #include", "#define IGN(...)\nIGN(0'a/*')\n#include \"/etc/passwd\"\n"
     "// */\nreturn x[start[0]];\n", r":2: a quote right after a number", None),
    ("a quote after a number, hiding printf", "#define IGN(...)\nIGN(0'a printf(\"x\"); ' ')\n"
     "return x[start[0]];\n", r":2: a quote right after a number", None),
    ("a NUL byte", 'return 0;\n\0#include "/etc/passwd"\n', r":2: a NUL byte: not a C source", None),
    ("a comment not closed", "return 0; /*\n", r":1: a comment that is not closed", None),
    ("one byte too many", "return 0;" + " " * (MAX_BYTES - 8), r": %d bytes, over the %d bytes a C statistic may have"
     % (MAX_BYTES + 1, MAX_BYTES), None),
]

# the words refused above in comments and strings, and C++'s digit separator
# look-alike, padded to MAX_BYTES: run, it is the first value of group A
_ALLOWED = ('/* printf("%d"); #include "x" */\n// __has_include _Pragma ## asm\n'
            'return x[start[0]] + 1e+1 * 0 + ("#include"[0] - 35) + (\'#\' - 35);\n')
ALLOWED = _ALLOWED + " " * (MAX_BYTES - len(_ALLOWED))
