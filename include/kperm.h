/* kperm.h - permutations you generate inside your own kernels.
 *
 * Host C and OpenCL C include this (OpenCL through cl/kperm.cl); CUDA code
 * includes cu/kperm_cuda.h instead. See README.md for the API.
 */
#ifndef KPERM_H
#define KPERM_H

#include "kperm/platform.h"
#include "kperm/status.h"
#include "kperm/strerror.h"
#include "kperm/tables.h"
#include "kperm/lex.h"
#include "kperm/range.h"
#include "kperm/cursor.h"
#include "kperm/cursor128.h"
#include "kperm/packed.h"
#include "kperm/walk.h"
#include "kperm/skip.h"
#include "kperm/bits.h"
#include "kperm/multiset.h"
#include "kperm/ms_plan.h"
#include "kperm/partial.h"
#include "kperm/rank128.h"
#include "kperm/comb.h"
#include "kperm/sjt.h"
#include "kperm/gray.h"
#include "kperm/revdoor.h"

#endif /* KPERM_H */
