//! `dot_general` as a register-tiled loop nest with explicit vectors (the fast path for
//! f32/f64 and 32/64-bit integer results; [`plan`] says when it applies).
//!
//! The dot is seen as `C[b, m, n] = Σ_k A[b, m, k] · B[b, k, n]`, each of b (batch), m (lhs
//! free), n (rhs free) and k (contracting) one dimension made of its group of dimensions:
//!
//! - A is read in place (a `tensor.collapse_shape` view; a `linalg.transpose` first only
//!   when a group's dimensions are not adjacent and in order). Its groups may come in any
//!   order: `[b, m, k]` and `[b, k, m]` are both read directly. A may also be implicit
//!   ([`Gathered`]): element `[b, m, k]` read from a flat tensor at `b · stride + rows[m] +
//!   cols[k]`, two small offset tables; a convolution's patch matrix is read so
//!   ([`super::conv_gemm`]), never materialized.
//! - B is packed once into panels of `NR = NV × VL` columns, `Bp[b, panel, k, 0..NR]`, so the
//!   inner loop reads it contiguously whatever rhs's layout (`[k, n]`, or `[n, k]` as in
//!   Q·Kᵀ): a `linalg.generic` copy converting to the result type. The last `N mod NR`
//!   columns go to an unpadded edge panel `Be[b, k, 0..N mod NR]`, read with masked loads.
//! - The micro-kernel computes an `MR × NR` tile of C in `MR × NV` vector registers: for each
//!   k, NV vectors of Bp, and each of the MR elements of A broadcast, multiply-accumulated
//!   (`vector.fma` for floats, `arith.muli`/`addi` for integers) in k order, the
//!   accumulators starting at zero as in the plain lowering. The finished tile is written to
//!   C with vector stores (masked at the right edge), and the optional epilogue (an output
//!   fusion's element-wise ops) is applied to that tile right away, while it is in cache.
//! - Loops: batch, then column panels, then row tiles (a panel of B stays in L2 while all
//!   rows of A stream past it); the last `M mod MR` rows and `N mod NR` columns are their
//!   own statically sized copies of the kernel, so there are no bounds checks in loops.
//!   With many row blocks (at least [`SHARED_ROW_BLOCKS`], as a convolution's output
//!   positions), the row blocks are made equal and become the outer loop, around the K
//!   blocks, and the edge rows follow.
//! - Threads: the batch loop (when there is a batch), the row-block loop when it is outer,
//!   and the column-panel loops are marked `xhlo.parallel` (their iterations write disjoint
//!   parts of C and share the packed panels and A read-only; a thread needs no scratch
//!   memory: its tile lives in registers); on several threads they become OpenMP loops, the
//!   outermost one with enough work ([`crate::pipeline::to_loops`]): one parallel region for
//!   a batch or for the row blocks, else one per K block and row block over the column
//!   panels. On one thread the mark is ignored.
//!
//! Values are multiplied in the result type as in the plain lowering: operands are converted
//! first (A per element in the kernel, B while packing). Floating-point products are fused
//! with the addition (one rounding per step instead of two, as XLA's CPU backend does).

use crate::convert::Ctx;
use crate::emitter::Emitter;
use crate::ops::common::i64s;
use crate::scalar;
use crate::types;
use xhlo_ir::{ElementType, TensorType};
use mlir_text::ast::Op;

/// Tile sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tiles {
    /// Rows of a register tile.
    pub mr: i64,
    /// Vectors per row of a register tile (the tile is `nv × VL` columns wide).
    pub nv: i64,
    /// The contraction is done in blocks of at most this many steps (a block of a column
    /// panel, `kc × NR` elements, stays in L1 while the row tiles pass).
    pub kc: i64,
    /// Row tiles per row block (a block of A, `mc × mr × kc` elements, stays in L2).
    pub mc: i64,
    /// Contraction steps per iteration of the innermost loop (unrolled).
    pub ku: i64,
}

impl Tiles {
    /// 6 × 2 vectors of accumulators (12 of the 16 AVX2 registers, 2 for B, 1 broadcast).
    pub const DEFAULT: Tiles = Tiles { mr: 6, nv: 2, kc: 256, mc: 40, ku: 4 };
}

/// `mr,nv,kc,mc,ku` (the `dot-tiles` option of `convert-xhlo-to-linalg`).
impl std::fmt::Display for Tiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{},{},{},{}", self.mr, self.nv, self.kc, self.mc, self.ku)
    }
}

/// Reads `mr,nv,kc,mc,ku`: five positive integers.
impl std::str::FromStr for Tiles {
    type Err = String;
    fn from_str(s: &str) -> Result<Tiles, String> {
        let bad = || format!("expected five positive integers mr,nv,kc,mc,ku (e.g. {}), got '{s}'", Tiles::DEFAULT);
        let n: Vec<i64> = s.split(',').map(|x| x.trim().parse().map_err(|_| bad())).collect::<Result<_, _>>()?;
        match n.as_slice() {
            &[mr, nv, kc, mc, ku] if mr > 0 && nv > 0 && kc > 0 && mc > 0 && ku > 0 => Ok(Tiles { mr, nv, kc, mc, ku }),
            _ => Err(bad()),
        }
    }
}

/// Below this many multiply-adds the plain generic is used (packing would not pay off).
const MIN_WORK: i64 = 16 * 1024;

/// The four index groups of a dot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum G {
    B,
    M,
    N,
    K,
}

/// A tiled dot: the groups of dimensions and the tile sizes.
#[derive(Clone)]
pub struct Tiled {
    pub(super) lt: TensorType,
    pub(super) rt: TensorType,
    pub(super) out: TensorType,
    /// (lhs dim, rhs dim) pairs in the order of the batching lists (= result order).
    pub(super) batch: Vec<(usize, usize)>,
    pub(super) lfree: Vec<usize>,
    pub(super) rfree: Vec<usize>,
    /// (lhs dim, rhs dim) pairs in the order of the contracting lists.
    pub(super) contract: Vec<(usize, usize)>,
    pub b: i64,
    pub m: i64,
    pub n: i64,
    pub k: i64,
    /// Lanes per vector (from the lowering options' `vector_bytes`, set by `emit`).
    vl: i64,
    /// The tile sizes: [`emit`] uses the lowering's ([`crate::convert::LowerOptions::tiles`]).
    t: Tiles,
}

