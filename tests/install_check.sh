#!/bin/sh
# install_check.sh - make install into a scratch prefix, then a program that
# finds kperm through pkg-config alone, from another directory; the same
# after the installation is moved (pkg-config's ${pcfiledir}, KPERM_PREFIX
# for kperm_cl_build_options); DESTDIR staging; make uninstall.
prefix="$PWD/build/prefix"
moved="$PWD/build/prefix-moved"
stage="$PWD/build/stage"
src="$PWD/tests/pkgconfig_check.c"
want=$(sed -n 's/^#define KPERM_VERSION "\([^"]*\)".*/\1/p' include/kperm/status.h)
rm -rf "$prefix" "$moved" "$stage"
${MAKE:-make} -s install PREFIX="$prefix" >/dev/null || { echo "FAIL make install"; exit 1; }

# consumer PREFIX: build and run the check program against the tree at PREFIX
consumer() {
    (
        export PKG_CONFIG_PATH="$1/lib/pkgconfig"
        cd /tmp || exit 1
        if [ -f /usr/include/CL/cl.h ]; then
            cc -std=c99 -Wall -Wextra -Werror -DWITH_OPENCL $(pkg-config --cflags kperm-opencl) "$src" \
                $(pkg-config --libs kperm-opencl) -o "$1/pkgconfig_check" || exit 1
        else
            cc -std=c99 -Wall -Wextra -Werror $(pkg-config --cflags kperm) "$src" \
                $(pkg-config --libs kperm) -L"$1/lib" -lkperm_cl -o "$1/pkgconfig_check" || exit 1
        fi
        "$1/pkgconfig_check" "$1"
    )
}
consumer "$prefix"
libs=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --libs kperm)
cl_libs=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --libs kperm-opencl)
case "$libs|$cl_libs" in
*kperm_cl*\|*) echo "FAIL pkg-config --libs kperm (the headers alone) links a library: $libs" ;;
*\|*-lkperm_cl*-lOpenCL*) echo "PASS pkg-config: kperm is the headers alone, kperm-opencl adds -lkperm_cl -lOpenCL" ;;
*) echo "FAIL pkg-config --libs kperm-opencl: $cl_libs" ;;
esac
v=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --modversion kperm)
[ "$v" = "$want" ] && echo "PASS pkg-config --modversion kperm is KPERM_VERSION ($want)" \
    || echo "FAIL pkg-config --modversion kperm: '$v', want $want"

# moved: pkg-config follows the .pc file; the helper's options follow KPERM_PREFIX
mv "$prefix" "$moved"
out=$(KPERM_PREFIX="$moved" consumer "$moved")
case $out in
*FAIL*|"") echo "FAIL the installation moved to another prefix: $out" ;;
*) echo "PASS the installation moved to another prefix works (pkg-config \${pcfiledir}, KPERM_PREFIX)" ;;
esac

# moved without KPERM_PREFIX: the options name the old prefix, and the
# helper's line on stderr names the variable that fixes it
out=$(consumer "$moved" 2>&1)
case $out in
*"no kperm.cl in $prefix/share/kperm"*KPERM_PREFIX*) echo "PASS moved without KPERM_PREFIX: the helper names KPERM_PREFIX" ;;
*) [ -f /usr/include/CL/cl.h ] && echo "FAIL moved without KPERM_PREFIX: $out" ;;
esac

# DESTDIR stages the files; the paths built in stay PREFIX's
${MAKE:-make} -s install DESTDIR="$stage" PREFIX=/opt/kperm >/dev/null
if [ -f "$stage/opt/kperm/include/kperm.h" ] && [ -f "$stage/opt/kperm/share/kperm/kperm.cl" ] \
   && strings "$stage/opt/kperm/lib/libkperm_cl.a" | grep -q '^-I /opt/kperm/include -I /opt/kperm/share/kperm$'; then
    echo "PASS make install DESTDIR=... PREFIX=/opt/kperm stages the tree with /opt/kperm built in"
else
    echo "FAIL make install DESTDIR: $(cd "$stage" && find . -type f | head -5)"
fi
${MAKE:-make} -s uninstall DESTDIR="$stage" PREFIX=/opt/kperm >/dev/null
left=$(find "$stage" -type f | wc -l)
[ "$left" -eq 0 ] && echo "PASS make uninstall removes every installed file" \
    || echo "FAIL make uninstall left $left files: $(find "$stage" -type f | head -5)"
rm -rf "$moved" "$stage"
