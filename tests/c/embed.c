/* Embeds xhlo through its C API (include/xhlo.h): verifies a program with a shape error and
 * prints the located diagnostic, then compiles y = dot(x, w) + b with ReLU and runs it on
 * inputs made here, printing the results one a line for tests/mlir_opt_plugin.rs to check
 * against its own arithmetic. On the way: a NULL text refused with a message, xhlo-dce run on
 * text, a wrong-sized result buffer refused. Exit 0 only when every step behaved as documented. */
#include "xhlo.h"

#include <stdio.h>
#include <string.h>

static const char *PROGRAM =
    "func.func @main(%x: tensor<2x3xf32>, %w: tensor<3x2xf32>, %b: tensor<2xf32>) -> tensor<2x2xf32> {\n"
    "  %d = \"xhlo.dot_general\"(%x, %w) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>\n"
    "  %bb = \"xhlo.broadcast_in_dim\"(%b) {broadcast_dimensions = array<i64: 1>} : (tensor<2xf32>) -> tensor<2x2xf32>\n"
    "  %s = \"xhlo.add\"(%d, %bb) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>\n"
    "  %z = \"xhlo.constant\"() {value = dense<0.0> : tensor<2x2xf32>} : () -> tensor<2x2xf32>\n"
    "  %r = \"xhlo.maximum\"(%s, %z) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>\n"
    "  return %r : tensor<2x2xf32>\n"
    "}\n";

/* The same program with the contracting dimensions swapped: 3 against 2. */
static const char *INVALID =
    "func.func @main(%x: tensor<2x3xf32>, %w: tensor<3x2xf32>) -> tensor<2x2xf32> {\n"
    "  %d = \"xhlo.dot_general\"(%x, %w) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>\n"
    "  return %d : tensor<2x2xf32>\n"
    "}\n";

/* An unused constant for xhlo-dce. */
static const char *DEAD =
    "func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
    "  %c = \"xhlo.constant\"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>\n"
    "  %y = \"xhlo.negate\"(%x) : (tensor<2xf32>) -> tensor<2xf32>\n"
    "  return %y : tensor<2xf32>\n"
    "}\n";

int main(void) {
  char *diagnostics = NULL;
  if (xhlo_verify_text(INVALID, "invalid.mlir", &diagnostics) != 1 || !diagnostics) {
    fprintf(stderr, "embed: the invalid program was accepted\n");
    return 1;
  }
  printf("verify: %s\n", diagnostics);
  xhlo_string_free(diagnostics);

  /* A NULL text is an error message, not a crash. */
  char *error = NULL;
  if (xhlo_compile(NULL, NULL, NULL, &error) != NULL || !error) {
    fprintf(stderr, "embed: a NULL program was accepted\n");
    return 1;
  }
  printf("null: %s\n", error);
  xhlo_string_free(error);
  error = NULL;

  /* A pipeline on text: xhlo-dce removes the unused constant of DEAD. */
  char *output = NULL;
  if (xhlo_run_pipeline_text(DEAD, "dead.mlir", "builtin.module(xhlo-dce)", &output, &error) != 0 || !output) {
    fprintf(stderr, "embed: xhlo-dce failed: %s\n", error ? error : "?");
    return 1;
  }
  printf("dce: %s\n", strstr(output, "xhlo.constant") ? "constant kept" : "constant removed");
  xhlo_string_free(output);

  xhlo_program *program = xhlo_compile(PROGRAM, "embed.mlir", "threads=1", &error);
  if (!program) {
    fprintf(stderr, "embed: compile failed: %s\n", error ? error : "?");
    return 1;
  }
  float x[6], w[6], b[2], y[4];
  for (int i = 0; i < 6; ++i) {
    x[i] = (float)(i + 1);          /* x = [[1 2 3] [4 5 6]] */
    w[i] = (float)(i % 3) - 1.0f;   /* w = [[-1 0] [1 -1] [0 1]] */
  }
  b[0] = 0.5f;
  b[1] = -2.0f;
  size_t sizes[3];
  size_t inputs = xhlo_program_io(program, 0, 0, &sizes[0]);
  xhlo_program_io(program, 0, 1, &sizes[1]);
  xhlo_program_io(program, 0, 2, &sizes[2]);
  size_t out_size = 0;
  size_t outputs = xhlo_program_io(program, 1, 0, &out_size);
  if (inputs != 3 || outputs != 1 || sizes[0] != sizeof x || sizes[1] != sizeof w || sizes[2] != sizeof b || out_size != sizeof y) {
    fprintf(stderr, "embed: unexpected signature\n");
    return 1;
  }
  const void *in[3] = {x, w, b};
  void *out[1] = {y};
  /* A result buffer of the wrong size is refused with a message, not written. */
  size_t short_size = 8;
  if (xhlo_run(program, in, sizes, 3, out, &short_size, 1, &error) != 1 || !error) {
    fprintf(stderr, "embed: a short result buffer was accepted\n");
    return 1;
  }
  printf("run: %s\n", error);
  xhlo_string_free(error);
  error = NULL;
  if (xhlo_run(program, in, sizes, 3, out, &out_size, 1, &error) != 0) {
    fprintf(stderr, "embed: run failed: %s\n", error ? error : "?");
    return 1;
  }
  for (int i = 0; i < 4; ++i)
    printf("y[%d] = %g\n", i, y[i]);
  xhlo_program_free(program);
  return 0;
}