impl Tiled {
    /// The plan of a dot whose A is implicit ([`Gathered`]): `a` is A's element type, `rhs`
    /// is `[g, k, n]` (or `[k, n]` when `g` is 1) and the result `[g, m, n]` (or `[m, n]`) of
    /// element type `oe`. `None` where [`plan`] would keep the generic.
    pub fn gathered(a: ElementType, rhs: &TensorType, oe: ElementType, g: i64, m: i64) -> Option<Tiled> {
        use ElementType::*;
        if !matches!(oe, F32 | F64 | S32 | U32 | S64 | U64) || !convertible(a) || !convertible(rhs.element) {
            return None;
        }
        let grouped = g > 1;
        let nb = grouped as usize;
        if rhs.rank() != nb + 2 || (grouped && rhs.dims[0] != g) {
            return None;
        }
        let (k, n) = (rhs.dims[nb], rhs.dims[nb + 1]);
        if m < 2 || k < 1 || n < 1 || g.saturating_mul(m).saturating_mul(n).saturating_mul(k) < MIN_WORK {
            return None;
        }
        let lead = if grouped { vec![g] } else { vec![] };
        let with = |a: i64, b: i64| lead.iter().copied().chain([a, b]).collect::<Vec<_>>();
        let lt = TensorType::new(with(m, k), a);
        let out = TensorType::new(with(m, n), oe);
        let batch = if grouped { vec![(0, 0)] } else { vec![] };
        Some(Tiled { lt, rt: rhs.clone(), out, batch, lfree: vec![nb], rfree: vec![nb + 1], contract: vec![(nb + 1, nb)], b: g, m, n, k, vl: 0, t: Tiles::DEFAULT })
    }

    fn nr(&self) -> i64 {
        self.t.nv * self.vl
    }

    /// The result dimensions of each group (result order: batch, lhs free, rhs free).
    pub fn out_groups(&self) -> (Vec<i64>, Vec<i64>, Vec<i64>) {
        let nb = self.batch.len();
        let nl = self.lfree.len();
        let d = &self.out.dims;
        (d[..nb].to_vec(), d[nb..nb + nl].to_vec(), d[nb + nl..].to_vec())
    }
}

/// Whether `t` is an input element type the kernel converts from.
fn convertible(t: ElementType) -> bool {
    !t.is_complex() && !t.is_pred() && !types::is_narrowed(t)
}

/// The tiled plan of `op` (a `dot_general` of `lt` and `rt` giving `out`), or `None` when the
/// plain generic is used: complex, 16-bit float or sub-32-bit integer results, a result
/// without lhs or rhs free dimensions, empty dimensions, or little work.
pub fn plan(op: &Op, lt: &TensorType, rt: &TensorType, out: &TensorType) -> Option<Tiled> {
    use ElementType::*;
    let oe = out.element;
    if !matches!(oe, F32 | F64 | S32 | U32 | S64 | U64) || !convertible(lt.element) || !convertible(rt.element) {
        return None;
    }
    if lt.dims.iter().chain(&rt.dims).any(|&d| d <= 0) {
        return None;
    }
    let lb = i64s(op, "lhs_batching_dimensions").unwrap_or_default();
    let rb = i64s(op, "rhs_batching_dimensions").unwrap_or_default();
    let lc = i64s(op, "lhs_contracting_dimensions").ok()?;
    let rc = i64s(op, "rhs_contracting_dimensions").ok()?;
    if lb.len() != rb.len() || lc.len() != rc.len() {
        return None;
    }
    let ok = |d: i64, rank: usize| usize::try_from(d).ok().filter(|&d| d < rank);
    let batch: Vec<(usize, usize)> = lb.iter().zip(&rb).map(|(&l, &r)| Some((ok(l, lt.rank())?, ok(r, rt.rank())?))).collect::<Option<_>>()?;
    let contract: Vec<(usize, usize)> = lc.iter().zip(&rc).map(|(&l, &r)| Some((ok(l, lt.rank())?, ok(r, rt.rank())?))).collect::<Option<_>>()?;
    let lfree: Vec<usize> = (0..lt.rank()).filter(|d| !batch.iter().any(|p| p.0 == *d) && !contract.iter().any(|p| p.0 == *d)).collect();
    let rfree: Vec<usize> = (0..rt.rank()).filter(|d| !batch.iter().any(|p| p.1 == *d) && !contract.iter().any(|p| p.1 == *d)).collect();
    if lfree.is_empty() || rfree.is_empty() || out.rank() != batch.len() + lfree.len() + rfree.len() {
        return None;
    }
    let prod = |dims: &mut dyn Iterator<Item = i64>| dims.product::<i64>();
    let b = prod(&mut batch.iter().map(|p| lt.dims[p.0]));
    let m = prod(&mut lfree.iter().map(|&d| lt.dims[d]));
    let n = prod(&mut rfree.iter().map(|&d| rt.dims[d]));
    let k = prod(&mut contract.iter().map(|p| lt.dims[p.0]));
    if m < 2 || b.saturating_mul(m).saturating_mul(n).saturating_mul(k) < MIN_WORK {
        return None;
    }
    Some(Tiled { lt: lt.clone(), rt: rt.clone(), out: out.clone(), batch, lfree, rfree, contract, b, m, n, k, vl: 0, t: Tiles::DEFAULT })
}

/// An implicit A: element `[b, m, k]` is `flat[b * group_stride + rows[m] + cols[k]]`
/// (`rows` and `cols` are i64 tensors of m and k elements, `flat` a rank-1 tensor).
pub struct Gathered {
    pub flat: String,
    pub flat_ty: TensorType,
    pub rows: String,
    pub cols: String,
    pub group_stride: i64,
}

/// How the kernel reads A.
enum ARead {
    View(View),
    Gather(Gathered),
}

/// An operand seen as its groups, each one dimension.
pub(super) struct View {
    pub(super) value: String,
    pub(super) ty: TensorType,
    pub(super) groups: Vec<G>,
}

impl View {
    /// `[i, j, k]` for the given index of each group.
    fn index(&self, at: impl Fn(G) -> String) -> String {
        format!("[{}]", self.groups.iter().map(|&g| at(g)).collect::<Vec<_>>().join(", "))
    }

