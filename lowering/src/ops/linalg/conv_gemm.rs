//! `convolution` as an implicit GEMM on the register-tiled dot kernel ([`super::dot_tiled`]):
//! the fast path wherever that kernel takes the element types and there is enough work.
//!
//! A convolution is one matrix product per group (G = `feature_group_count` or
//! `batch_group_count`): `C[g, m, n] = Σ_k A[g, m, k] · B[g, k, n]` where m is an output
//! position (the output batch, then the output's spatial dimensions in the output's order), k
//! a window position and input feature of the group, and n an output feature of the group.
//!
//! - A, the patch matrix ("im2col"), is never built. The padded input's index for
//!   (g, m, k) is affine in their parts (batch `g·N/G + b`, feature `g·Cg + c`, spatial
//!   `o·stride + w·rhs_dilation`), so its flat offset is `g·stride + rows[m] + cols[k]`: two
//!   small tables of offsets ([`dot_tiled::Gathered`]); the kernel reads one entry of `cols`
//!   per contraction step and one of `rows` per tile row, and A's elements straight from the
//!   input. The parts of k follow the input's dimension order, so consecutive steps read
//!   adjacent elements (for NHWC, the features innermost).
//! - B, the kernel, is reordered to `[g, k, n]` (one small copy) and packed as for a dot.
//! - C is `[g, m, n]`: the output itself when the output's layout is (batch, spatial...,
//!   feature) and there is one group (NHWC), otherwise transposed into it.
//!
//! Padding and lhs dilation are done before (the padded input is materialized), the window
//! reversal by reversing the kernel, as in the plain lowering.

use super::dot_tiled::{self, Gathered, Tiled};
use super::Conv;
use crate::convert::Ctx;
use crate::emitter::{Emitter, Operand};
use crate::types;
use xhlo_ir::{ElementType, TensorType};

/// A convolution seen as a grouped dot.
pub struct Plan {
    tiled: Tiled,
    layout: Layout,
}

/// How a convolution's input, kernel and output are seen as the operands of a grouped
/// matrix product (also used by [`super::conv_depthwise`]).
#[derive(Clone)]
pub(super) struct Layout {
    /// Groups (the dot's batch).
    pub g: i64,
    /// Output features per group.
    pub og: i64,
    /// Offset of one group in the flat padded input.
    pub group_stride: i64,
    /// The parts of m (sizes, flat input offset per step), outermost first.
    pub m_parts: Vec<(i64, i64)>,
    /// The parts of k, outermost first.
    pub k_parts: Vec<KPart>,
    /// The spatial dimensions (indices into the convolution's lists) in the output's order.
    spatial_order: Vec<usize>,
    ob: usize,
    of: usize,
    os: Vec<usize>,
    kin: usize,
    kout: usize,
    ks: Vec<usize>,
    pub out: TensorType,
}

/// A part of the contraction index: the input feature or one window dimension.
#[derive(Clone, Copy)]
pub(super) struct KPart {
    pub size: i64,
    /// Flat input offset per step.
    pub stride: i64,
    /// `None` for the feature, else the spatial dimension's index.
    pub window: Option<usize>,
}

/// The implicit GEMM plan of convolution `c` on the padded input (`pt`) and the (reversed)
/// kernel `kt`, or `None` where the plain loop nest is used: element types the dot kernel
/// does not take, both group counts above 1, little work.
pub fn plan(c: &Conv, pt: &TensorType, kt: &TensorType, out: &TensorType) -> Option<Plan> {
    let layout = Layout::new(c, pt, kt, out)?;
    let lead = if layout.g > 1 { vec![layout.g] } else { vec![] };
    let rhs = TensorType::new(lead.iter().copied().chain([layout.k(), layout.og]).collect::<Vec<_>>(), kt.element);
    let tiled = Tiled::gathered(pt.element, &rhs, out.element, layout.g, layout.m())?;
    Some(Plan { tiled, layout })
}

