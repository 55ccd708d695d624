/* The C API of xhlo: verify, transform, compile and run xhlo (or StableHLO) programs.
 *
 * Library: libxhlo_c.so (`make plugin` builds it into target/release). It carries its own
 * MLIR, hidden: every object crosses this API as text or bytes, so it can be loaded into a
 * process with another MLIR (mlir-opt, through the plugin built on it).
 *
 * Strings the library returns through `char **` out-parameters belong to the caller: free
 * them with xhlo_string_free. Out-parameters may be NULL when not wanted. No function
 * aborts or unwinds on bad input: failures are return codes with located diagnostics
 * (`file:line:col: error: message`, one a line). */
#ifndef XHLO_H
#define XHLO_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Embedding ------------------------------------------------------------------------ */

/* Frees a string returned by this library (NULL is ignored). */
void xhlo_string_free(char *text);

/* Parses and verifies `text` (`filename` names it in diagnostics; NULL: "<input>").
 * 0: valid; 1: invalid, with the diagnostics in *diagnostics. */
int xhlo_verify_text(const char *text, const char *filename, char **diagnostics);

/* Runs `pipeline` (xla-opt's --pass-pipeline syntax, e.g.
 * "builtin.module(xhlo-cse,xhlo-dce)"; xhlo passes, named pipelines and upstream MLIR passes)
 * on `text`. 0: *output holds the result as xla-opt prints it; 1: *diagnostics says why not. */
int xhlo_run_pipeline_text(const char *text, const char *filename, const char *pipeline,
                           char **output, char **diagnostics);

/* A compiled program (the JIT's code and the entry's signature). */
typedef struct xhlo_program xhlo_program;

/* Compiles `text` with `options`, the options of the xhlo-jit pipeline as written inside its
 * braces ("entry=main threads=1 fusion=greedy"; NULL or "": the defaults). NULL on failure,
 * with the diagnostics in *error. */
xhlo_program *xhlo_compile(const char *text, const char *filename, const char *options, char **error);

/* Frees a program (NULL is ignored). */
void xhlo_program_free(xhlo_program *program);

/* The number of inputs (is_output = 0) or results (1) of the entry function. When `index` is
 * below it and `bytes` is not NULL, *bytes is that buffer's size in bytes. */
size_t xhlo_program_io(const xhlo_program *program, int is_output, size_t index, size_t *bytes);

/* Runs the program: one buffer per input and per result, each exactly its type's bytes in its
 * type's layout (row-major without a layout). 0: the results are written; 1: *error says why
 * not (a count or size that does not match, a failed run). */
int xhlo_run(const xhlo_program *program, const void *const *inputs, const size_t *input_bytes,
             size_t num_inputs, void *const *outputs, const size_t *output_bytes,
             size_t num_outputs, char **error);

/* ---- What the mlir-opt plugin uses (capi/plugin/xhlo_mlir_plugin.cpp) ------------------ */

/* The op names of the xhlo and check dialects ("xhlo.add"), one a line; static storage. */
const char *xhlo_dialect_ops(void);

/* Verifies one op described as text (capi/src/op_text.rs gives the format). NULL: valid;
 * else the message ("'xhlo.add' op ..."), to free with xhlo_string_free. */
char *xhlo_verify_op(const char *description);

/* The calls closing a cycle of calls in a call graph described as text (capi/src/call_graph.rs
 * gives the format), as xla-opt's recursion check reports them. 0: *found holds one line per
 * such call: closing TAB cycle's calls (comma-separated) TAB message, calls numbered from 0 in
 * the order described; 1: *error says what is wrong with the description. */
int xhlo_recursive_calls(const char *description, char **found, char **error);

/* The passes and named pipelines to register, with their options (static storage).
 * xhlo_pass_info and xhlo_pass_option return 0 for an index out of range. */
size_t xhlo_pass_count(void);
int xhlo_pass_info(size_t index, const char **name, const char **summary, size_t *num_options);
int xhlo_pass_option(size_t index, size_t option, const char **name, const char **default_value,
                     const char **help);
/* 1 when pass `index` runs on any op it is scheduled on (func.func(xhlo-cse)), 0 when it needs a
 * builtin.module (or the index is out of range). */
int xhlo_pass_runs_on_any_op(size_t index);

/* Runs `pipeline` on a module printed in generic form with locations; 0: *output holds the
 * result in the same form; 1: *records holds the diagnostics, one a line:
 * severity TAB file TAB line TAB column TAB message (a "note" belongs to the line before). */
int xhlo_plugin_run_pipeline(const char *text, const char *pipeline, char **output, char **records);

#ifdef __cplusplus
}
#endif

#endif /* XHLO_H */
