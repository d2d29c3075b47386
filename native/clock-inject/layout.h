/*
 * The two pages fencecheck-clock-inject maps into a target process, shared
 * by the injector (C) and the fake clock code (payload.S).
 *
 * Page 0 (r-x): the fake clock code, copied from payload.S, and the
 * original clock_gettime's first instructions followed by a jump back to
 * the rest of it (when they can be moved: prologue.c).
 * Page 1 (rw-): the data area. The injector rewrites it through
 * /proc/PID/mem while the process runs, under a sequence counter (odd while
 * a write is under way; the fake code retries until it reads one even value
 * before and after its loads). A reading of clock c is
 *   base[c] + (real - base[c]) * rate + offset
 * where rate is fixed point (RATE_ONE = 1.0) and base[c] is clock c's
 * reading when the rate was set (unused while rate is RATE_ONE).
 */
#ifndef CLOCK_INJECT_LAYOUT_H
#define CLOCK_INJECT_LAYOUT_H

#define PAGE_BYTES 4096
#define MAPPING_BYTES (2 * PAGE_BYTES)
#define DATA_PAGE PAGE_BYTES

/* Offsets within the data page. */
#define D_MAGIC 0          /* u64 DATA_MAGIC: marks a mapping of ours */
#define D_SEQ 8            /* u64 sequence counter, odd while being written */
#define D_OFFSET 16        /* i64 offset in ns */
#define D_RATE 24          /* i64 rate, fixed point with RATE_SHIFT fraction bits */
#define D_FLAGS 32         /* u64 FLAG_* */
#define D_ORIGINAL 40      /* u64 address of the original clock_gettime (a relocated prologue), 0: use the syscall */
#define D_BASES 64         /* i64[CLOCK_IDS] base reading per clock id */
#define D_PATCH_COUNT 128  /* u64 how many vDSO entry points are patched */
#define D_PATCHES 136      /* struct saved_patch[MAX_PATCHES]: address and original bytes */
#define D_STACK_TOP 4080   /* top of a scratch stack for calls made by `read` */
#define D_SCRATCH 1024     /* a struct timespec written by calls made by `read` */

#define C_TRAMPOLINE 2048  /* offset in the code page of the relocated prologue of the original clock_gettime */

#define DATA_MAGIC 0x314b434f4c434346 /* "FCCLOCK1" little-endian */
#define RATE_SHIFT 32
#define RATE_ONE 0x100000000
#define FLAG_MONOTONIC 1
#define CLOCK_IDS 8
#define MAX_PATCHES 8
#define PATCH_BYTES 12     /* movabs rax, imm64 ; jmp rax */

/* Clock ids (bit masks) always moved, and moved only with FLAG_MONOTONIC. */
#define REALTIME_MASK 0x21   /* CLOCK_REALTIME (0), CLOCK_REALTIME_COARSE (5) */
#define MONOTONIC_MASK 0xd2  /* MONOTONIC (1), MONOTONIC_RAW (4), MONOTONIC_COARSE (6), BOOTTIME (7) */

#endif