impl Layout {
    /// `None` when both group counts are above 1.
    pub fn new(c: &Conv, pt: &TensorType, kt: &TensorType, out: &TensorType) -> Option<Layout> {
        if c.fg > 1 && c.bg > 1 {
            return None;
        }
        let rank = pt.rank();
        let mut st = vec![1i64; rank];
        for d in (0..rank.saturating_sub(1)).rev() {
            st[d] = st[d + 1] * pt.dims[d + 1];
        }
        let g = c.fg * c.bg;
        let (cg, nb) = (kt.dims[c.kin], out.dims[c.ob]);
        let og = kt.dims[c.kout] / g;
        let group_stride = if c.fg > 1 { cg * st[c.ifeat] } else { nb * st[c.ib] };
        let mut spatial_order: Vec<usize> = (0..c.os.len()).collect();
        spatial_order.sort_by_key(|&i| c.os[i]);
        let m_parts = std::iter::once((nb, st[c.ib])).chain(spatial_order.iter().map(|&i| (out.dims[c.os[i]], c.strides[i] * st[c.is[i]]))).collect();
        let k_parts = (0..rank)
            .filter_map(|d| {
                if d == c.ifeat {
                    return Some(KPart { size: cg, stride: st[d], window: None });
                }
                let i = c.is.iter().position(|&s| s == d)?;
                Some(KPart { size: kt.dims[c.ks[i]], stride: c.rhs_dil[i] * st[d], window: Some(i) })
            })
            .collect();
        Some(Layout {
            g,
            og,
            group_stride,
            m_parts,
            k_parts,
            spatial_order,
            ob: c.ob,
            of: c.of,
            os: c.os.clone(),
            kin: c.kin,
            kout: c.kout,
            ks: c.ks.clone(),
            out: out.clone(),
        })
    }

    pub fn m(&self) -> i64 {
        self.m_parts.iter().map(|p| p.0).product()
    }

    pub fn k(&self) -> i64 {
        self.k_parts.iter().map(|p| p.size).product()
    }

    /// C's type: `[g, m, n]`, or `[m, n]` with one group.
    pub fn c_ty(&self) -> TensorType {
        let lead = if self.g > 1 { vec![self.g] } else { vec![] };
        TensorType::new(lead.into_iter().chain([self.m(), self.og]).collect::<Vec<_>>(), self.out.element)
    }
}

/// Emits the convolution of `padded` (the padded, dilated input) and `kernel` (reversed where
/// the window is); returns the output. `epilogue`, if any, is applied to every finished tile
/// of C (an output fusion's element-wise ops: [`result_indices`] gives the output indices of
/// a tile element).
pub fn emit(ctx: &mut Ctx, p: &Plan, padded: &str, pt: &TensorType, kernel: &str, kt: &TensorType, epilogue: Option<&mut dot_tiled::Epilogue>) -> Result<String, String> {
    let l = &p.layout;
    let e = &mut ctx.e;
    let (flat, flat_ty, rows, cols) = input_tables(e, l, padded, pt)?;
    let b = reorder_kernel(e, l, kernel, kt)?;
    let a = Gathered { flat, flat_ty, rows, cols, group_stride: if l.g > 1 { l.group_stride } else { 0 } };
    let c = dot_tiled::emit_gathered(ctx, &p.tiled, a, &b, epilogue)?;
    to_output(&mut ctx.e, l, &c)
}

/// The output indices of element (`g`, `m`, `n`) of C (index values; `g` is read only when
/// there are several groups), one per output dimension: m split into its parts (batch, then
/// the spatial dimensions in the output's order), the feature `g · og + n`.
pub fn result_indices(e: &mut Emitter, p: &Plan, g: &str, m: &str, n: &str) -> Vec<String> {
    layout_indices(e, &p.layout, g, m, n)
}

