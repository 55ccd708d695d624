/* A return point around a call of compiled code (see `blocks` in src/runtime.rs).
 *
 * Compiled code does not check what malloc returns. When the allocator cannot satisfy a
 * request made by compiled code running under xhlo_guarded_call on the same thread (and
 * outside any OpenMP parallel region), it calls xhlo_guard_abort, which jumps back to the
 * xhlo_guarded_call of that thread: the call returns 1 instead of 0, and the caller frees
 * the blocks the run had allocated. Only compiled (LLVM) frames and the allocator's own
 * frame, which holds nothing to drop, lie between the two: the jump runs no destructor. */
#include <setjmp.h>
#include <stddef.h>

typedef void (*xhlo_packed_entry)(void **);

static _Thread_local jmp_buf *xhlo_guard;

/* Calls entry(args); returns 0 when it returned, 1 when xhlo_guard_abort ended it. */
int xhlo_guarded_call(xhlo_packed_entry entry, void **args) {
    jmp_buf here;
    jmp_buf *volatile outer = xhlo_guard;
    if (setjmp(here) != 0) {
        xhlo_guard = outer;
        return 1;
    }
    xhlo_guard = &here;
    entry(args);
    xhlo_guard = outer;
    return 0;
}

/* Whether this thread is inside xhlo_guarded_call. */
int xhlo_guard_active(void) { return xhlo_guard != NULL; }

/* Jumps back to this thread's xhlo_guarded_call; only when xhlo_guard_active(). */
void xhlo_guard_abort(void) { longjmp(*xhlo_guard, 1); }
