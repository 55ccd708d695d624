//! The register-tiled dot (`lowering/src/ops/linalg/dot_tiled.rs`) and the tiled output fusion
//! run on the JIT and give the numbers of an independent computation in Rust (float64, or exact
//! wrapping integers), over shapes that reach every part of the loop nest: edge rows and
//! columns, K and row blocks, batches, transposed and non-adjacent groups of dimensions,
//! mixed element types, and epilogues reading their operands through broadcasts and
//! transposes.

use xhlo::dialect::{source, XhloContext};
use xhlo::ir::literal::{Literal, Scalar};
use xhlo::ir::{ElementType, TensorType};
use xhlo::runtime::{compile, lower_to_linalg, module_ast, CompileOptions, Fusion};

/// A dot_general: shapes, dimension numbers, element types.
struct Dot {
    lhs: Vec<i64>,
    rhs: Vec<i64>,
    lb: Vec<i64>,
    rb: Vec<i64>,
    lc: Vec<i64>,
    rc: Vec<i64>,
    elem: &'static str,
    out_elem: &'static str,
}

fn dot(lhs: &[i64], rhs: &[i64], lc: &[i64], rc: &[i64]) -> Dot {
    Dot { lhs: lhs.to_vec(), rhs: rhs.to_vec(), lb: vec![], rb: vec![], lc: lc.to_vec(), rc: rc.to_vec(), elem: "f32", out_elem: "f32" }
}

impl Dot {
    fn batch(mut self, lb: &[i64], rb: &[i64]) -> Dot {
        self.lb = lb.to_vec();
        self.rb = rb.to_vec();
        self
    }

    fn types(mut self, elem: &'static str, out_elem: &'static str) -> Dot {
        self.elem = elem;
        self.out_elem = out_elem;
        self
    }

    fn free(&self, shape: &[i64], b: &[i64], c: &[i64]) -> Vec<usize> {
        (0..shape.len()).filter(|d| !b.contains(&(*d as i64)) && !c.contains(&(*d as i64))).collect()
    }

    fn out_shape(&self) -> Vec<i64> {
        let mut s: Vec<i64> = self.lb.iter().map(|&d| self.lhs[d as usize]).collect();
        s.extend(self.free(&self.lhs, &self.lb, &self.lc).iter().map(|&d| self.lhs[d]));
        s.extend(self.free(&self.rhs, &self.rb, &self.rc).iter().map(|&d| self.rhs[d]));
        s
    }

    fn ty(shape: &[i64], elem: &str) -> String {
        let mut s = String::from("tensor<");
        for d in shape {
            s.push_str(&format!("{d}x"));
        }
        format!("{s}{elem}>")
    }

    fn lhs_ty(&self) -> String {
        Dot::ty(&self.lhs, self.elem)
    }

    fn rhs_ty(&self) -> String {
        Dot::ty(&self.rhs, self.elem)
    }

    fn out_ty(&self) -> String {
        Dot::ty(&self.out_shape(), self.out_elem)
    }