    /// The affine expression list reading this view, given each group's expression.
    pub(super) fn map(&self, at: impl Fn(G) -> String) -> String {
        self.groups.iter().map(|&g| at(g)).collect::<Vec<_>>().join(", ")
    }
}

/// Views `value` (of type `t`) as its groups (`parts`: each group's dimensions in group order,
/// empty groups left out; `canonical`: the order to transpose to when the groups are not
/// adjacent runs of dimensions in order).
pub(super) fn view(ctx: &mut Ctx, value: &str, t: &TensorType, parts: &[(G, Vec<usize>)]) -> View {
    let parts: Vec<&(G, Vec<usize>)> = parts.iter().filter(|(_, d)| !d.is_empty()).collect();
    // The group and position of each dimension.
    let mut owner = vec![(G::B, 0usize); t.rank()];
    for (g, dims) in &parts {
        for (i, &d) in dims.iter().enumerate() {
            owner[d] = (*g, i);
        }
    }
    // Runs of dimensions of one group, each in group order from position 0.
    let mut runs: Vec<(G, Vec<usize>)> = Vec::new();
    let mut in_order = true;
    for (d, &(g, i)) in owner.iter().enumerate() {
        let seen = runs.iter().any(|(r, _)| *r == g);
        match runs.last_mut() {
            Some((last, dims)) if *last == g && dims.len() == i => dims.push(d),
            _ if i == 0 && !seen => runs.push((g, vec![d])),
            _ => in_order = false,
        }
    }
    let (mut value, mut t) = (value.to_string(), t.clone());
    if !in_order {
        // Transpose to the groups' order (a copy).
        let perm: Vec<usize> = parts.iter().flat_map(|(_, d)| d.iter().copied()).collect();
        let transposed = TensorType::new(perm.iter().map(|&d| t.dims[d]).collect::<Vec<_>>(), t.element);
        let init = ctx.e.empty(&transposed);
        let p: Vec<String> = perm.iter().map(|d| d.to_string()).collect();
        value = ctx.e.op(
            "view",
            &format!("linalg.transpose ins({value} : {}) outs({init} : {}) permutation = [{}]", types::tensor(&t), types::tensor(&transposed), p.join(", ")),
        );
        t = transposed;
        let mut next = 0;
        runs = parts
            .iter()
            .map(|(g, d)| {
                let dims = (next..next + d.len()).collect();
                next += d.len();
                (*g, dims)
            })
            .collect();
    }
    let groups: Vec<G> = runs.iter().map(|(g, _)| *g).collect();
    if runs.iter().all(|(_, d)| d.len() == 1) {
        return View { value, ty: t, groups };
    }
    let collapsed = TensorType::new(runs.iter().map(|(_, d)| d.iter().map(|&i| t.dims[i]).product::<i64>()).collect::<Vec<_>>(), t.element);
    let reassociation: Vec<Vec<usize>> = runs.iter().map(|(_, d)| d.clone()).collect();
    let value = ctx.e.reshape("view", &value, &t, &collapsed, &reassociation);
    View { value, ty: collapsed, groups }
}

/// Where a finished tile of C is: the C tensor (of type `c_ty`, dimensions [b]? m n), the
/// tile's batch index and first row and column (index values), and its static size.
pub struct Site<'a> {
    pub c: &'a str,
    pub c_ty: &'a TensorType,
    /// Whether C has a batch dimension.
    pub has_batch: bool,
    pub b: &'a str,
    pub m0: &'a str,
    pub n0: &'a str,
    pub rows: i64,
    pub cols: i64,
}

/// The epilogue applied to each finished tile: returns the new C tensor.
pub type Epilogue<'a> = dyn FnMut(&mut Emitter, &Site) -> Result<String, String> + 'a;

/// Emits the tiled dot of `lhs` and `rhs` (lowered names); returns the result tensor (of
/// the dot's result type). `epilogue`, if any, is applied to every tile of the result.
pub fn emit(ctx: &mut Ctx, p: &Tiled, lhs: &str, rhs: &str, epilogue: Option<&mut Epilogue>) -> Result<String, String> {
    let lhs_parts = [(G::B, p.batch.iter().map(|x| x.0).collect()), (G::M, p.lfree.clone()), (G::K, p.contract.iter().map(|x| x.0).collect())];
    let a = view(ctx, lhs, &p.lt, &lhs_parts);
    emit_with(ctx, p, ARead::View(a), rhs, epilogue)
}

/// [`emit`] for a plan from [`Tiled::gathered`], A read through `a`.
pub fn emit_gathered(ctx: &mut Ctx, p: &Tiled, a: Gathered, rhs: &str, epilogue: Option<&mut Epilogue>) -> Result<String, String> {
    emit_with(ctx, p, ARead::Gather(a), rhs, epilogue)
}

