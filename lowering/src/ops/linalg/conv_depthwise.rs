//! Depthwise `convolution` (one input feature per group, one output feature per group) as a
//! direct loop nest vectorized over the features.
//!
//! As an implicit GEMM ([`super::conv_gemm`]) a depthwise convolution is one product per
//! feature with a single column and K = the window size: each vector of the kernel would hold
//! one useful lane. Here output feature c only reads input feature c, so `VL` features are
//! one vector: `out[m, c..c+VL] = Σ_w x[rows[m] + cols[w] + c..] · k[w, c..c+VL]`, with the
//! row and window offset tables of the implicit GEMM (any strides, dilations, padding and
//! spatial layout). A tile is `R` output positions × one vector of features, its `R`
//! accumulators in registers while the window is walked; the kernel vector of each window
//! position is loaded once per tile. The features must be the input's minor dimension (the
//! vectors are contiguous) and the element types one (no conversions); otherwise the implicit
//! GEMM is used.
//!
//! Features past a multiple of `VL` are one masked vector (the loads read the next position's
//! features in the dead lanes, in bounds of the flat input or masked at its end; the store is
//! masked).
//!
//! In an output fusion the epilogue (a bias, an activation) runs on each finished tile right
//! after it is stored, as on the implicit GEMM's tiles ([`super::dot_tiled::Epilogue`]); C is
//! `[m, features]` ([`result_indices`] gives an element's output indices).

use super::conv_gemm::{input_tables, layout_indices, reorder_kernel, to_output, Layout};
use super::dot_tiled::{Epilogue, Site};
use super::Conv;
use crate::convert::Ctx;
use crate::emitter::Emitter;
use crate::types;
use xhlo_ir::{ElementType, TensorType};

/// Output positions per tile.
const ROWS: i64 = 8;

/// A depthwise convolution.
#[derive(Clone)]
pub struct Plan {
    layout: Layout,
    /// Lanes per vector (from the lowering options' `vector_bytes`, set by [`emit`]).
    vl: i64,
}

/// The direct plan of `c` (on the padded input `pt` and kernel `kt`), or `None` where the
/// convolution is not depthwise with a channel multiplier of 1, its features are not the
/// input's minor dimension, or the element types differ or are not f32/f64/32- and 64-bit
/// integers.
pub fn plan(c: &Conv, pt: &TensorType, kt: &TensorType, out: &TensorType) -> Option<Plan> {
    use ElementType::*;
    let oe = out.element;
    let features = pt.dims[c.ifeat];
    if c.bg != 1 || c.fg < 2 || c.fg != features || kt.dims[c.kin] != 1 || kt.dims[c.kout] != features {
        return None;
    }
    if c.ifeat != pt.rank() - 1 || pt.element != oe || kt.element != oe || !matches!(oe, F32 | F64 | S32 | U32 | S64 | U64) {
        return None;
    }
    let mut layout = Layout::new(c, pt, kt, out)?;
    // One group per feature, but the features are the vector lanes here: one "group" of
    // all features, the feature offset added per vector.
    layout.k_parts.retain(|q| q.window.is_some());
    layout.og = features;
    layout.g = 1;
    if layout.k_parts.is_empty() || layout.m() < 1 {
        return None;
    }
    Some(Plan { layout, vl: 0 })
}

/// The output indices of element (`m`, `n`) of C (index values): m split into the batch and
/// the spatial positions, `n` the feature.
pub fn result_indices(e: &mut Emitter, p: &Plan, m: &str, n: &str) -> Vec<String> {
    layout_indices(e, &p.layout, "", m, n)
}

/// Emits the depthwise convolution of `padded` and `kernel` (reversed where the window is);
/// `epilogue`, if any, is applied to every tile of C.
pub fn emit(ctx: &mut Ctx, p: &Plan, padded: &str, pt: &TensorType, kernel: &str, kt: &TensorType, epilogue: Option<&mut Epilogue>) -> Result<String, String> {
    let vl = ctx.options.vector_bytes / (p.layout.out.element.bit_width() as i64 / 8);
    let p = &Plan { vl, ..p.clone() };
    let l = &p.layout;
    let e = &mut ctx.e;
    let (flat, flat_ty, rows, cols) = input_tables(e, l, padded, pt)?;
    // The kernel as [w, c].
    let k = reorder_kernel(e, l, kernel, kt)?;
    let c_ty = l.c_ty();
    let init = e.empty(&c_ty);
    let n = Nest {
        p,
        flat,
        flat_text: types::tensor(&flat_ty),
        rows,
        cols,
        k,
        k_text: types::tensor(&TensorType::new(vec![l.k(), l.og], kt.element)),
        c_text: types::tensor(&c_ty),
        vty: format!("vector<{}x{}>", p.vl, types::storage(l.out.element)),
        c_ty: c_ty.clone(),
        epilogue: std::cell::RefCell::new(epilogue),
    };
    let c = n.emit(e, &init)?;
    to_output(e, l, &c)
}