    /// `%name = "xhlo.dot_general"(%a, %b) ...`.
    fn op(&self, name: &str, a: &str, b: &str) -> String {
        let arr = |v: &[i64]| if v.is_empty() { "array<i64>".to_string() } else { format!("array<i64: {}>", v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")) };
        let batch = if self.lb.is_empty() { String::new() } else { format!("lhs_batching_dimensions = {}, rhs_batching_dimensions = {}, ", arr(&self.lb), arr(&self.rb)) };
        format!(
            "{name} = \"xhlo.dot_general\"({a}, {b}) {{{batch}lhs_contracting_dimensions = {}, rhs_contracting_dimensions = {}}} : ({}, {}) -> {}",
            arr(&self.lc),
            arr(&self.rc),
            self.lhs_ty(),
            self.rhs_ty(),
            self.out_ty()
        )
    }

    /// The reference result in f64 (floats) or i128 (integers, not yet wrapped).
    fn reference(&self, a: &[f64], b: &[f64]) -> Vec<f64> {
        let out = self.out_shape();
        let lfree = self.free(&self.lhs, &self.lb, &self.lc);
        let rfree = self.free(&self.rhs, &self.rb, &self.rc);
        let strides = |s: &[i64]| {
            let mut st = vec![1i64; s.len()];
            for i in (0..s.len().saturating_sub(1)).rev() {
                st[i] = st[i + 1] * s[i + 1];
            }
            st
        };
        let (ls, rs) = (strides(&self.lhs), strides(&self.rhs));
        let csizes: Vec<i64> = self.lc.iter().map(|&d| self.lhs[d as usize]).collect();
        let ktotal: i64 = csizes.iter().product();
        let n: i64 = out.iter().product();
        let os = strides(&out);
        let mut result = vec![0.0; n as usize];
        for (flat, r) in result.iter_mut().enumerate() {
            let idx: Vec<i64> = (0..out.len()).map(|d| (flat as i64 / os[d]) % out[d]).collect();
            let (mut lbase, mut rbase) = (0, 0);
            let nb = self.lb.len();
            for i in 0..nb {
                lbase += idx[i] * ls[self.lb[i] as usize];
                rbase += idx[i] * rs[self.rb[i] as usize];
            }
            for (j, &d) in lfree.iter().enumerate() {
                lbase += idx[nb + j] * ls[d];
            }
            for (j, &d) in rfree.iter().enumerate() {
                rbase += idx[nb + lfree.len() + j] * rs[d];
            }
            let mut sum = 0.0;
            for k in 0..ktotal {
                let (mut lo, mut ro) = (lbase, rbase);
                let mut rem = k;
                for c in (0..csizes.len()).rev() {
                    let i = rem % csizes[c];
                    rem /= csizes[c];
                    lo += i * ls[self.lc[c] as usize];
                    ro += i * rs[self.rc[c] as usize];
                }
                sum += a[lo as usize] * b[ro as usize];
            }
            *r = sum;
        }
        result
    }

    /// Σ|a·b| per result element (for float tolerances).
    fn magnitude(&self, a: &[f64], b: &[f64]) -> Vec<f64> {
        let abs = |v: &[f64]| v.iter().map(|x| x.abs()).collect::<Vec<_>>();
        self.reference(&abs(a), &abs(b))
    }

    fn k(&self) -> i64 {
        self.lc.iter().map(|&d| self.lhs[d as usize]).product()
    }
}

pub(crate) fn element(name: &str) -> ElementType {
    ElementType::from_mlir(name).unwrap_or_else(|| panic!("element type {name}"))
}

/// Deterministic inputs: floats that every float type holds exactly (multiples of 1/64 in
/// [-2, 2)), integers in a range that overflows 32-bit sums for 32-bit types.
pub(crate) fn inputs(shape: &[i64], elem: &str, seed: u64) -> (Literal, Vec<f64>) {
    let t = element(elem);
    let n: i64 = shape.iter().product();
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut values = Vec::new();
    let mut scalars = Vec::new();
    for _ in 0..n {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let r = (state >> 11) as i64;
        if t.is_float() {
            let v = ((r % 256) - 128) as f64 / 64.0;
            values.push(v);
            scalars.push(Scalar::Float(v));
        } else {
            let v = match t.bit_width() {
                8 => (r % 256) - 128,
                _ if t.is_unsigned_int() => r % (1 << 20),
                _ => (r % (1 << 20)) - (1 << 19),
            };
            values.push(v as f64);
            scalars.push(Scalar::Int(v as i128));
        }
    }
    (Literal::from_scalars(TensorType::new(shape.to_vec(), t), &scalars), values)
}

/// Compiles and runs `text` as written (no e-graph, no fusion pass) with dots compiled into
/// the program (the tiled kernel), on one thread and on three with every parallel loop kept
/// parallel however little its work (the kernel's batch and column-panel loops among them,
/// split unevenly): both must give the same bits, as each element is summed in the same order
/// whichever thread computes it.
pub(crate) fn run(text: &str, inputs: &[Literal]) -> Vec<Literal> {
    let [serial, parallel] = run_with(text, inputs, false);
    assert_eq!(serial, parallel, "one thread and three threads differ on\n{text}");
    serial
}

/// The results of `text` on one thread and on three (every parallel loop kept parallel), with
/// f32/f64 dots calling the dot library (`library`) or compiled into the program.
pub(crate) fn run_with(text: &str, inputs: &[Literal], library: bool) -> [Vec<Literal>; 2] {
    let ctx = XhloContext::new();
    let module = source::parse_and_verify(&ctx, text, "dot.mlir").unwrap_or_else(|d| panic!("{d:?}\n{text}"));
    [(1, 65536), (3, 0)].map(|(threads, min_parallel_work)| {
        let options = CompileOptions { eqsat: false, fusion: Fusion::Off, threads, min_parallel_work, gemm_library: library, ..Default::default() };
        let program = compile(&ctx, &module, &options, "dot.mlir").unwrap_or_else(|e| panic!("{e}\n{text}"));
        program.run(inputs).unwrap()
    })
}

/// The lowered linalg text of `text` with dots compiled into the program (to check which
/// path a dot took).
pub(crate) fn lowered(text: &str) -> String {
    lowered_with(text, false)
}

/// [`lowered`], with f32/f64 dots handed to the dot library when `library`.
pub(crate) fn lowered_with(text: &str, library: bool) -> String {
    let ctx = XhloContext::new();
    let module = source::parse_and_verify(&ctx, text, "dot.mlir").unwrap_or_else(|d| panic!("{d:?}"));
    let ast = module_ast(&module, "dot.mlir").unwrap();
    lower_to_linalg(&ast, &CompileOptions { gemm_library: library, ..Default::default() }, "dot.mlir").unwrap().0
}

/// Whether the dot library takes `d` (f32/f64 results of operands of the same type, with a
/// contracting dimension).
fn library_takes(d: &Dot) -> bool {
    d.elem == d.out_elem && matches!(d.elem, "f32" | "f64") && !d.lc.is_empty()
}

/// Compares a result with the reference: integers exactly (wrapped to the result width),
/// floats within `K · 2⁻²² · Σ|a·b|` (f32; f64 the same in its epsilon).
pub(crate) fn compare(name: &str, got: &Literal, want: &[f64], magnitude: &[f64], k: i64) {
    let t = got.ty.element;
    assert_eq!(got.len(), want.len(), "{name}: result size");
    let eps = if t == ElementType::F64 { 2f64.powi(-50) } else { 2f64.powi(-22) };
    for (i, (g, (&w, &m))) in got.scalars().zip(want.iter().zip(magnitude)).enumerate() {
        match g {
            Scalar::Float(g) => {
                let tol = (k as f64 + 2.0) * eps * m + 1e-30;
                assert!((g - w).abs() <= tol, "{name}: element {i}: got {g}, want {w} (tolerance {tol})");
            }
            Scalar::Int(g) => {
                let bits = t.bit_width();
                let wrapped = {
                    let m = (w as i128).rem_euclid(1i128 << bits);
                    if t.is_signed_int() && m >= 1i128 << (bits - 1) {
                        m - (1i128 << bits)
                    } else {
                        m
                    }
                };
                assert_eq!(g, wrapped, "{name}: element {i}");
            }
            other => panic!("{name}: unexpected {other:?}"),
        }
    }
}

/// Runs the dot alone and checks it against the reference; checks that it took the tiled path.
fn check_dot(name: &str, d: &Dot) {
    let text = format!(
        "func.func @main(%a: {}, %b: {}) -> {} {{\n  {}\n  return %r : {}\n}}\n",
        d.lhs_ty(),
        d.rhs_ty(),
        d.out_ty(),
        d.op("%r", "%a", "%b"),
        d.out_ty()
    );
    assert!(lowered(&text).contains("vector.transfer_read"), "{name}: the dot did not take the tiled path");
    let (la, a) = inputs(&d.lhs, d.elem, 1);
    let (lb, b) = inputs(&d.rhs, d.elem, 2);
    let inputs = [la, lb];
    let out = run(&text, &inputs);
    let (want, magnitude) = (d.reference(&a, &b), d.magnitude(&a, &b));
    compare(name, &out[0], &want, &magnitude, d.k());
    // The same dot through the dot library, on one thread and on three.
    if library_takes(d) {
        assert!(lowered_with(&text, true).contains("library_call = \"xhlo_gemm\""), "{name}: the dot did not go to the library");
        for out in run_with(&text, &inputs, true) {
            compare(&format!("{name} (library)"), &out[0], &want, &magnitude, d.k());
        }
    }
}

#[test]
fn a_plain_matrix_product_with_edge_rows_and_columns() {
    // 37 = 6 row tiles of 6 + 1 edge row; 53 = 3 panels of 16 + 5 edge columns (masked).
    check_dot("37x45 · 45x53", &dot(&[37, 45], &[45, 53], &[1], &[0]));
}

#[test]
fn a_long_contraction_in_uneven_k_blocks() {
    // K = 700: three blocks (234, 234, 232); 24 columns = one panel + one full vector edge.
    check_dot("20x700 · 700x24", &dot(&[20, 700], &[700, 24], &[1], &[0]));
    // K = 517: blocks of 176, 176, 165 (the last one ends with steps the unrolled loop leaves).
    check_dot("13x517 · 517x40 i32", &dot(&[13, 517], &[517, 40], &[1], &[0]).types("i32", "i32"));
}

#[test]
fn many_rows_in_row_blocks_and_a_one_column_edge() {
    // 500 rows: 83 row tiles in three row blocks of up to 40, 2 edge rows; 17 columns.
    check_dot("500x40 · 40x17", &dot(&[500, 40], &[40, 17], &[1], &[0]));
    // 1930 rows: 321 row tiles, 9 row blocks (of 36, the last 33) outside 2 K blocks, so the
    // row blocks are the loop shared among threads; 4 edge rows after them; 20 columns.
    check_dot("1930x300 · 300x20", &dot(&[1930, 300], &[300, 20], &[1], &[0]));
}

#[test]
fn a_batched_product_with_the_rhs_contracted_on_its_minor_dimension() {
    // Q·Kᵀ: the rhs is [b, h, n, k]; packing transposes it.
    check_dot("QKt", &dot(&[2, 3, 20, 16], &[2, 3, 24, 16], &[3], &[3]).batch(&[0, 1], &[0, 1]));
}

#[test]
fn an_lhs_contracted_on_its_major_dimension() {
    // lhs [k, m]: read in place, the row index is the minor one.
    check_dot("25x30ᵀ · 30x40", &dot(&[30, 25], &[30, 40], &[0], &[0]));
}

#[test]
fn groups_of_several_dimensions_not_adjacent_and_a_batch_in_the_middle() {
    // lhs [m1, b, m2, k]: the free dims are not adjacent (transposed first); rhs [k, b, n1, n2]
    // is viewed in place as [k, b, n]; the result [b, m1, m2, n1, n2] is expanded from [b, m, n].
    check_dot("multi", &dot(&[5, 2, 7, 12], &[12, 2, 4, 9], &[3], &[0]).batch(&[1], &[1]));
}

#[test]
fn two_contracting_dimensions_listed_out_of_order() {
    check_dot("two k", &dot(&[8, 6, 20], &[20, 6, 3, 11], &[2, 1], &[0, 1]));
}

#[test]
fn an_outer_product_without_contracting_dimensions() {
    check_dot("outer", &dot(&[40, 30], &[50], &[], &[]));
}

#[test]
fn f64_and_widening_float_types() {
    check_dot("f64", &dot(&[30, 33], &[33, 29], &[1], &[0]).types("f64", "f64"));
    check_dot("f16 -> f32", &dot(&[19, 64], &[64, 24], &[1], &[0]).types("f16", "f32"));
    check_dot("bf16 -> f32", &dot(&[19, 64], &[64, 24], &[1], &[0]).types("bf16", "f32"));
    check_dot("f32 -> f64", &dot(&[13, 64], &[64, 20], &[1], &[0]).types("f32", "f64"));
}

#[test]
fn integer_products_wrap_as_in_the_plain_lowering() {
    check_dot("i32", &dot(&[19, 48], &[48, 21], &[1], &[0]).types("i32", "i32"));
    check_dot("ui32", &dot(&[13, 64], &[64, 20], &[1], &[0]).types("ui32", "ui32"));
    check_dot("i8 -> i32", &dot(&[19, 40], &[40, 33], &[1], &[0]).types("i8", "i32"));
    check_dot("i64", &dot(&[13, 64], &[64, 20], &[1], &[0]).types("i64", "i64"));
}

#[test]
fn small_and_unsupported_dots_keep_the_plain_generic() {
    let small = dot(&[4, 5], &[5, 6], &[1], &[0]);
    let c64 = dot(&[40, 40], &[40, 40], &[1], &[0]).types("complex<f32>", "complex<f32>");
    let f16 = dot(&[40, 40], &[40, 40], &[1], &[0]).types("f16", "f16");
    for d in [small, c64, f16] {
        let text = format!("func.func @main(%a: {}, %b: {}) -> {} {{\n  {}\n  return %r : {}\n}}\n", d.lhs_ty(), d.rhs_ty(), d.out_ty(), d.op("%r", "%a", "%b"), d.out_ty());
        let l = lowered(&text);
        assert!(!l.contains("vector.") && l.contains("linalg.generic"), "{l}");
    }
}

/// The loops of the tiled kernel after `xhlo-to-parallel-loops` (several threads, the
/// default `min-work`): OpenMP work-sharing loops over the column panels, or over the batch
/// (its panel loops then serial inside), and none for a dot with little work.
#[test]
fn the_kernel_shares_its_panels_or_its_batch_among_threads_unless_small() {
    let loops = |d: &Dot| {
        let text = format!("func.func @main(%a: {}, %b: {}) -> {} {{\n  {}\n  return %r : {}\n}}\n", d.lhs_ty(), d.rhs_ty(), d.out_ty(), d.op("%r", "%a", "%b"), d.out_ty());
        let pipeline = "builtin.module(xhlo-to-parallel-loops)".to_string();
        // AVX2's vector width whatever the host, so the panels below are 16 columns wide.
        let options = xhlo::opt::Options { pipeline: Some(pipeline), option_defaults: vec![("vector-bytes".into(), "32".into())], ..Default::default() };
        let out = xhlo::opt::run(&options, &text, "dot.mlir");
        assert!(out.success, "{}", out.errors.join("\n"));
        assert!(!out.ir.contains("xhlo.parallel"), "the marks are consumed: {}", out.ir);
        out.ir
    };
    // 96 × 64 × 256: 4 column panels of 16, shared; B's packing is a parallel loop too.
    let ir = loops(&dot(&[96, 256], &[256, 64], &[1], &[0]));
    assert!(ir.contains("omp.loop_nest (%arg2) : index = (%c0) to (%c4) step (%c1)"), "{ir}");
    assert!(ir.contains("vector.fma"), "{ir}");
    // A batch of 8 Q·Kᵀ products: the batch loop is shared, the panel loops stay scf.for.
    let ir = loops(&dot(&[8, 64, 32], &[8, 64, 32], &[2], &[2]).batch(&[0], &[0]));
    assert!(ir.contains("to (%c8) step (%c1)") && ir.contains("omp.wsloop"), "{ir}");
    let region = &ir[ir.rfind("omp.parallel").unwrap()..];
    assert_eq!(region.matches("omp.wsloop").count(), 1, "one work-sharing loop, not nested: {ir}");
    // 1930 rows in 9 row blocks: the row blocks are shared (one region around the K blocks),
    // the panel loops inside them stay scf.for; the 4 edge rows share their panels.
    let ir = loops(&dot(&[1930, 300], &[300, 20], &[1], &[0]));
    assert!(ir.contains("omp.loop_nest (%arg2) : index = (%c0) to (%c9) step (%c1)"), "{ir}");
    // 13 × 20 × 64 (17K multiply-adds): tiled, but on the calling thread.
    let ir = loops(&dot(&[13, 64], &[64, 20], &[1], &[0]));
    assert!(ir.contains("vector.fma") && !ir.contains("omp."), "{ir}");
}

/// An output fusion of `d` whose epilogue is `body` (ops on `%m`, the dot, and on the
/// extra operands `extra` (name, type), yielding `%y`); checked against `reference`
/// applied to the f64 dot, and against the same ops unfused.
fn check_fusion(name: &str, d: &Dot, extra: &[(&str, Vec<i64>)], body: &str, reference: impl Fn(&[i64], f64, &[Vec<f64>]) -> f64) {
    let out_ty = d.out_ty();
    let extra_tys: Vec<String> = extra.iter().map(|(_, s)| Dot::ty(s, d.out_elem)).collect();
    // Each list with a leading ", " per element.
    let params: String = extra.iter().zip(&extra_tys).map(|((n, _), t)| format!(", %{n}: {t}")).collect();
    let inner: String = extra.iter().zip(&extra_tys).map(|((n, _), t)| format!(", %_{n}: {t}")).collect();
    let names: String = extra.iter().map(|(n, _)| format!(", %{n}")).collect();
    let all_tys = [d.lhs_ty(), d.rhs_ty()].into_iter().chain(extra_tys.iter().cloned()).collect::<Vec<_>>().join(", ");
    let body_inner = extra.iter().fold(body.to_string(), |b, (n, _)| b.replace(&format!("%{n}"), &format!("%_{n}")));
    let fused = format!(
        "func.func @main(%a: {}, %b: {}{}) -> {out_ty} {{\n  %r = \"xhlo.fusion\"(%a, %b{}) ({{\n  ^bb0(%fa: {}, %fb: {}{}):\n    {}\n    {}\n    \"gpu.yield\"(%y) : ({out_ty}) -> ()\n  }}) {{kind = \"output\"}} : ({all_tys}) -> {out_ty}\n  return %r : {out_ty}\n}}\n",
        d.lhs_ty(),
        d.rhs_ty(),
        params,
        names,
        d.lhs_ty(),
        d.rhs_ty(),
        inner,
        d.op("%m", "%fa", "%fb"),
        body_inner
    );
    let unfused = format!(
        "func.func @main(%a: {}, %b: {}{}) -> {out_ty} {{\n  {}\n  {}\n  return %y : {out_ty}\n}}\n",
        d.lhs_ty(),
        d.rhs_ty(),
        params,
        d.op("%m", "%a", "%b"),
        body
    );
    let l = lowered(&fused);
    assert!(l.contains("vector.fma") || l.contains("arith.muli"), "{name}: the fusion did not take the tiled path");
    assert!(l.contains("tensor.insert_slice"), "{name}: no epilogue on tiles");
    let (la, a) = inputs(&d.lhs, d.elem, 1);
    let (lb, b) = inputs(&d.rhs, d.elem, 2);
    let mut lits = vec![la, lb];
    let mut extras = Vec::new();
    for (i, (_, s)) in extra.iter().enumerate() {
        let (l, v) = inputs(s, d.out_elem, 3 + i as u64);
        lits.push(l);
        extras.push(v);
    }
    let got = run(&fused, &lits);
    let plain = run(&unfused, &lits);
    assert_eq!(got[0], plain[0], "{name}: the fused result differs from the unfused one");
    let out = d.out_shape();
    let os: Vec<i64> = (0..out.len()).map(|i| out[i + 1..].iter().product()).collect();
    let dots = d.reference(&a, &b);
    let mags = d.magnitude(&a, &b);
    let want: Vec<f64> = dots.iter().enumerate().map(|(f, &v)| reference(&(0..out.len()).map(|i| (f as i64 / os[i]) % out[i]).collect::<Vec<_>>(), v, &extras)).collect();
    // The epilogue adds at most a rounding of its own per op.
    let mags: Vec<f64> = mags.iter().zip(&want).map(|(m, w)| m + 4.0 * w.abs()).collect();
    compare(name, &got[0], &want, &mags, d.k());
    // The same fusion on the dot library's product: the epilogue as a kernel of its own.
    if library_takes(d) {
        let l = lowered_with(&fused, true);
        assert!(l.contains("library_call = \"xhlo_gemm\""), "{name}: the fusion's dot did not go to the library");
        for out in run_with(&fused, &lits, true) {
            compare(&format!("{name} (library)"), &out[0], &want, &mags, d.k());
        }
    }
}

#[test]
fn output_fusion_bias_and_relu_on_tiles_with_edges() {
    let d = dot(&[37, 45], &[45, 53], &[1], &[0]);
    let body = r#"%bb = "xhlo.broadcast_in_dim"(%bias) {broadcast_dimensions = array<i64: 1>} : (tensor<53xf32>) -> tensor<37x53xf32>
    %s = "xhlo.add"(%m, %bb) : (tensor<37x53xf32>, tensor<37x53xf32>) -> tensor<37x53xf32>
    %z = "xhlo.constant"() {value = dense<0.0> : tensor<37x53xf32>} : () -> tensor<37x53xf32>
    %y = "xhlo.maximum"(%s, %z) : (tensor<37x53xf32>, tensor<37x53xf32>) -> tensor<37x53xf32>"#;
    check_fusion("bias relu", &d, &[("bias", vec![53])], body, |i, v, x| (v + x[0][i[1] as usize]).max(0.0));
}

#[test]
fn output_fusion_after_the_last_k_block() {
    let d = dot(&[20, 700], &[700, 24], &[1], &[0]);
    let body = r#"%bb = "xhlo.broadcast_in_dim"(%bias) {broadcast_dimensions = array<i64: 0>} : (tensor<20xf32>) -> tensor<20x24xf32>
    %y = "xhlo.subtract"(%m, %bb) : (tensor<20x24xf32>, tensor<20x24xf32>) -> tensor<20x24xf32>"#;
    check_fusion("k blocks", &d, &[("bias", vec![20])], body, |i, v, x| v - x[0][i[0] as usize]);
}

#[test]
fn output_fusion_scaling_a_batched_q_kt() {
    let d = dot(&[2, 3, 20, 16], &[2, 3, 24, 16], &[3], &[3]).batch(&[0, 1], &[0, 1]);
    let body = r#"%c = "xhlo.constant"() {value = dense<0.125> : tensor<f32>} : () -> tensor<f32>
    %cb = "xhlo.broadcast_in_dim"(%c) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<2x3x20x24xf32>
    %y = "xhlo.multiply"(%m, %cb) : (tensor<2x3x20x24xf32>, tensor<2x3x20x24xf32>) -> tensor<2x3x20x24xf32>"#;
    check_fusion("scaled QKt", &d, &[], body, |_, v, _| v * 0.125);
}

#[test]
fn output_fusion_reading_a_transposed_operand_over_split_groups() {
    // Result [b=2, m1=5, m2=7, n1=4, n2=9]; the operand t is [n2, m2], read transposed.
    let d = dot(&[5, 2, 7, 12], &[12, 2, 4, 9], &[3], &[0]).batch(&[1], &[1]);
    let body = r#"%tt = "xhlo.transpose"(%t) {permutation = array<i64: 1, 0>} : (tensor<9x7xf32>) -> tensor<7x9xf32>
    %tb = "xhlo.broadcast_in_dim"(%tt) {broadcast_dimensions = array<i64: 2, 4>} : (tensor<7x9xf32>) -> tensor<2x5x7x4x9xf32>
    %y = "xhlo.add"(%m, %tb) : (tensor<2x5x7x4x9xf32>, tensor<2x5x7x4x9xf32>) -> tensor<2x5x7x4x9xf32>"#;
    check_fusion("transposed operand", &d, &[("t", vec![9, 7])], body, |i, v, x| v + x[0][(i[4] * 7 + i[2]) as usize]);
}

#[test]
fn output_fusion_of_an_integer_dot() {
    let d = dot(&[19, 48], &[48, 21], &[1], &[0]).types("i32", "i32");
    let body = r#"%bb = "xhlo.broadcast_in_dim"(%bias) {broadcast_dimensions = array<i64: 1>} : (tensor<21xi32>) -> tensor<19x21xi32>
    %y = "xhlo.add"(%m, %bb) : (tensor<19x21xi32>, tensor<19x21xi32>) -> tensor<19x21xi32>"#;
    check_fusion("i32 bias", &d, &[("bias", vec![21])], body, |i, v, x| v + x[0][i[1] as usize]);
}

#[test]
fn output_fusion_reading_a_reversed_strided_slice() {
    // bias2[j] = v[2·(52 - j) + 1]: a reverse (coefficient -1) of a strided slice (2, offset 1).
    let d = dot(&[37, 45], &[45, 53], &[1], &[0]);
    let body = r#"%sl = "xhlo.slice"(%v) {start_indices = array<i64: 1>, limit_indices = array<i64: 107>, strides = array<i64: 2>} : (tensor<110xf32>) -> tensor<53xf32>
    %rv = "xhlo.reverse"(%sl) {dimensions = array<i64: 0>} : (tensor<53xf32>) -> tensor<53xf32>
    %bb = "xhlo.broadcast_in_dim"(%rv) {broadcast_dimensions = array<i64: 1>} : (tensor<53xf32>) -> tensor<37x53xf32>
    %y = "xhlo.multiply"(%m, %bb) : (tensor<37x53xf32>, tensor<37x53xf32>) -> tensor<37x53xf32>"#;
    check_fusion("reversed strided", &d, &[("v", vec![110])], body, |i, v, x| v * x[0][(2 * (52 - i[1]) + 1) as usize]);
}