/// [`result_indices`] for layout `l` (also the depthwise kernel's, whose C is `[m, og]`).
pub(super) fn layout_indices(e: &mut Emitter, l: &Layout, g: &str, m: &str, n: &str) -> Vec<String> {
    // m's parts, outermost first.
    let sizes: Vec<i64> = l.m_parts.iter().map(|q| q.0).collect();
    let mut parts = Vec::new();
    let mut inner: i64 = sizes.iter().product();
    for (i, &size) in sizes.iter().enumerate() {
        inner /= size;
        let mut v = m.to_string();
        if inner > 1 {
            let s = e.op("c", &format!("arith.constant {inner} : index"));
            v = e.op("q", &format!("arith.divui {v}, {s} : index"));
        }
        if i > 0 {
            let s = e.op("c", &format!("arith.constant {size} : index"));
            v = e.op("q", &format!("arith.remui {v}, {s} : index"));
        }
        parts.push(v);
    }
    let feature = if l.g > 1 {
        let og = e.op("c", &format!("arith.constant {} : index", l.og));
        let base = e.op("q", &format!("arith.muli {g}, {og} : index"));
        e.op("q", &format!("arith.addi {base}, {n} : index"))
    } else {
        n.to_string()
    };
    (0..l.out.rank())
        .map(|d| {
            if d == l.ob {
                parts[0].clone()
            } else if d == l.of {
                feature.clone()
            } else {
                let i = l.os.iter().position(|&s| s == d).unwrap_or(0);
                parts[1 + l.spatial_order.iter().position(|&j| j == i).unwrap_or(0)].clone()
            }
        })
        .collect()
}

/// The padded input as a rank-1 tensor, and the row and column offset tables through which
/// element `[m, k]` of the implicit patch matrix is read (`flat[rows[m] + cols[k]]`, plus the
/// group's stride).
pub(super) fn input_tables(e: &mut Emitter, l: &Layout, padded: &str, pt: &TensorType) -> Result<(String, TensorType, String, String), String> {
    let (flat, flat_ty) = flatten(e, padded, pt);
    let rows = offsets(e, &l.m_parts)?;
    let cols = offsets(e, &l.k_parts.iter().map(|q| (q.size, q.stride)).collect::<Vec<_>>())?;
    Ok((flat, flat_ty, rows, cols))
}

/// `x` as a rank-1 tensor.
fn flatten(e: &mut Emitter, x: &str, t: &TensorType) -> (String, TensorType) {
    let flat_ty = TensorType::new(vec![t.num_elements()], t.element);
    let flat = e.reshape("flat", x, t, &flat_ty, &[(0..t.rank()).collect()]);
    (flat, flat_ty)
}

/// The flat offsets of an index made of `parts` (size, offset per step; outermost first):
/// an i64 tensor with one element per index.
fn offsets(e: &mut Emitter, parts: &[(i64, i64)]) -> Result<String, String> {
    let shape = TensorType::new(parts.iter().map(|q| q.0).collect::<Vec<_>>(), ElementType::S64);
    let init = e.empty(&shape);
    let iters = vec!["parallel"; parts.len()];
    let table = e.generic(&[], Operand::identity(init, &shape), &iters, |e, _| {
        let mut sum: Option<String> = None;
        for (d, &(_, stride)) in parts.iter().enumerate() {
            let i = e.op("i", &format!("linalg.index {d} : index"));
            let s = e.op("c", &format!("arith.constant {stride} : index"));
            let t = e.op("i", &format!("arith.muli {i}, {s} : index"));
            sum = Some(match sum {
                None => t,
                Some(prev) => e.op("i", &format!("arith.addi {prev}, {t} : index")),
            });
        }
        let sum = sum.ok_or("internal: an offset table without parts")?;
        Ok(e.op("o", &format!("arith.index_cast {sum} : index to i64")))
    })?;
    if parts.len() == 1 {
        return Ok(table);
    }
    let flat = TensorType::new(vec![shape.num_elements()], shape.element);
    Ok(e.reshape("tab", &table, &shape, &flat, &[(0..parts.len()).collect()]))
}