struct Nest<'a, 'b> {
    p: &'a Plan,
    flat: String,
    flat_text: String,
    rows: String,
    cols: String,
    k: String,
    k_text: String,
    c_text: String,
    vty: String,
    c_ty: TensorType,
    /// Applied to each tile once it is stored (the nest's methods share it).
    epilogue: std::cell::RefCell<Option<&'a mut Epilogue<'b>>>,
}

fn idx(e: &mut Emitter, v: i64) -> String {
    e.op("c", &format!("arith.constant {v} : index"))
}

impl Nest<'_, '_> {
    /// `scf.for iv = lb to ub` carrying C; `body(C, iv)` returns the new C.
    fn for_c(&self, e: &mut Emitter, lb: i64, ub: i64, c: &str, body: impl FnOnce(&mut Emitter, &str, &str) -> Result<String, String>) -> Result<String, String> {
        let (lo, hi, one) = (idx(e, lb), idx(e, ub), idx(e, 1));
        let (r, iv, cc) = (e.fresh("dw"), e.fresh("i"), e.fresh("cc"));
        e.line(&format!("{r} = scf.for {iv} = {lo} to {hi} step {one} iter_args({cc} = {c}) -> ({}) {{", self.c_text));
        e.enter();
        let y = body(e, &iv, &cc)?;
        e.line(&format!("scf.yield {y} : {}", self.c_text));
        e.leave();
        e.line("}");
        Ok(r)
    }

    /// Row tiles of [`ROWS`] positions, then the edge rows.
    fn emit(&self, e: &mut Emitter, c: &str) -> Result<String, String> {
        let m = self.p.layout.m();
        let (full, rem) = (m / ROWS, m % ROWS);
        let mut c = c.to_string();
        if full > 0 {
            c = self.for_c(e, 0, full, &c, |e, mt, c| {
                let step = idx(e, ROWS);
                let m0 = e.op("m0", &format!("arith.muli {mt}, {step} : index"));
                self.row_tile(e, c, &m0, ROWS)
            })?;
        }
        if rem > 0 {
            let m0 = idx(e, full * ROWS);
            c = self.row_tile(e, &c, &m0, rem)?;
        }
        Ok(c)
    }

    /// `rows` positions from `m0`: every feature vector (full ones in a loop, then the masked
    /// edge).
    fn row_tile(&self, e: &mut Emitter, c: &str, m0: &str, rows: i64) -> Result<String, String> {
        let l = &self.p.layout;
        let vl = self.p.vl;
        // Each position's row index in C and offset in the flat input.
        let mut base = Vec::new();
        for r in 0..rows {
            let at = if r == 0 {
                m0.to_string()
            } else {
                let cr = idx(e, r);
                e.op("row", &format!("arith.addi {m0}, {cr} : index"))
            };
            let o = e.op("ro", &format!("tensor.extract {}[{at}] : tensor<{}xi64>", self.rows, l.m()));
            let o = e.op("ro", &format!("arith.index_cast {o} : i64 to index"));
            base.push((at, o));
        }
        let (full, rem) = (l.og / vl, l.og % vl);
        let mut c = c.to_string();
        if full > 0 {
            c = self.for_c(e, 0, full, &c, |e, cv, c| {
                let step = idx(e, vl);
                let c0 = e.op("c0", &format!("arith.muli {cv}, {step} : index"));
                self.kernel(e, c, &base, &c0, true)
            })?;
        }
        if rem > 0 {
            let c0 = idx(e, full * vl);
            c = self.kernel(e, &c, &base, &c0, false)?;
        }
        Ok(c)
    }

