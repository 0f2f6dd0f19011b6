#!/bin/sh
# install_check.sh - make install into a scratch prefix, then build and run a
# program that finds kperm through pkg-config alone, from another directory.
set -e
prefix="$PWD/build/prefix"
rm -rf "$prefix"
${MAKE:-make} -s install PREFIX="$prefix" >/dev/null
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
src="$PWD/tests/pkgconfig_check.c"
cd /tmp
if [ -f /usr/include/CL/cl.h ]; then
    cc -std=c99 -Wall -Wextra -Werror -DWITH_OPENCL $(pkg-config --cflags kperm) "$src" \
        $(pkg-config --libs kperm) -lOpenCL -o "$prefix/pkgconfig_check"
else
    cc -std=c99 -Wall -Wextra -Werror $(pkg-config --cflags kperm) "$src" \
        $(pkg-config --libs kperm) -o "$prefix/pkgconfig_check"
fi
"$prefix/pkgconfig_check" "$prefix"