fn emit_with(ctx: &mut Ctx, p: &Tiled, a: ARead, rhs: &str, mut epilogue: Option<&mut Epilogue>) -> Result<String, String> {
    let oe = p.out.element;
    let p = &Tiled { t: ctx.options.tiles, vl: ctx.options.vector_bytes / (oe.bit_width() as i64 / 8), ..p.clone() };
    let st = types::storage(oe);
    let (vl, nr) = (p.vl, p.nr());
    let rhs_parts = [(G::B, p.batch.iter().map(|x| x.1).collect()), (G::K, p.contract.iter().map(|x| x.1).collect()), (G::N, p.rfree.clone())];
    let bv = view(ctx, rhs, &p.rt, &rhs_parts);
    let (ntf, nrem) = (p.n / nr, p.n % nr);
    let re = p.rt.element;

    // Pack B: full panels, then the edge panel.
    let pack = |ctx: &mut Ctx, dims: Vec<i64>, map: String| -> Result<String, String> {
        let ty = TensorType::new(dims, oe);
        let init = ctx.e.empty(&ty);
        let loops = ty.rank();
        let src = crate::emitter::Operand { value: bv.value.clone(), ty: bv.ty.clone(), map };
        ctx.e.generic(&[src], crate::emitter::Operand::identity(init, &ty), &vec!["parallel"; loops], |e, args| {
            let x = scalar::load(e, &args[0], re);
            let x = scalar::convert(e, &x, oe)?;
            Ok(scalar::store(e, &x))
        })
    };
    let main_panels = if ntf > 0 {
        let map = bv.map(|g| match g {
            G::B => "d0".into(),
            G::K => "d2".into(),
            _ => format!("d1 * {nr} + d3"),
        });
        Some(pack(ctx, vec![p.b, ntf, p.k, nr], map)?)
    } else {
        None
    };
    let edge_panel = if nrem > 0 {
        let map = bv.map(|g| match g {
            G::B => "d0".into(),
            G::K => "d1".into(),
            _ => if ntf > 0 { format!("d2 + {}", ntf * nr) } else { "d2".into() },
        });
        Some(pack(ctx, vec![p.b, p.k, nrem], map)?)
    } else {
        None
    };

    // C as [b]? m n.
    let has_batch = !p.batch.is_empty();
    let c_dims: Vec<i64> = if has_batch { vec![p.b, p.m, p.n] } else { vec![p.m, p.n] };
    let c_ty = TensorType::new(c_dims, oe);
    let c_init = ctx.e.empty(&c_ty);
    let e = &mut ctx.e;
    let vty = format!("vector<{vl}x{st}>");
    let zero = if oe.is_float() { "0.0" } else { "0" };
    let zero_v = e.op("zv", &format!("arith.constant dense<{zero}> : {vty}"));
    let pad = e.op("pad", &format!("arith.constant {zero} : {st}"));
    let c0 = e.op("c", "arith.constant 0 : index");
    let c1 = e.op("c", "arith.constant 1 : index");
    let mut nest = Nest {
        p,
        a: &a,
        main_panels: main_panels.map(|v| (v, format!("tensor<{}x{ntf}x{}x{nr}x{st}>", p.b, p.k))),
        edge_panel: edge_panel.map(|v| (v, format!("tensor<{}x{}x{nrem}x{st}>", p.b, p.k))),
        c_text: types::tensor(&c_ty),
        c_ty: c_ty.clone(),
        has_batch,
        vty,
        zero_v,
        pad,
        c0,
        c1,
        epilogue: epilogue.take(),
    };
    let c = nest.emit(e, &c_init)?;

    Ok(to_result_shape(e, p, &c, &c_ty))
}

/// `c` (of type `c_ty`: `[b]? m n`) as the dot's result (its groups expanded).
pub(super) fn to_result_shape(e: &mut Emitter, p: &Tiled, c: &str, c_ty: &TensorType) -> String {
    let (gb, gm, gn) = p.out_groups();
    if c_ty.dims == p.out.dims {
        return c.to_string();
    }
    let mut groups = Vec::new();
    let mut next = 0;
    for g in [&gb, &gm, &gn] {
        if g.is_empty() {
            continue;
        }
        groups.push((next..next + g.len()).collect());
        next += g.len();
    }
    let out_ty = TensorType::new(p.out.dims.clone(), p.out.element);
    e.reshape("dot", c, c_ty, &out_ty, &groups)
}

/// Whether a K block is the first (accumulators start at zero, else they start from C) or
/// the last (the epilogue runs): known statically, or an `i1` value.
#[derive(Clone)]
enum Flag {
    Yes,
    Dyn(String),
}

/// One block of the contraction: `k` from `k0` to `k1` (index values).
struct KBlock {
    k0: String,
    k1: String,
    /// Whether `k1 - k0` is a multiple of the unroll factor (no remainder loop).
    multiple_of_unroll: bool,
    first: Flag,
    last: Flag,
}

/// The loop nest being written.
struct Nest<'a, 'f> {
    p: &'a Tiled,
    a: &'a ARead,
    /// The packed panels and their types.
    main_panels: Option<(String, String)>,
    edge_panel: Option<(String, String)>,
    c_ty: TensorType,
    c_text: String,
    has_batch: bool,
    vty: String,
    zero_v: String,
    pad: String,
    c0: String,
    c1: String,
    epilogue: Option<&'a mut Epilogue<'f>>,
}

/// From this many row blocks on, the row blocks are the loop shared among threads
/// ([`Nest::shares_row_blocks`]).
const SHARED_ROW_BLOCKS: i64 = 8;

/// The mark of a loop whose iterations may run on different threads.
pub const PARALLEL: &str = "xhlo.parallel";

fn idx(e: &mut Emitter, v: i64) -> String {
    e.op("c", &format!("arith.constant {v} : index"))
}

impl Nest<'_, '_> {
    /// Opens `scf.for iv = lb to ub` carrying C; returns (the loop's result, the iter_arg).
    fn open(&self, e: &mut Emitter, iv: &str, lb: &str, ub: &str, init: &str) -> (String, String) {
        let r = e.fresh("t");
        let c = e.fresh("cc");
        e.line(&format!("{r} = scf.for {iv} = {lb} to {ub} step {} iter_args({c} = {init}) -> ({}) {{", self.c1, self.c_text));
        e.enter();
        (r, c)
    }

    fn close(&self, e: &mut Emitter, yielded: &str) {
        e.line(&format!("scf.yield {yielded} : {}", self.c_text));
        e.leave();
        e.line("}");
    }

    /// [`Self::close`] for a loop whose iterations are independent (each writes its own part
    /// of C and reads only that part of it): marked `xhlo.parallel`, it becomes an
    /// `scf.parallel` after bufferization when the program runs on several threads
    /// ([`crate::pipeline::to_loops`]).
    fn close_parallel(&self, e: &mut Emitter, yielded: &str) {
        e.line(&format!("scf.yield {yielded} : {}", self.c_text));
        e.leave();
        e.line(&format!("}} {{{PARALLEL}}}"));
    }

    /// `[b, row, col]` (or `[row, col]`) in C.
    fn c_at(&self, b: &str, row: &str, col: &str) -> String {
        if self.has_batch {
            format!("[{b}, {row}, {col}]")
        } else {
            format!("[{row}, {col}]")
        }
    }