/// The kernel as `[g, k, n]` (`[k, n]` with one group), k's parts in [`Layout::k_parts`]
/// order (a kernel input feature dimension not among them is read at 0).
pub(super) fn reorder_kernel(e: &mut Emitter, p: &Layout, kernel: &str, kt: &TensorType) -> Result<String, String> {
    let grouped = p.g > 1;
    let lead = grouped as usize;
    let dims: Vec<i64> = if grouped { vec![p.g, p.k(), p.og] } else { vec![p.k(), p.og] };
    let ty = TensorType::new(dims, kt.element);
    let (dk, dn) = (format!("d{lead}"), format!("d{}", lead + 1));
    let mut map = vec!["0".to_string(); kt.rank()];
    map[p.kout] = if grouped { format!("d0 * {} + {dn}", p.og) } else { dn.clone() };
    let mut inner: i64 = p.k_parts.iter().map(|q| q.size).product();
    for (j, q) in p.k_parts.iter().enumerate() {
        inner /= q.size;
        let mut x = if inner > 1 { format!("({dk} floordiv {inner})") } else { dk.clone() };
        if j > 0 {
            x = format!("{x} mod {}", q.size);
        }
        match q.window {
            None => map[p.kin] = x,
            Some(i) => map[p.ks[i]] = x,
        }
    }
    let init = e.empty(&ty);
    let iters = vec!["parallel"; ty.rank()];
    e.generic(&[Operand { value: kernel.to_string(), ty: kt.clone(), map: map.join(", ") }], Operand::identity(init, &ty), &iters, |_, a| Ok(a[0].clone()))
}

/// C (`[g, m, n]` or `[m, n]`) in the output's dimension order.
pub(super) fn to_output(e: &mut Emitter, p: &Layout, c: &str) -> Result<String, String> {
    let grouped = p.g > 1;
    let lead = grouped as usize;
    let oe = p.out.element;
    let c_ty = p.c_ty();
    // C with m split into its parts: [g]? b spatial... n.
    let mut canon: Vec<i64> = if grouped { vec![p.g] } else { vec![] };
    canon.extend(p.m_parts.iter().map(|q| q.0));
    canon.push(p.og);
    let canon_ty = TensorType::new(canon.clone(), oe);
    let mut value = c.to_string();
    if canon.len() != c_ty.rank() {
        let mut groups: Vec<Vec<usize>> = Vec::new();
        if grouped {
            groups.push(vec![0]);
        }
        groups.push((lead..lead + p.m_parts.len()).collect());
        groups.push(vec![canon.len() - 1]);
        value = e.reshape("conv", &value, &c_ty, &canon_ty, &groups);
    }
    // The output's order, its feature dimension split into [g]? n.
    let mut perm = Vec::new();
    for d in 0..p.out.rank() {
        if d == p.ob {
            perm.push(lead);
        } else if d == p.of {
            if grouped {
                perm.push(0);
            }
            perm.push(canon.len() - 1);
        } else if let Some(i) = p.os.iter().position(|&s| s == d) {
            perm.push(lead + 1 + p.spatial_order.iter().position(|&j| j == i).ok_or("internal: spatial order")?);
        }
    }
    if perm.iter().enumerate().any(|(i, &q)| i != q) {
        let t = TensorType::new(perm.iter().map(|&q| canon[q]).collect::<Vec<_>>(), oe);
        let init = e.empty(&t);
        let ps: Vec<String> = perm.iter().map(|q| q.to_string()).collect();
        value = e.op("conv", &format!("linalg.transpose ins({value} : {}) outs({init} : {}) permutation = [{}]", types::tensor(&canon_ty), types::tensor(&t), ps.join(", ")));
        if !grouped {
            return Ok(value);
        }
        // Merge [g, n] into the feature dimension.
        let mut groups = Vec::new();
        let mut i = 0;
        while i < t.rank() {
            if i == p.of {
                groups.push(vec![i, i + 1]);
                i += 2;
            } else {
                groups.push(vec![i]);
                i += 1;
            }
        }
        return Ok(e.reshape("conv", &value, &t, &p.out, &groups));
    }
    // In order: one group (g, when there are several, comes before b but n is last).
    Ok(value)
}

#[cfg(test)]
mod tests {
    use crate::testing::lower_ok;

    /// A 2-D convolution with the given dimension numbers (input, kernel, output: batch or
    /// input feature, feature, spatial) and extra attributes.
    fn conv(x: &str, k: &str, out: &str, dn: &str, extra: &str) -> String {
        lower_ok(
            &format!("%x: {x}, %k: {k}"),
            &format!("  %r = \"xhlo.convolution\"(%x, %k) {{{dn}, {extra}}} : ({x}, {k}) -> {out}"),
            out,
        )
    }