    /// One tile: positions `base` (their row index and flat offset), features from `c0`.
    fn kernel(&self, e: &mut Emitter, c: &str, base: &[(String, String)], c0: &str, full: bool) -> Result<String, String> {
        let l = &self.p.layout;
        let oe = l.out.element;
        let st = types::storage(oe);
        let vty = &self.vty;
        let count = base.len();
        let tys = vec![vty.clone(); count].join(", ");
        let zero = e.op("zv", &format!("arith.constant dense<{}> : {vty}", if oe.is_float() { "0.0" } else { "0" }));
        let pad = e.op("pad", &format!("arith.constant {} : {st}", if oe.is_float() { "0.0" } else { "0" }));
        let (lo, hi, one) = (idx(e, 0), idx(e, l.k()), idx(e, 1));
        let (accs, w) = (e.fresh("acc"), e.fresh("w"));
        let iters: Vec<String> = (0..count).map(|_| e.fresh("x")).collect();
        let inits: Vec<String> = iters.iter().map(|x| format!("{x} = {zero}")).collect();
        e.line(&format!("{accs}:{count} = scf.for {w} = {lo} to {hi} step {one} iter_args({}) -> ({tys}) {{", inits.join(", ")));
        e.enter();
        let ko = e.op("ko", &format!("tensor.extract {}[{w}] : tensor<{}xi64>", self.cols, l.k()));
        let ko = e.op("ko", &format!("arith.index_cast {ko} : i64 to index"));
        let ko = e.op("ko", &format!("arith.addi {ko}, {c0} : index"));
        let kv = e.op("kv", &format!("vector.transfer_read {}[{w}, {c0}], {pad} {{in_bounds = [{full}]}} : {}, {vty}", self.k, self.k_text));
        let mut next = Vec::new();
        for (r, (_, off)) in base.iter().enumerate() {
            let at = e.op("xi", &format!("arith.addi {off}, {ko} : index"));
            let xv = e.op("xv", &format!("vector.transfer_read {}[{at}], {pad} {{in_bounds = [{full}]}} : {}, {vty}", self.flat, self.flat_text));
            next.push(if oe.is_float() {
                e.op("f", &format!("vector.fma {xv}, {kv}, {} : {vty}", iters[r]))
            } else {
                let prod = e.op("p", &format!("arith.muli {xv}, {kv} : {vty}"));
                e.op("f", &format!("arith.addi {}, {prod} : {vty}", iters[r]))
            });
        }
        e.line(&format!("scf.yield {} : {tys}", next.join(", ")));
        e.leave();
        e.line("}");
        let mut c = c.to_string();
        for (r, (row, _)) in base.iter().enumerate() {
            c = e.op("c", &format!("vector.transfer_write {accs}#{r}, {c}[{row}, {c0}] {{in_bounds = [{full}]}} : {vty}, {}", self.c_text));
        }
        if let Some(epilogue) = self.epilogue.borrow_mut().as_mut() {
            let cols = if full { self.p.vl } else { l.og % self.p.vl };
            let site = Site { c: &c, c_ty: &self.c_ty, has_batch: false, b: "", m0: &base[0].0, n0: c0, rows: count as i64, cols };
            c = epilogue(e, &site)?;
        }
        Ok(c)
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::lower_ok;

    const NHWC: &str = "input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>";

    fn depthwise(features: i64, kernel_out: i64) -> String {
        let (x, k) = (format!("tensor<1x30x30x{features}xf32>"), format!("tensor<3x3x1x{kernel_out}xf32>"));
        let out = format!("tensor<1x30x30x{kernel_out}xf32>");
        lower_ok(
            &format!("%x: {x}, %k: {k}"),
            &format!("  %r = \"xhlo.convolution\"(%x, %k) {{{NHWC}, padding = array<i64: 1, 1, 1, 1>, feature_group_count = {features} : i64, batch_group_count = 1 : i64}} : ({x}, {k}) -> {out}"),
            &out,
        )
    }

    #[test]
    fn a_depthwise_convolution_vectorizes_over_the_features() {
        // 36 features: 4 full vectors of 8 and one masked edge vector of 4.
        let out = depthwise(36, 36);
        // Loads of 8 features of the flat input, the kernel as [w, c], a window loop of 9.
        assert!(out.contains("-> tensor<9x36xf32>") && out.contains("into tensor<36864xf32>"), "{out}");
        assert!(out.contains("{in_bounds = [true]} : tensor<36864xf32>, vector<8xf32>") && out.contains("{in_bounds = [false]} : tensor<36864xf32>, vector<8xf32>"), "{out}");
        // 900 positions = 112 tiles of 8 + 4 edge positions: (8 + 4) fmas for the full vector
        // and the edge vector each.
        assert_eq!(out.matches("vector.fma").count(), 2 * (8 + 4), "{out}");
        // No GEMM packing.
        assert!(!out.contains("vector.broadcast"), "{out}");
    }

    #[test]
    fn a_channel_multiplier_takes_the_implicit_gemm() {
        let out = depthwise(16, 32);
        assert!(out.contains("vector.broadcast"), "{out}");
    }
}