    /// The whole nest: batch, K blocks, row blocks, column panels, row tiles; or, with many
    /// row blocks ([`Self::shares_row_blocks`]), batch, row blocks, K blocks, column panels,
    /// row tiles, then the edge rows.
    fn emit(&mut self, e: &mut Emitter, c_init: &str) -> Result<String, String> {
        let p = self.p;
        let bound = idx(e, p.b);
        let b = e.fresh("b");
        let c0 = self.c0.clone();
        let (result, c) = self.open(e, &b, &c0, &bound, c_init);
        let y = match self.shares_row_blocks() {
            None => self.k_blocks(e, &c, |nest, e, c, kb| nest.k_block(e, c, &b, kb))?,
            Some((nmc, size)) => {
                // Row blocks of equal size, each with its K blocks: a parallel loop whose
                // iterations write disjoint rows of C.
                let ub = idx(e, nmc);
                let mc = e.fresh("mc");
                let (r, cm) = self.open(e, &mc, &c0, &ub, &c);
                let step = idx(e, size);
                let end = idx(e, p.m / p.t.mr);
                let lo = e.op("lo", &format!("arith.muli {mc}, {step} : index"));
                let hi = e.op("hi", &format!("arith.addi {lo}, {step} : index"));
                let hi = e.op("hi", &format!("arith.minui {hi}, {end} : index"));
                let y = self.k_blocks(e, &cm, |nest, e, c, kb| nest.row_block(e, c, &b, &lo, &hi, kb))?;
                self.close_parallel(e, &y);
                let mrem = p.m % p.t.mr;
                if mrem == 0 {
                    r
                } else {
                    let m0 = idx(e, p.m - mrem);
                    self.k_blocks(e, &r, |nest, e, c, kb| nest.panels(e, c, &b, kb, |nest, e, c, n0, panel, cols| nest.kernel(e, c, &b, &m0, n0, panel, mrem, cols, kb)))?
                }
            }
        };
        // Each batch element is its own product: the batches are shared among threads.
        if p.b > 1 {
            self.close_parallel(e, &y);
        } else {
            self.close(e, &y);
        }
        Ok(result)
    }

    /// With at least [`SHARED_ROW_BLOCKS`] blocks of row tiles, the number of row blocks and
    /// their size in tiles (equal sizes, the last one shorter): the row blocks are then the
    /// outer loop, shared among threads in one parallel region (a conv's many output
    /// positions and few output features; else the column panels are shared, in one parallel
    /// region per K block and row block).
    fn shares_row_blocks(&self) -> Option<(i64, i64)> {
        let p = self.p;
        let mtf = p.m / p.t.mr;
        let nmc = (mtf + p.t.mc - 1) / p.t.mc;
        if nmc < SHARED_ROW_BLOCKS {
            return None;
        }
        let size = (mtf + nmc - 1) / nmc;
        Some(((mtf + size - 1) / size, size))
    }

    /// Calls `body(C, block)` for each K block: blocks of equal size (a multiple of the
    /// unroll factor where that keeps them within `kc`), the last one shorter, in a loop
    /// (or once, when K is one block).
    fn k_blocks(&mut self, e: &mut Emitter, c: &str, mut body: impl FnMut(&mut Self, &mut Emitter, &str, &KBlock) -> Result<String, String>) -> Result<String, String> {
        let p = self.p;
        let c0 = self.c0.clone();
        let ku = p.t.ku;
        let nkc = (p.k + p.t.kc - 1) / p.t.kc;
        let mut kc_size = (p.k + nkc - 1) / nkc;
        let rounded = (kc_size + ku - 1) / ku * ku;
        if rounded <= p.t.kc.max(ku) {
            kc_size = rounded;
        }
        let nkc = (p.k + kc_size - 1) / kc_size;
        let last_size = p.k - (nkc - 1) * kc_size;
        let multiple_of_unroll = kc_size % ku == 0 && last_size % ku == 0;
        if nkc == 1 {
            let kb = idx(e, p.k);
            return body(self, e, c, &KBlock { k0: c0.clone(), k1: kb, multiple_of_unroll, first: Flag::Yes, last: Flag::Yes });
        }
        let ub = idx(e, nkc);
        let kc = e.fresh("kc");
        let (r, ck) = self.open(e, &kc, &c0, &ub, c);
        let size = idx(e, kc_size);
        let kend = idx(e, p.k);
        let k0 = e.op("k0", &format!("arith.muli {kc}, {size} : index"));
        let k1 = e.op("k1", &format!("arith.addi {k0}, {size} : index"));
        let k1 = e.op("k1", &format!("arith.minui {k1}, {kend} : index"));
        let first = e.op("first", &format!("arith.cmpi eq, {kc}, {c0} : index"));
        let last_kc = idx(e, nkc - 1);
        let last = e.op("last", &format!("arith.cmpi eq, {kc}, {last_kc} : index"));
        let y = body(self, e, &ck, &KBlock { k0, k1, multiple_of_unroll, first: Flag::Dyn(first), last: Flag::Dyn(last) })?;
        self.close(e, &y);
        Ok(r)
    }

    /// One K block over all of C: blocks of row tiles (a block of A stays in L2 while every
    /// column panel passes), then the edge rows.
    fn k_block(&mut self, e: &mut Emitter, c: &str, b: &str, kb: &KBlock) -> Result<String, String> {
        let p = self.p;
        let (mr, mct) = (p.t.mr, p.t.mc);
        let (mtf, mrem) = (p.m / mr, p.m % mr);
        let mut c = c.to_string();
        if mtf > 0 {
            let nmc = (mtf + mct - 1) / mct;
            if nmc == 1 {
                let (lo, hi) = (self.c0.clone(), idx(e, mtf));
                c = self.row_block(e, &c, b, &lo, &hi, kb)?;
            } else {
                let ub = idx(e, nmc);
                let mc = e.fresh("mc");
                let c0 = self.c0.clone();
                let (r, cm) = self.open(e, &mc, &c0, &ub, &c);
                let size = idx(e, mct);
                let end = idx(e, mtf);
                let lo = e.op("lo", &format!("arith.muli {mc}, {size} : index"));
                let hi = e.op("hi", &format!("arith.addi {lo}, {size} : index"));
                let hi = e.op("hi", &format!("arith.minui {hi}, {end} : index"));
                let y = self.row_block(e, &cm, b, &lo, &hi, kb)?;
                self.close(e, &y);
                c = r;
            }
        }
        if mrem > 0 {
            let m0 = idx(e, mtf * mr);
            c = self.panels(e, &c, b, kb, |nest, e, c, n0, panel, cols| nest.kernel(e, c, b, &m0, n0, panel, mrem, cols, kb))?;
        }
        Ok(c)
    }