    const NHWC: &str = "input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>";
    const NCHW: &str = "input_batch_dimension = 0 : i64, input_feature_dimension = 1 : i64, input_spatial_dimensions = array<i64: 2, 3>, kernel_input_feature_dimension = 1 : i64, kernel_output_feature_dimension = 0 : i64, kernel_spatial_dimensions = array<i64: 2, 3>, output_batch_dimension = 0 : i64, output_feature_dimension = 1 : i64, output_spatial_dimensions = array<i64: 2, 3>";

    #[test]
    fn an_nhwc_convolution_is_a_dot_reading_the_padded_input_through_offset_tables() {
        let out = conv(
            "tensor<1x56x56x64xf32>",
            "tensor<3x3x64x64xf32>",
            "tensor<1x56x56x64xf32>",
            NHWC,
            "padding = array<i64: 1, 1, 1, 1>, feature_group_count = 1 : i64, batch_group_count = 1 : i64",
        );
        // The padded input, flat; row offsets (b, y, x) and column offsets (ky, kx, c) in it.
        assert!(out.contains("into tensor<215296xf32>"), "{out}");
        assert!(out.contains("arith.constant 3712 : index") && out.contains("into tensor<3136xi64>") && out.contains("into tensor<576xi64>"), "{out}");
        // The kernel as [k, n], packed into 4 panels of 16 columns.
        assert!(out.contains("-> tensor<576x64xf32>") && out.contains("-> tensor<1x4x576x16xf32>"), "{out}");
        assert!(out.contains("affine_map<(d0, d1) -> ((d0 floordiv 192), (d0 floordiv 64) mod 3, d0 mod 64, d1)>"), "{out}");
        // C [m, n] is the output: no transpose, no plain contraction.
        assert!(out.contains("vector.fma") && !out.contains("linalg.transpose") && !out.contains("reduction"), "{out}");
        assert!(out.contains("tensor.expand_shape") && out.contains("into tensor<1x56x56x64xf32>"), "{out}");
    }

    #[test]
    fn feature_groups_are_the_dot_batch_and_nchw_is_transposed_back() {
        let out = conv(
            "tensor<2x6x10x9xf32>",
            "tensor<8x3x3x3xf32>",
            "tensor<2x8x10x9xf32>",
            NCHW,
            "padding = array<i64: 1, 1, 1, 1>, feature_group_count = 2 : i64, batch_group_count = 1 : i64",
        );
        // k = (c, ky, kx) in the input's order; the kernel [g, k, n] takes output feature
        // g * 4 + n.
        assert!(out.contains("affine_map<(d0, d1, d2) -> (d0 * 4 + d2, (d1 floordiv 9), (d1 floordiv 3) mod 3, d1 mod 3)>"), "{out}");
        // A group is 3 features of 12 x 11 padded positions further in the input.
        assert!(out.contains("arith.constant 396 : index"), "{out}");
        // C [g, (b, y, x), n] → [b, g, n, y, x] → [b, g·n, y, x].
        assert!(out.contains("permutation = [1, 0, 4, 2, 3]"), "{out}");
        assert!(out.contains("tensor.collapse_shape") && out.contains("[[0], [1, 2], [3], [4]] : tensor<2x2x4x10x9xf32> into tensor<2x8x10x9xf32>"), "{out}");
    }

    #[test]
    fn small_complex_and_half_precision_convolutions_keep_the_plain_loop_nest() {
        let attrs = "feature_group_count = 1 : i64, batch_group_count = 1 : i64";
        for (t, n) in [("f32", 4), ("complex<f32>", 16), ("f16", 16), ("i16", 16)] {
            let x = format!("tensor<1x{n}x{n}x8x{t}>");
            let k = format!("tensor<3x3x8x8x{t}>");
            let o = format!("tensor<1x{}x{}x8x{t}>", n - 2, n - 2);
            let out = conv(&x, &k, &o, NHWC, attrs);
            assert!(!out.contains("vector.") && out.contains("\"reduction\""), "{t}: {out}");
        }
    }
}
