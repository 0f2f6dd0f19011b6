# cl_inline.awk - one OpenCL source with each #include "..." line replaced by
# the file it names, each file inlined once (the headers have include guards,
# so a second inclusion would add nothing). A name is looked up beside the
# file that includes it, then in each INCLUDE_DIR in order. The one include
# inliner: make (into kperm_cl_source() and kperm-tsp's kernel, through
# tools/cl_embed.c) and the Python package's build (python/kperm_build.py)
# both run it.
#
#   awk -f tools/cl_inline.awk ROOT_FILE INCLUDE_DIR... > out.cl

function readable(path,    line, got) {
    got = (getline line < path)
    if (got < 0)
        return 0
    close(path)
    return 1
}

function inline(path,    here, line, name, found, i) {
    if (path in seen)
        return
    seen[path] = 1
    here = path
    if (sub(/\/[^\/]*$/, "", here) == 0)
        here = "."
    while ((getline line < path) > 0) {
        if (line !~ /^[ \t]*#[ \t]*include[ \t]*"[^"]+"/) {
            print line
            continue
        }
        name = line
        sub(/^[ \t]*#[ \t]*include[ \t]*"/, "", name)
        sub(/".*$/, "", name)
        found = readable(here "/" name) ? here "/" name : ""
        for (i = 2; found == "" && i < ARGC; i++)
            if (readable(ARGV[i] "/" name))
                found = ARGV[i] "/" name
        if (found == "") {
            print "cl_inline: cannot find included file " name > "/dev/stderr"
            failed = 1
            exit 1
        }
        inline(found)
        if (failed)
            exit 1
    }
    close(path)
}

BEGIN {
    if (ARGC < 2) {
        print "usage: awk -f tools/cl_inline.awk ROOT_FILE INCLUDE_DIR..." > "/dev/stderr"
        exit 2
    }
    if (!readable(ARGV[1])) {
        print "cl_inline: cannot read " ARGV[1] > "/dev/stderr"
        exit 1
    }
    inline(ARGV[1])
    exit 0
}