    /// Row tiles `lo..hi` (index values) under every column panel.
    fn row_block(&mut self, e: &mut Emitter, c: &str, b: &str, lo: &str, hi: &str, kb: &KBlock) -> Result<String, String> {
        self.panels(e, c, b, kb, |nest, e, c, n0, panel, cols| {
            let mt = e.fresh("mt");
            let (r, cm) = nest.open(e, &mt, lo, hi, c);
            let step = idx(e, nest.p.t.mr);
            let m0 = e.op("m0", &format!("arith.muli {mt}, {step} : index"));
            let y = nest.kernel(e, &cm, b, &m0, n0, panel, nest.p.t.mr, cols, kb)?;
            nest.close(e, &y);
            Ok(r)
        })
    }

    /// Calls `body(C, n0, panel, columns)` for the full column panels (in a loop) and the
    /// edge panel.
    fn panels(
        &mut self,
        e: &mut Emitter,
        c: &str,
        _b: &str,
        _kb: &KBlock,
        mut body: impl FnMut(&mut Self, &mut Emitter, &str, &str, Option<&str>, i64) -> Result<String, String>,
    ) -> Result<String, String> {
        let p = self.p;
        let nr = p.nr();
        let (ntf, nrem) = (p.n / nr, p.n % nr);
        let mut c = c.to_string();
        if ntf > 0 {
            let ub = idx(e, ntf);
            let nt = e.fresh("nt");
            let c0 = self.c0.clone();
            let (r, cn) = self.open(e, &nt, &c0, &ub, &c);
            let step = idx(e, nr);
            let n0 = e.op("n0", &format!("arith.muli {nt}, {step} : index"));
            let y = body(self, e, &cn, &n0, Some(&nt), nr)?;
            // Each panel is a block of columns of C: the panels are shared among threads,
            // all reading the same rows of A (a parallel batch loop around keeps them serial).
            self.close_parallel(e, &y);
            c = r;
        }
        if nrem > 0 {
            let n0 = idx(e, ntf * nr);
            c = body(self, e, &c, &n0, None, nrem)?;
        }
        Ok(c)
    }

    /// The kernel for one tile: `rows` rows from `m0`, `cols` columns from `n0` (index
    /// values), reading full panel `panel` (or the edge panel for None), over one K block.
    /// Returns the new C.
    #[allow(clippy::too_many_arguments)]
    fn kernel(&mut self, e: &mut Emitter, c: &str, b: &str, m0: &str, n0: &str, panel: Option<&str>, rows: i64, cols: i64, kb: &KBlock) -> Result<String, String> {
        let p = self.p;
        let vl = p.vl;
        let oe = p.out.element;
        let st = types::storage(oe);
        let vty = self.vty.clone();
        let nvk = (cols + vl - 1) / vl;
        let count = (rows * nvk) as usize;
        let tys = vec![vty.clone(); count].join(", ");
        let row_index: Vec<String> = (0..rows)
            .map(|r| {
                if r == 0 {
                    m0.to_string()
                } else {
                    let cr = idx(e, r);
                    e.op("row", &format!("arith.addi {m0}, {cr} : index"))
                }
            })
            .collect();
        let col_offsets: Vec<String> = (0..nvk).map(|v| idx(e, v * vl)).collect();
        let cols_at: Vec<String> = (0..nvk as usize).map(|v| if v == 0 { n0.to_string() } else { e.op("col", &format!("arith.addi {n0}, {} : index", col_offsets[v])) }).collect();
        let in_bounds = |v: usize| (v as i64 + 1) * vl <= cols;
        // A gathered: each row's offset in the flat tensor (its group's included).
        let row_base: Vec<String> = match self.a {
            ARead::View(_) => vec![],
            ARead::Gather(g) => {
                let group = if self.has_batch && g.group_stride != 0 {
                    let s = idx(e, g.group_stride);
                    Some(e.op("gb", &format!("arith.muli {b}, {s} : index")))
                } else {
                    None
                };
                let rows_ty = format!("tensor<{}xi64>", p.m);
                row_index
                    .iter()
                    .map(|row| {
                        let r = e.op("ro", &format!("tensor.extract {}[{row}] : {rows_ty}", g.rows));
                        let r = e.op("ro", &format!("arith.index_cast {r} : i64 to index"));
                        match &group {
                            Some(gb) => e.op("ro", &format!("arith.addi {r}, {gb} : index")),
                            None => r,
                        }
                    })
                    .collect()
            }
        };
        // The accumulators' initial values: zero in the first K block, else the tile of C.
        let read_c = |nest: &Self, e: &mut Emitter| -> Vec<String> {
            let mut out = Vec::new();
            for row in &row_index {
                for (v, col) in cols_at.iter().enumerate() {
                    let at = nest.c_at(b, row, col);
                    out.push(e.op("ci", &format!("vector.transfer_read {c}{at}, {} {{in_bounds = [{}]}} : {}, {vty}", nest.pad, in_bounds(v), nest.c_text)));
                }
            }
            out
        };
        let inits: Vec<String> = match &kb.first {
            Flag::Yes => vec![self.zero_v.clone(); count],
            Flag::Dyn(first) => {
                let r = e.fresh("init");
                e.line(&format!("{r}:{count} = scf.if {first} -> ({tys}) {{"));
                e.enter();
                e.line(&format!("scf.yield {} : {tys}", vec![self.zero_v.clone(); count].join(", ")));
                e.leave();
                e.line("} else {");
                e.enter();
                let loaded = read_c(self, e);
                e.line(&format!("scf.yield {} : {tys}", loaded.join(", ")));
                e.leave();
                e.line("}");
                (0..count).map(|i| format!("{r}#{i}")).collect()
            }
        };
        // One step of the contraction at `k`: the accumulators after it.
        let step = |nest: &Self, e: &mut Emitter, k: &str, accs: &[String]| -> Result<Vec<String>, String> {
            let mut bvec = Vec::new();
            for (v, off) in col_offsets.iter().enumerate() {
                let (src, index, ib, ty) = match (panel, &nest.main_panels, &nest.edge_panel) {
                    (Some(pi), Some((mp, ty)), _) => (mp, format!("[{b}, {pi}, {k}, {off}]"), true, ty),
                    (None, _, Some((ep, ty))) => (ep, format!("[{b}, {k}, {off}]"), in_bounds(v), ty),
                    _ => return Err("internal: tiled dot without the panel it reads".into()),
                };
                bvec.push(e.op("bv", &format!("vector.transfer_read {src}{index}, {} {{in_bounds = [{ib}]}} : {ty}, {vty}", nest.pad)));
            }
            let mut next = Vec::new();
            let col_off = match nest.a {
                ARead::View(_) => None,
                ARead::Gather(g) => {
                    let o = e.op("ko", &format!("tensor.extract {}[{k}] : tensor<{}xi64>", g.cols, p.k));
                    Some(e.op("ko", &format!("arith.index_cast {o} : i64 to index")))
                }
            };
            for r in 0..rows as usize {
                let x = match nest.a {
                    ARead::View(a) => {
                        let index = a.index(|g| match g {
                            G::B => b.to_string(),
                            G::M => row_index[r].clone(),
                            _ => k.to_string(),
                        });
                        e.op("a", &format!("tensor.extract {}{index} : {}", a.value, types::tensor(&a.ty)))
                    }
                    ARead::Gather(g) => {
                        let at = e.op("ai", &format!("arith.addi {}, {} : index", row_base[r], col_off.as_deref().unwrap_or_default()));
                        e.op("a", &format!("tensor.extract {}[{at}] : {}", g.flat, types::tensor(&g.flat_ty)))
                    }
                };
                let x = scalar::load(e, &x, p.lt.element);
                let x = scalar::convert(e, &x, oe)?;
                let s = e.op("s", &format!("vector.broadcast {} : {st} to {vty}", x.name));
                for v in 0..nvk as usize {
                    let acc = &accs[r * nvk as usize + v];
                    next.push(if oe.is_float() {
                        e.op("f", &format!("vector.fma {s}, {}, {acc} : {vty}", bvec[v]))
                    } else {
                        let prod = e.op("p", &format!("arith.muli {s}, {} : {vty}", bvec[v]));
                        e.op("f", &format!("arith.addi {acc}, {prod} : {vty}"))
                    });
                }
            }
            Ok(next)
        };
        // `scf.for k = lb to ub step unroll` over `unroll` steps each; returns the results.
        let k_loop = |nest: &Self, e: &mut Emitter, lb: &str, ub: &str, unroll: i64, inits: &[String]| -> Result<Vec<String>, String> {
            let accs = e.fresh("acc");
            let iters: Vec<String> = (0..count).map(|_| e.fresh("x")).collect();
            let kv = e.fresh("k");
            let init_text: Vec<String> = iters.iter().zip(inits).map(|(x, i)| format!("{x} = {i}")).collect();
            let stride = if unroll == 1 { nest.c1.clone() } else { idx(e, unroll) };
            e.line(&format!("{accs}:{count} = scf.for {kv} = {lb} to {ub} step {stride} iter_args({}) -> ({tys}) {{", init_text.join(", ")));
            e.enter();
            let mut cur = iters.clone();
            for u in 0..unroll {
                let k = if u == 0 {
                    kv.clone()
                } else {
                    let cu = idx(e, u);
                    e.op("ku", &format!("arith.addi {kv}, {cu} : index"))
                };
                cur = step(nest, e, &k, &cur)?;
            }
            e.line(&format!("scf.yield {} : {tys}", cur.join(", ")));
            e.leave();
            e.line("}");
            Ok((0..count).map(|i| format!("{accs}#{i}")).collect())
        };
        let unroll = p.t.ku;
        let accs = if unroll == 1 || kb.multiple_of_unroll {
            k_loop(self, e, &kb.k0, &kb.k1, unroll, &inits)?
        } else {
            // Unrolled steps, then the rest one by one.
            let cu = idx(e, unroll);
            let len = e.op("kl", &format!("arith.subi {}, {} : index", kb.k1, kb.k0));
            let whole = e.op("kl", &format!("arith.divui {len}, {cu} : index"));
            let whole = e.op("kl", &format!("arith.muli {whole}, {cu} : index"));
            let mid = e.op("km", &format!("arith.addi {}, {whole} : index", kb.k0));
            let accs = k_loop(self, e, &kb.k0, &mid, unroll, &inits)?;
            k_loop(self, e, &mid, &kb.k1, 1, &accs)?
        };
        let mut c = c.to_string();
        for r in 0..rows as usize {
            for v in 0..nvk as usize {
                let at = self.c_at(b, &row_index[r], &cols_at[v]);
                c = e.op("c", &format!("vector.transfer_write {}, {c}{at} {{in_bounds = [{}]}} : {vty}, {}", accs[r * nvk as usize + v], in_bounds(v), self.c_text));
            }
        }
        let Some(f) = self.epilogue.as_mut() else { return Ok(c) };
        let site = Site { c: &c, c_ty: &self.c_ty, has_batch: self.has_batch, b, m0, n0, rows, cols };
        match &kb.last {
            Flag::Yes => f(e, &site),
            Flag::Dyn(last) => {
                let r = e.fresh("epi");
                e.line(&format!("{r} = scf.if {last} -> ({}) {{", self.c_text));
                e.enter();
                let y = f(e, &site)?;
                e.line(&format!("scf.yield {y} : {}", self.c_text));
                e.leave();
                e.line("} else {");
                e.enter();
                e.line(&format!("scf.yield {c} : {}", self.c_text));
                e.leave();
                e.line("}");
                Ok(r)
            }
        }
    }
}

/// The result indices of element (`row`, `col`) of a tile (index values: flat b, m, n), one
/// per result dimension, splitting each flat index over its group's dimensions.
pub fn result_indices(e: &mut Emitter, p: &Tiled, b: &str, m: &str, n: &str) -> Vec<String> {
    let (gb, gm, gn) = p.out_groups();
    let mut out = Vec::new();
    for (flat, dims) in [(b, gb), (m, gm), (n, gn)] {
        let mut stride: i64 = dims.iter().product();
        for (i, &d) in dims.iter().enumerate() {
            stride /= d;
            if dims.len() == 1 {
                out.push(flat.to_string());
                continue;
            }
            let mut v = flat.to_string();
            if stride > 1 {
                let s = e.op("c", &format!("arith.constant {stride} : index"));
                v = e.op("q", &format!("arith.divui {v}, {s} : index"));
            }
            if i > 0 {
                let s = e.op("c", &format!("arith.constant {d} : index"));
                v = e.op("q", &format!("arith.remui {v}, {s} : index"));
            }
            out.push(v);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::testing::lower_ok;

    fn dot(lhs: &str, rhs: &str, out: &str, dims: &str) -> String {
        lower_ok(
            &format!("%a: {lhs}, %b: {rhs}"),
            &format!("  %r = \"xhlo.dot_general\"(%a, %b) {{{dims}}} : ({lhs}, {rhs}) -> {out}"),
            out,
        )
    }

    const MATMUL: &str = "lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>";

    #[test]
    fn tile_sizes_read_and_print_as_five_positive_integers() {
        use super::Tiles;
        assert_eq!("6,2,256,40,4".parse::<Tiles>(), Ok(Tiles::DEFAULT));
        assert_eq!(Tiles::DEFAULT.to_string(), "6,2,256,40,4");
        assert_eq!("4, 3, 128, 8, 2".parse::<Tiles>(), Ok(Tiles { mr: 4, nv: 3, kc: 128, mc: 8, ku: 2 }));
        for bad in ["", "6,2,256,40", "6,2,256,40,4,1", "6,0,256,40,4", "6,2,x,40,4", "-1,2,256,40,4"] {
            let e = bad.parse::<Tiles>().unwrap_err();
            assert!(e.contains("five positive integers mr,nv,kc,mc,ku") && e.contains(&format!("'{bad}'")), "{e}");
        }
    }

    #[test]
    fn a_matrix_product_packs_b_and_tiles_c_with_edge_copies_of_the_kernel() {
        // 13 rows = 2 tiles of 6 + 1 edge row; 20 columns = 1 panel of 16 + 4 edge columns.
        let out = dot("tensor<13x64xf32>", "tensor<64x20xf32>", "tensor<13x20xf32>", MATMUL);
        // B packed: the full panel [b, panel, k, 16] and the edge [b, k, 4].
        assert!(out.contains("-> (d2, d1 * 16 + d3)") && out.contains("-> tensor<1x1x64x16xf32>"), "{out}");
        assert!(out.contains("-> (d1, d2 + 16)") && out.contains("-> tensor<1x64x4xf32>"), "{out}");
        // Four kernels (full/edge rows × full/edge panel), each a K loop unrolled by 4.
        assert_eq!(out.matches("iter_args(%x_").count(), 4, "{out}");
        assert_eq!(out.matches("vector.fma").count(), 4 * (6 * 2 + 2 + 6 + 1), "{out}");
        // The edge panel is read and C written with masks (in_bounds = [false]) only there.
        assert!(out.contains("vector.transfer_read %gen_") && out.contains("{in_bounds = [false]} : tensor<1x64x4xf32>"), "{out}");
        assert_eq!(out.matches("{in_bounds = [false]} : vector<8xf32>, tensor<13x20xf32>").count(), 6 + 1, "{out}");
        // K fits one block: no reloading of C, no K loop over blocks.
        assert!(!out.contains("scf.if"), "{out}");
    }

    #[test]
    fn the_tile_sizes_come_from_the_lowering_options() {
        use crate::convert::{lower_text_with, LowerOptions};
        let text = format!(
            "func.func @main(%a: tensor<12x600xf32>, %b: tensor<600x16xf32>) -> tensor<12x16xf32> {{\n  %r = \"xhlo.dot_general\"(%a, %b) {{{MATMUL}}} : (tensor<12x600xf32>, tensor<600x16xf32>) -> tensor<12x16xf32>\n  return %r : tensor<12x16xf32>\n}}\n"
        );
        let tiles = "4,2,100,40,4".parse().unwrap();
        let out = lower_text_with(&text, "t.mlir", &LowerOptions { tiles, vector_bytes: 32, ..Default::default() }).unwrap();
        // K blocks of 100 (not the default's 200), row tiles of 4.
        assert!(out.contains("arith.constant 100 : index") && !out.contains("arith.constant 200 : index"), "{out}");
        assert!(out.contains("arith.constant 4 : index"), "{out}");
    }

    #[test]
    fn a_long_contraction_is_blocked_and_accumulates_in_c() {
        let out = dot("tensor<12x600xf32>", "tensor<600x16xf32>", "tensor<12x16xf32>", MATMUL);
        // 600 = 3 blocks of 200: the first starts from zero, the others from C.
        assert!(out.contains("scf.for %kc_"), "{out}");
        assert!(out.contains("arith.constant 200 : index"), "{out}");
        assert!(out.contains("scf.if %first_") && out.contains("vector.transfer_read %cc_"), "{out}");
    }

    #[test]
    fn operands_are_read_in_place_unless_a_group_is_split() {
        // Q·Kᵀ with a batch: both operands are [b, ·, k] views, read in place (no transpose);
        // the batch pair collapses to one dimension.
        let out = dot(
            "tensor<2x3x20x16xf32>",
            "tensor<2x3x24x16xf32>",
            "tensor<2x3x20x24xf32>",
            "lhs_batching_dimensions = array<i64: 0, 1>, rhs_batching_dimensions = array<i64: 0, 1>, lhs_contracting_dimensions = array<i64: 3>, rhs_contracting_dimensions = array<i64: 3>",
        );
        assert!(!out.contains("linalg.transpose"), "{out}");
        assert!(out.contains("tensor.collapse_shape %p0 [[0, 1], [2], [3]]"), "{out}");
        assert!(out.contains("tensor.expand_shape"), "{out}");
        // lhs [m1, k, m2]: the free dimensions are not adjacent, so lhs is transposed first.
        let out = dot("tensor<4x32x6xf32>", "tensor<32x24xf32>", "tensor<4x6x24xf32>", MATMUL);
        assert!(out.contains("linalg.transpose ins(%p0 : tensor<4x32x6xf32>)") && out.contains("permutation = [0, 2, 1]"), "{out}");
    }

    #[test]
    fn small_complex_and_half_precision_dots_keep_the_generic() {
        for (t, n) in [("f32", 8), ("complex<f32>", 64), ("f16", 64), ("i16", 64)] {
            let ty = |a: i64, b: i64| format!("tensor<{a}x{b}x{t}>");
            let out = dot(&ty(n, n), &ty(n, n), &ty(n, n), MATMUL);
            assert!(!out.contains("vector.") && out.contains("linalg.generic"), "{t}: {out}");
        }
    }
}
