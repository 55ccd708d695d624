//! `xhlo.fusion` → ONE `linalg.generic` per fusion (two for a large input fusion, see below).
//!
//! The body's values are never materialized: each is a function of an index into its shape,
//! and the generic's scalar body evaluates the whole chain per element. A value is evaluated
//! "at a map": an affine function from the generic's loop indices to the value's indices.
//! Element-wise ops evaluate their operands at the same map; shape ops compose their index
//! function into the map (`broadcast_in_dim` drops or pins dimensions, `transpose` permutes,
//! `slice` scales and offsets, `reverse` flips, a `reshape` that splits dimensions (or adds
//! or removes unit ones) combines indices linearly, [`reshape_splits`]); a splat constant is
//! a scalar. A `concatenate` or a `pad` (no interior padding) evaluates each operand at the
//! position shifted to its start: a loop fusion runs one generic per piece of its shape
//! between the operands' boundaries ([`pieces`]), where each reads one operand; otherwise it
//! selects between them by the position, and leaves under them are read with
//! `tensor.extract` at indices clamped into their tensors ([`Eval::guarded`]). The leaves —
//! fusion operands and non-splat constants — become the generic's inputs with those maps
//! (one input per distinct (leaf, map)); each (value, map) is computed once per iteration.
//!
//! - kind `"loop"`: the loops are the output shape (all yields must have one shape), one init
//!   per yield.
//! - kind `"input"`: the yields are the results of one `reduce`; the loops are its input's
//!   dimensions (kept ones parallel, reduced ones last), the inputs of the reduce are
//!   evaluated per element and combined with the reducer region into accumulators filled
//!   with the init values. Reductions of more than 4096 elements take two stages as the plain
//!   `reduce` lowering does (precision): the fused generic reduces all but the outermost
//!   reduced dimension (or the inner part of a single split dimension, through an index map
//!   `outer * block + inner`), and a plain reduction combines the partial results.
//! - kind `"output"`: one `dot_general` and an element-wise epilogue. Where the dot takes the
//!   register-tiled path ([`super::linalg::dot_tiled`]), the epilogue runs on each finished tile of the
//!   dot right after the tile is stored (in cache), in a small generic over the tile whose
//!   loop indices give the result's indices; its operands are read with `tensor.extract` at
//!   their maps (gather mode), so the dot's result is written once and rewritten in place,
//!   never materialized apart. Otherwise the generic has the dot's loops; each iteration multiply-accumulates into the result element, and on the
//!   last iteration of the contracting loops (`linalg.index` tests, in an `scf.if`) the
//!   epilogue is applied to the finished sum and stored in its place. The dot result is
//!   never a separate tensor: the output tensor holds the running sum, then the epilogue's
//!   value. The epilogue may read the dot only at the element being computed. A dot with an
//!   empty contraction (no iterations: the sum stays 0) is lowered op by op.
//!
//! - kind `"row"`: kernels sharing a loop over blocks of rows (a softmax, a layer norm), each
//!   lowered as above on one block at a time ([`rows`]).
//!
//! Anything else (other ops, values captured from outside the body, yields of several
//! shapes...) is an "unsupported in lowering" error.

use super::LowerFn;
use crate::convert::{lower_nested_block, xtensor, Ctx, Lowered};
use crate::emitter::{Emitter, Operand};
use crate::ops::common::i64s;
use crate::ops::linalg::{dot_library, dot_tiled};
use crate::ops::linalg::{dot_plan, multiply_accumulate, zero_of};
use crate::region;
use crate::scalar::{self, Value};
use std::collections::HashMap;
use xhlo_ir::literal::Literal;
use xhlo_ir::{ElementType, TensorType, Type};
use mlir_text::ast::{Attribute, Block, Op, ValueRef};

pub mod rows;

pub const LOWERINGS: &[(&str, LowerFn)] = &[("fusion", fusion)];

/// An affine expression of the loop indices: `Σ coef·d{dim} + offset`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Expr {
    pub terms: Vec<(usize, i64)>,
    pub offset: i64,
}

impl Expr {
    pub fn dim(d: usize) -> Expr {
        Expr { terms: vec![(d, 1)], offset: 0 }
    }

    pub fn constant(c: i64) -> Expr {
        Expr { terms: vec![], offset: c }
    }

    /// `self * k + c`.
    fn scale_add(&self, k: i64, c: i64) -> Expr {
        let terms = if k == 0 { vec![] } else { self.terms.iter().map(|&(d, a)| (d, a * k)).collect() };
        Expr { terms, offset: self.offset * k + c }
    }

    /// `Σ e·k` over `parts`: one term per loop (in loop order), offsets added.
    fn sum(parts: &[(&Expr, i64)]) -> Expr {
        let mut terms: std::collections::BTreeMap<usize, i64> = Default::default();
        let mut offset = 0;
        for (e, k) in parts {
            for &(d, a) in &e.terms {
                *terms.entry(d).or_default() += a * k;
            }
            offset += e.offset * k;
        }
        Expr { terms: terms.into_iter().filter(|&(_, a)| a != 0).collect(), offset }
    }

    /// The least and greatest value over the loops `d` in `0..sizes[d]` (`None` where a loop's
    /// size is unknown or zero).
    fn range(&self, sizes: &[i64]) -> Option<(i64, i64)> {
        let (mut lo, mut hi) = (self.offset, self.offset);
        for &(d, a) in &self.terms {
            let n = *sizes.get(d).filter(|&&n| n > 0)?;
            let end = a * (n - 1);
            lo += end.min(0);
            hi += end.max(0);
        }
        Some((lo, hi))
    }

    fn text(&self) -> String {
        let mut parts: Vec<String> = self.terms.iter().map(|&(d, a)| if a == 1 { format!("d{d}") } else { format!("d{d} * {a}") }).collect();
        if self.offset != 0 || parts.is_empty() {
            parts.push(self.offset.to_string());
        }
        parts.join(" + ")
    }
}

/// For a reshape from dimensions `from` to `to` that only splits dimensions (and inserts or
/// removes unit ones), the dimensions of `to` that each dimension of `from` splits into, in
/// order (empty for a unit dimension of `from`); `None` for a reshape that merges dimensions.
/// Such a reshape composes into a fused kernel's index maps as a linear function: element
/// `[.., i, j, ..]` of `to` is element `[.., i · to[j] + j, ..]` of `from` (dimensions merged
/// back would need a division and a remainder, which the maps do not have).
pub fn reshape_splits(from: &[i64], to: &[i64]) -> Option<Vec<Vec<usize>>> {
    let mut groups = vec![Vec::new(); from.len()];
    let mut j = 0;
    for (i, &size) in from.iter().enumerate() {
        if size == 1 {
            continue;
        }
        let mut product = 1;
        while product < size {
            let &d = to.get(j)?;
            if d != 1 {
                product = product.checked_mul(d)?;
                groups[i].push(j);
            }
            j += 1;
        }
        if product != size {
            return None;
        }
    }
    to[j..].iter().all(|&d| d == 1).then_some(groups)
}

/// The index value of `x` from the loops' index values.
fn index_value(e: &mut Emitter, x: &Expr, loops: &[String]) -> Result<String, String> {
    let mut acc: Option<String> = None;
    for &(d, a) in &x.terms {
        let l = loops.get(d).ok_or("internal: loop index out of range")?.clone();
        let term = if a == 1 { l } else {
            let k = e.op("c", &format!("arith.constant {a} : index"));
            e.op("ix", &format!("arith.muli {l}, {k} : index"))
        };
        acc = Some(match acc {
            None => term,
            Some(prev) => e.op("ix", &format!("arith.addi {prev}, {term} : index")),
        });
    }
    Ok(match acc {
        None => e.op("c", &format!("arith.constant {} : index", x.offset)),
        Some(v) if x.offset == 0 => v,
        Some(v) => {
            let k = e.op("c", &format!("arith.constant {} : index", x.offset));
            e.op("ix", &format!("arith.addi {v}, {k} : index"))
        }
    })
}

/// One expression per dimension of a value.
pub type Map = Vec<Expr>;

fn map_text(m: &Map) -> String {
    m.iter().map(Expr::text).collect::<Vec<_>>().join(", ")
}

/// The identity map over `n` loops.
pub fn identity(n: usize) -> Map {
    (0..n).map(Expr::dim).collect()
}

/// Where a body value comes from.
#[derive(Clone, Copy)]
enum Def<'a> {
    Arg(usize),
    Result(&'a Op, usize),
}

/// A generic's input: a fusion operand or a materialized constant.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Leaf {
    Arg(usize),
    Constant(String),
}

/// The evaluator of one fusion body inside one generic.
struct Eval<'a> {
    defs: HashMap<String, Def<'a>>,
    /// The lowered fusion operands.
    args: Vec<Lowered>,
    /// Non-splat constants materialized before the generic: body value → lowered tensor.
    constants: HashMap<String, (String, TensorType)>,
    /// The generic's inputs so far, by (leaf, map text).
    inputs: Vec<Operand>,
    input_of: HashMap<(Leaf, String), usize>,
    /// The loops some input reads with a plain `d{i}` (linalg infers loop ranges from those).
    covered: std::collections::HashSet<usize>,
    /// Inputs that come before the evaluated ones (the dot's lhs and rhs).
    fixed_inputs: usize,
    /// While emitting: the block arguments of the generic's body.
    block_args: Vec<String>,
    /// Gather mode (the tiled output fusion's epilogue): the index value of each loop, and
    /// leaves are read with `tensor.extract` at their map instead of being generic inputs.
    gather: Option<Vec<String>>,
    memo: HashMap<(String, String), Value>,
    /// The output fusion's dot: its value name, the map it may be read at, and (while
    /// emitting the epilogue) its finished sum.
    dot: Option<(String, String, Option<Value>)>,
    kind: &'static str,
    /// While above 0: evaluating an operand of a `concatenate` or a `pad` that a `select`
    /// may discard, so at positions outside the operand. Leaves are then read with
    /// `tensor.extract` at indices clamped into their tensors (where an index may leave
    /// them), never out of bounds.
    guarded: usize,
    /// The loops' sizes where known (loop fusions, tiled epilogues): an index that stays
    /// inside its dimension over them needs no clamp, and a concatenate's operands that the
    /// loops never reach are not evaluated.
    loop_sizes: Option<Vec<i64>>,
    /// Positions along the loops where a `concatenate` changes operand or a `pad` enters or
    /// leaves an edge (loop, first index of the next piece), found while collecting inputs:
    /// a loop fusion runs one generic per piece between them ([`pieces`]), where each
    /// concatenate reads one operand and each pad reads its operand or is the padding value.
    splits: std::collections::BTreeSet<(usize, i64)>,
}

fn unsupported(kind: &str, what: String) -> String {
    format!("unsupported in lowering: {what} in {} {kind} fusion", if kind.starts_with(|c: char| "aeiou".contains(c)) { "an" } else { "a" })
}

fn tensor_of(t: &mlir_text::ast::Type) -> Result<TensorType, String> {
    xtensor(t)
}

/// Whether a constant's body is one value for every element (parses as a scalar).
fn splat_value(body: &str, ty: &TensorType) -> Option<xhlo_ir::literal::Scalar> {
    let scalar_ty = TensorType::new(vec![], ty.element);
    Literal::parse_dense(body, &scalar_ty).ok().map(|l| l.get(0))
}

impl<'a> Eval<'a> {
    fn new(block: &'a Block, args: Vec<Lowered>, kind: &'static str) -> Result<Eval<'a>, String> {
        let mut defs = HashMap::new();
        for (i, (v, _)) in block.args.iter().enumerate() {
            defs.insert(v.0.clone(), Def::Arg(i));
        }
        for op in &block.ops {
            for (i, r) in op.result_refs().into_iter().enumerate() {
                defs.insert(r.0, Def::Result(op, i));
            }
        }
        Ok(Eval {
            defs,
            args,
            constants: HashMap::new(),
            inputs: Vec::new(),
            input_of: HashMap::new(),
            covered: Default::default(),
            fixed_inputs: 0,
            block_args: Vec::new(),
            gather: None,
            memo: HashMap::new(),
            dot: None,
            kind,
            guarded: 0,
            loop_sizes: None,
            splits: Default::default(),
        })
    }

    /// Forgets the inputs collected for a previous `linalg.generic` (and the values computed
    /// for it), keeping the materialized constants, before collecting another's.
    fn start_generic(&mut self) {
        self.inputs.clear();
        self.input_of.clear();
        self.covered.clear();
        self.memo.clear();
    }

    fn def(&self, v: &ValueRef) -> Result<Def<'a>, String> {
        self.defs.get(&v.0).copied().ok_or_else(|| unsupported(self.kind, format!("the value {v} captured from outside the body")))
    }

    fn type_of(&self, v: &ValueRef) -> Result<TensorType, String> {
        match self.def(v)? {
            Def::Arg(i) => match &self.args[i].ty {
                Type::Tensor(t) => Ok(t.clone()),
                other => Err(unsupported(self.kind, format!("operand of type {other}"))),
            },
            Def::Result(op, i) => tensor_of(op.result_types.get(i).ok_or("missing result type")?),
        }
    }

    /// Materializes the non-splat constants the evaluation of `v` reaches (before the generic).
    fn materialize_constants(&mut self, ctx: &mut Ctx, v: &ValueRef, seen: &mut std::collections::HashSet<String>) -> Result<(), String> {
        if !seen.insert(v.0.clone()) {
            return Ok(());
        }
        let Def::Result(op, _) = self.def(v)? else { return Ok(()) };
        if op.name == "xhlo.constant" {
            let ty = self.type_of(v)?;
            let Some(Attribute::Dense { body, .. }) = op.attr("value") else {
                return Err(unsupported(self.kind, "a constant without a dense value".into()));
            };
            if splat_value(body, &ty).is_none() {
                let lower = super::lowering_for("constant").ok_or("internal: no constant lowering")?;
                let name = lower(ctx, op)?.remove(0);
                self.constants.insert(v.0.clone(), (name, ty));
            }
            return Ok(());
        }
        if op.name == "xhlo.dot_general" {
            return Ok(());
        }
        for o in &op.operands {
            self.materialize_constants(ctx, o, seen)?;
        }
        Ok(())
    }

    /// The input index of `leaf` read at `map`, adding it when new.
    fn input(&mut self, leaf: Leaf, map: &Map) -> Result<usize, String> {
        let key = (leaf.clone(), map_text(map));
        if let Some(&i) = self.input_of.get(&key) {
            return Ok(i);
        }
        let (value, ty) = match &leaf {
            Leaf::Arg(i) => match &self.args[*i].ty {
                Type::Tensor(t) => (self.args[*i].name.clone(), t.clone()),
                other => return Err(unsupported(self.kind, format!("operand of type {other}"))),
            },
            Leaf::Constant(v) => self.constants.get(v).cloned().ok_or("internal: constant not materialized")?,
        };
        for x in map {
            if let ([(d, 1)], 0) = (x.terms.as_slice(), x.offset) {
                self.covered.insert(*d);
            }
        }
        let i = self.fixed_inputs + self.inputs.len();
        self.inputs.push(Operand { value, ty, map: key.1.clone() });
        self.input_of.insert(key, i);
        Ok(i)
    }

    /// The element of `v` at `map` (in terms of the generic's loops). With `e` = None only
    /// collects the inputs (nothing is emitted, the returned name is empty).
    fn eval(&mut self, mut e: Option<&mut Emitter>, v: &ValueRef, map: &Map) -> Result<Value, String> {
        let key = (v.0.clone(), map_text(map));
        if let Some(x) = self.memo.get(&key) {
            return Ok(x.clone());
        }
        let ty = self.type_of(v)?;
        if ty.rank() != map.len() {
            return Err(format!("internal: {v} has rank {} but is indexed with {} expressions", ty.rank(), map.len()));
        }
        let value = match self.def(v)? {
            Def::Arg(i) => self.leaf(e, Leaf::Arg(i), map, ty.element)?,
            Def::Result(op, _) => self.eval_op(e.as_deref_mut(), op, v, &ty, map)?,
        };
        self.memo.insert(key, value.clone());
        Ok(value)
    }

    fn leaf(&mut self, e: Option<&mut Emitter>, leaf: Leaf, map: &Map, t: ElementType) -> Result<Value, String> {
        if let Some(loops) = self.gather.clone() {
            return match e {
                Some(e) => self.gather_leaf(e, &leaf, map, &loops, t),
                None => Ok(Value { name: String::new(), ty: t }),
            };
        }
        if self.guarded > 0 {
            let (_, ty) = self.leaf_tensor(&leaf)?;
            if !map.iter().zip(&ty.dims).all(|(x, &size)| self.within(x, size)) {
                return match e {
                    Some(e) => {
                        let loops = self.loop_indices(e, map);
                        self.gather_leaf(e, &leaf, map, &loops, t)
                    }
                    None => Ok(Value { name: String::new(), ty: t }),
                };
            }
        }
        let i = self.input(leaf, map)?;
        Ok(match e {
            Some(e) => scalar::load(e, &self.block_args[i], t),
            None => Value { name: String::new(), ty: t },
        })
    }

    /// The tensor a leaf stands for, and its type.
    fn leaf_tensor(&self, leaf: &Leaf) -> Result<(String, TensorType), String> {
        match leaf {
            Leaf::Arg(i) => match &self.args[*i].ty {
                Type::Tensor(t) => Ok((self.args[*i].name.clone(), t.clone())),
                other => Err(unsupported(self.kind, format!("operand of type {other}"))),
            },
            Leaf::Constant(v) => self.constants.get(v).cloned().ok_or_else(|| "internal: constant not materialized".into()),
        }
    }

    /// The element of `leaf` at `map`, read with `tensor.extract` at indices computed from
    /// the loops' index values.
    fn gather_leaf(&mut self, e: &mut Emitter, leaf: &Leaf, map: &Map, loops: &[String], t: ElementType) -> Result<Value, String> {
        let (value, ty) = self.leaf_tensor(leaf)?;
        let indices = map.iter().zip(&ty.dims).map(|(x, &size)| self.bounded_index(e, x, loops, size)).collect::<Result<Vec<_>, _>>()?;
        let x = e.op("g", &format!("tensor.extract {value}[{}] : {}", indices.join(", "), crate::types::tensor(&ty)));
        Ok(scalar::load(e, &x, t))
    }

    /// The least and greatest value of `x` over the iterations: known for constants, and
    /// over [`Eval::loop_sizes`] where those are known.
    fn range_of(&self, x: &Expr) -> Option<(i64, i64)> {
        if x.terms.is_empty() {
            return Some((x.offset, x.offset));
        }
        self.loop_sizes.as_deref().and_then(|sizes| x.range(sizes))
    }

    /// Whether `x` is known to stay in `0..size` over every iteration.
    fn within(&self, x: &Expr, size: i64) -> bool {
        self.range_of(x).is_some_and(|(lo, hi)| lo >= 0 && hi < size)
    }

    /// The index value of `x` into a dimension of `size`: clamped into it where a guarded
    /// evaluation ([`Eval::guarded`]) may take it outside.
    fn bounded_index(&self, e: &mut Emitter, x: &Expr, loops: &[String], size: i64) -> Result<String, String> {
        let v = index_value(e, x, loops)?;
        if self.guarded == 0 || self.within(x, size) {
            return Ok(v);
        }
        let zero = e.op("c", "arith.constant 0 : index");
        let last = e.op("c", &format!("arith.constant {} : index", size - 1));
        let above = e.op("ix", &format!("arith.maxsi {v}, {zero} : index"));
        Ok(e.op("ix", &format!("arith.minsi {above}, {last} : index")))
    }

    /// Records where `x`, a function of a single loop, crosses `bound` ([`Eval::splits`]):
    /// the first loop index on the other side.
    fn split_at(&mut self, x: &Expr, bound: i64) {
        let [(d, a)] = x.terms[..] else { return };
        let floor_div = |n: i64, k: i64| n / k - i64::from(n % k != 0 && (n < 0) != (k < 0));
        let num = bound - x.offset;
        // a > 0: the least i with a·i + offset >= bound, ceil(num / a); a < 0: the least i
        // with a·i + offset < bound, floor(num / a) + 1.
        let first = if a > 0 { -floor_div(-num, a) } else { floor_div(num, a) + 1 };
        let size = self.loop_sizes.as_ref().and_then(|s| s.get(d).copied()).unwrap_or(i64::MAX);
        if first > 0 && first < size {
            self.splits.insert((d, first));
        }
    }

    /// `v` at `map` as a guarded operand ([`Eval::guarded`]).
    fn eval_guarded(&mut self, e: Option<&mut Emitter>, v: &ValueRef, map: &Map) -> Result<Value, String> {
        self.guarded += 1;
        let value = self.eval(e, v, map);
        self.guarded -= 1;
        value
    }

    /// A `concatenate` at `map`: the operands the position along the axis may fall in,
    /// each evaluated at the position shifted to its start, and `select`s by the position
    /// (every reached operand is computed at every element, so vectors stay whole). An
    /// operand the loops never reach is not evaluated; where only one is reached it is the
    /// value.
    fn eval_concatenate(&mut self, mut e: Option<&mut Emitter>, op: &'a Op, ty: &TensorType, map: &Map) -> Result<Value, String> {
        let axis = usize::try_from(super::common::int(op, "dimension")?).ok().filter(|&a| a < map.len()).ok_or("concatenate dimension out of range")?;
        let x = &map[axis];
        let range = self.range_of(x);
        let mut reached = Vec::new();
        let mut start = 0;
        for v in &op.operands {
            let size = *self.type_of(v)?.dims.get(axis).ok_or("concatenate operand of lower rank")?;
            if size > 0 && range.is_none_or(|(lo, hi)| lo < start + size && hi >= start) {
                reached.push((v, start));
            }
            start += size;
        }
        if e.is_none() {
            for &(_, start) in reached.iter().skip(1) {
                self.split_at(x, start);
            }
        }
        let shifted = |start: i64| -> Map {
            let mut m = map.clone();
            m[axis] = x.scale_add(1, -start);
            m
        };
        match reached.as_slice() {
            [] => return Err("internal: a concatenate read outside all its operands".into()),
            [(v, start)] if range.is_some() => return self.eval(e, v, &shifted(*start)),
            _ => {}
        }
        let mut values = Vec::new();
        for (v, start) in &reached {
            values.push(self.eval_guarded(e.as_deref_mut(), v, &shifted(*start))?);
        }
        let Some(e) = e else { return Ok(Value { name: String::new(), ty: ty.element }) };
        let loops = self.loop_indices(e, map);
        let position = index_value(e, x, &loops)?;
        let mut value = values.pop().ok_or("internal: no operand")?;
        for (k, v) in values.iter().enumerate().rev() {
            let next = e.op("c", &format!("arith.constant {} : index", reached[k + 1].1));
            let before = Value { name: e.op("in", &format!("arith.cmpi slt, {position}, {next} : index")), ty: ElementType::Pred };
            value = scalar::select(e, &before, v, &value);
        }
        Ok(value)
    }

    /// A `pad` without interior padding at `map`: the operand at the position shifted by the
    /// low edges where the position is inside it in every dimension, else the padding value
    /// (a `select`; dimensions the loops never take into the edges are not tested).
    fn eval_pad(&mut self, mut e: Option<&mut Emitter>, op: &'a Op, ty: &TensorType, map: &Map) -> Result<Value, String> {
        let (x, padding) = (op.operands.first().ok_or("xhlo.pad: missing operand")?, op.operands.get(1).ok_or("xhlo.pad: missing padding value")?);
        let (low, interior) = (i64s(op, "edge_padding_low")?, i64s(op, "interior_padding")?);
        if interior.iter().any(|&i| i != 0) {
            return Err(unsupported(self.kind, "xhlo.pad with interior padding".into()));
        }
        let xt = self.type_of(x)?;
        if low.len() != map.len() || xt.rank() != map.len() {
            return Err("pad attributes do not match the rank".into());
        }
        let m: Map = map.iter().zip(&low).map(|(p, &l)| p.scale_add(1, -l)).collect();
        let edges: Vec<usize> = (0..m.len()).filter(|&d| !self.within(&m[d], xt.dims[d])).collect();
        if edges.is_empty() {
            return self.eval(e, x, &m);
        }
        if edges.iter().any(|&d| self.range_of(&m[d]).is_some_and(|(lo, hi)| hi < 0 || lo >= xt.dims[d])) {
            return self.eval(e, padding, &vec![]);
        }
        if e.is_none() {
            for &d in &edges {
                self.split_at(&m[d], 0);
                self.split_at(&m[d], xt.dims[d]);
            }
        }
        let inside = self.eval_guarded(e.as_deref_mut(), x, &m)?;
        let pad = self.eval(e.as_deref_mut(), padding, &vec![])?;
        let Some(e) = e else { return Ok(Value { name: String::new(), ty: ty.element }) };
        let loops = self.loop_indices(e, map);
        let positions = edges.iter().map(|&d| index_value(e, &m[d], &loops)).collect::<Result<Vec<_>, _>>()?;
        let sizes: Vec<i64> = edges.iter().map(|&d| xt.dims[d]).collect();
        let cond = Value { name: super::common::in_bounds(e, &positions, &sizes), ty: ElementType::Pred };
        Ok(scalar::select(e, &cond, &inside, &pad))
    }

    /// The index value of each loop up to the highest one `map` uses: the gather mode's, or
    /// `linalg.index` ops.
    fn loop_indices(&self, e: &mut Emitter, map: &Map) -> Vec<String> {
        if let Some(loops) = &self.gather {
            return loops.clone();
        }
        let n = map.iter().flat_map(|x| x.terms.iter().map(|&(d, _)| d + 1)).max().unwrap_or(0);
        (0..n).map(|d| e.op("i", &format!("linalg.index {d} : index"))).collect()
    }

    /// A `gather` at `map`: its start indices evaluated in the kernel at the batch
    /// coordinates, clamped as the plain lowering ([`super::indexing`]) clamps them, and the
    /// operand, a kernel operand (`xhlo-eqsat` never fuses the gathered value's producer: it
    /// would be evaluated at computed indices), read with `tensor.extract`.
    fn eval_gather(&mut self, mut e: Option<&mut Emitter>, op: &'a Op, ty: &TensorType, map: &Map) -> Result<Value, String> {
        let (x, ind) = (op.operands.first().ok_or("xhlo.gather: missing operand")?, op.operands.get(1).ok_or("xhlo.gather: missing start indices")?);
        let (xt, it) = (self.type_of(x)?, self.type_of(ind)?);
        let g = super::indexing::GatherDims::read(op, xt.rank(), it.rank(), ty.rank())?;
        let leaf = match self.def(x)? {
            Def::Arg(i) => Leaf::Arg(i),
            Def::Result(c, _) if c.name == "xhlo.constant" && self.constants.contains_key(&x.0) => Leaf::Constant(x.0.clone()),
            Def::Result(..) => return Err(unsupported(self.kind, "a gather from a value computed in the kernel".into())),
        };
        let batch: Vec<Expr> = g.batch_dims.iter().map(|&d| map[d].clone()).collect();
        let mut components = Vec::new();
        for j in 0..g.start_index_map.len() {
            let m = g.index_coords(it.rank(), &batch, j, Expr::constant);
            components.push(self.eval(e.as_deref_mut(), ind, &m)?);
        }
        let Some(e) = e else { return Ok(Value { name: String::new(), ty: ty.element }) };
        let mut starts = Vec::new();
        for (j, v) in components.iter().enumerate() {
            let stored = scalar::store(e, v);
            let index = super::common::clamped_index(e, &stored, it.element, 0, g.max_start(&xt.dims, j))?;
            starts.push(crate::build::Value::new(&index, mlir_text::ast::Type::Index));
        }
        let loops = self.loop_indices(e, map);
        let out_index = map.iter().zip(&ty.dims).map(|(x, &size)| Ok(crate::build::Value::new(&self.bounded_index(e, x, &loops, size)?, mlir_text::ast::Type::Index))).collect::<Result<Vec<_>, String>>()?;
        let coords = g.operand_coords(e, &out_index, starts);
        let (value, vt) = self.leaf_tensor(&leaf)?;
        let element = e.tensor_extract(&crate::build::Value::tensor(&value, &vt), &coords);
        Ok(scalar::load(e, &element.to_string(), ty.element))
    }

    fn eval_op(&mut self, mut e: Option<&mut Emitter>, op: &'a Op, v: &ValueRef, ty: &TensorType, map: &Map) -> Result<Value, String> {
        let name = op.name.strip_prefix("xhlo.").ok_or_else(|| unsupported(self.kind, format!("op '{}'", op.name)))?;
        let operand = |i: usize| op.operands.get(i).cloned().ok_or_else(|| format!("xhlo.{name}: missing operand #{i}"));
        match name {
            "constant" => {
                if self.constants.contains_key(&v.0) {
                    return self.leaf(e, Leaf::Constant(v.0.clone()), map, ty.element);
                }
                let Some(Attribute::Dense { body, .. }) = op.attr("value") else {
                    return Err(unsupported(self.kind, "a constant without a dense value".into()));
                };
                let s = splat_value(body, ty).ok_or("internal: constant neither splat nor materialized")?;
                Ok(match e {
                    Some(e) => region::scalar_constant(e, s, ty.element),
                    None => Value { name: String::new(), ty: ty.element },
                })
            }
            "broadcast_in_dim" => {
                let x = operand(0)?;
                let xt = self.type_of(&x)?;
                let dims = i64s(op, "broadcast_dimensions")?;
                let mut m = Vec::new();
                for (k, &d) in dims.iter().enumerate() {
                    let d = usize::try_from(d).ok().filter(|&d| d < map.len()).ok_or("broadcast dimension out of range")?;
                    let size = *xt.dims.get(k).ok_or("broadcast_dimensions longer than the operand's rank")?;
                    m.push(if size == 1 && ty.dims[d] != 1 { Expr::constant(0) } else { map[d].clone() });
                }
                self.eval(e, &x, &m)
            }
            "transpose" => {
                let x = operand(0)?;
                let perm = i64s(op, "permutation")?;
                let mut m = vec![Expr::constant(0); perm.len()];
                for (i, &p) in perm.iter().enumerate() {
                    let p = usize::try_from(p).ok().filter(|&p| p < m.len()).ok_or("permutation out of range")?;
                    m[p] = map.get(i).cloned().ok_or("permutation longer than the result's rank")?;
                }
                self.eval(e, &x, &m)
            }
            "slice" => {
                let x = operand(0)?;
                let start = i64s(op, "start_indices")?;
                let strides = i64s(op, "strides").unwrap_or_else(|_| vec![1; start.len()]);
                if start.len() != map.len() || strides.len() != map.len() {
                    return Err("slice attributes do not match the rank".into());
                }
                let m = map.iter().zip(start.iter().zip(&strides)).map(|(x, (&s, &k))| x.scale_add(k, s)).collect();
                self.eval(e, &x, &m)
            }
            "reverse" => {
                let x = operand(0)?;
                let dims = i64s(op, "dimensions")?;
                let mut m = map.clone();
                for &d in &dims {
                    let d = usize::try_from(d).ok().filter(|&d| d < m.len()).ok_or("reverse dimension out of range")?;
                    m[d] = m[d].scale_add(-1, ty.dims[d] - 1);
                }
                self.eval(e, &x, &m)
            }
            "reshape" => {
                let x = operand(0)?;
                let xt = self.type_of(&x)?;
                let Some(groups) = reshape_splits(&xt.dims, &ty.dims) else {
                    return Err(unsupported(self.kind, format!("xhlo.reshape from {xt} to {ty} (dimensions may only be split, not merged)")));
                };
                // Each operand index is its split dimensions' indices, most significant first.
                let m = groups
                    .iter()
                    .map(|group| {
                        let mut stride = 1;
                        let mut parts = Vec::new();
                        for &b in group.iter().rev() {
                            parts.push((&map[b], stride));
                            stride *= ty.dims[b];
                        }
                        Expr::sum(&parts)
                    })
                    .collect();
                self.eval(e, &x, &m)
            }
            "gather" => self.eval_gather(e, op, ty, map),
            "concatenate" => self.eval_concatenate(e, op, ty, map),
            "pad" => self.eval_pad(e, op, ty, map),
            "dot_general" | "convolution" => match &self.dot {
                Some((dot, at, sum)) if *dot == v.0 && *at == map_text(map) => {
                    Ok(sum.clone().unwrap_or(Value { name: String::new(), ty: ty.element }))
                }
                Some((dot, _, _)) if *dot == v.0 => Err(unsupported(self.kind, format!("a read of the {name} result at another element"))),
                _ => Err(unsupported(self.kind, format!("xhlo.{name}"))),
            },
            _ if super::is_elementwise(name) => {
                let mut values = Vec::new();
                for x in &op.operands {
                    let xt = self.type_of(x)?;
                    let m = if xt.rank() == 0 && ty.rank() > 0 { vec![] } else { map.clone() };
                    values.push(self.eval(e.as_deref_mut(), x, &m)?);
                }
                match e {
                    Some(e) => region::apply(e, op, values, ty.element),
                    None => Ok(Value { name: String::new(), ty: ty.element }),
                }
            }
            _ => Err(unsupported(self.kind, format!("xhlo.{name}"))),
        }
    }
}

fn str_attr<'o>(op: &'o Op, name: &str) -> Option<&'o str> {
    op.attr(name).and_then(Attribute::as_str)
}

fn fusion(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let body = op.regions.first().and_then(|r| r.blocks.first()).ok_or("fusion without a body")?;
    let mut args = Vec::new();
    for v in &op.operands {
        args.push(ctx.get(v)?.clone());
    }
    let yields = body
        .ops
        .iter()
        .find(|o| o.name == xhlo_ir::op::REGION_TERMINATOR)
        .map(|o| o.operands.clone())
        .ok_or("fusion body does not end in a terminator")?;
    match str_attr(op, "kind") {
        Some("loop") => loop_fusion(ctx, body, args, &yields),
        Some("input") => input_fusion(ctx, body, args, &yields),
        Some("output") => output_fusion(ctx, body, args, &yields),
        Some("row") => {
            let results = op.result_types.iter().map(tensor_of).collect::<Result<Vec<_>, _>>()?;
            rows::row_fusion(ctx, body, args, &results)
        }
        other => Err(format!("unsupported in lowering: fusion kind {other:?}")),
    }
}

fn loop_fusion(ctx: &mut Ctx, body: &Block, args: Vec<Lowered>, yields: &[ValueRef]) -> Result<Vec<String>, String> {
    let mut ev = Eval::new(body, args, "loop")?;
    let tys = yields.iter().map(|y| ev.type_of(y)).collect::<Result<Vec<_>, _>>()?;
    let shape = tys[0].dims.clone();
    if let Some(t) = tys.iter().find(|t| t.dims != shape) {
        return Err(unsupported("loop", format!("yields of different shapes ({} and {t})", tys[0])));
    }
    let mut seen = Default::default();
    for y in yields {
        ev.materialize_constants(ctx, y, &mut seen)?;
    }
    ev.loop_sizes = Some(shape.clone());
    let map = identity(shape.len());
    for y in yields {
        ev.eval(None, y, &map)?;
    }
    let boxes = pieces(&shape, &ev.splits);
    if boxes.len() == 1 {
        let inits = tys.iter().map(|t| Operand::identity(ctx.e.empty(t), t)).collect();
        return loop_generic(ctx, &mut ev, yields, &map, &shape, inits);
    }
    // One generic per piece, writing its part of each result in place.
    let mut results: Vec<String> = tys.iter().map(|t| ctx.e.empty(t)).collect();
    for (offsets, sizes) in boxes {
        ev.start_generic();
        ev.loop_sizes = Some(sizes.clone());
        let map: Map = offsets.iter().enumerate().map(|(d, &o)| Expr { terms: vec![(d, 1)], offset: o }).collect();
        for y in yields {
            ev.eval(None, y, &map)?;
        }
        let parts: Vec<TensorType> = tys.iter().map(|t| TensorType::new(sizes.clone(), t.element)).collect();
        // Fresh inits: `eliminate-empty-tensors` makes each piece write its part of the
        // result in place (initialized from slices of the result, the first piece wrote a
        // temporary copied over afterwards).
        let inits = parts.iter().map(|part| Operand::identity(ctx.e.empty(part), part)).collect();
        let computed = loop_generic(ctx, &mut ev, yields, &map, &sizes, inits)?;
        for ((r, t), (c, part)) in results.iter_mut().zip(&tys).zip(computed.iter().zip(&parts)) {
            *r = ctx.e.insert_slice(c, part, r, t, &offsets);
        }
    }
    Ok(results)
}

/// Most generics a loop fusion is split into at its concatenates' and pads' boundaries
/// ([`Eval::splits`]): each piece costs compile time (vectorized and compiled apart).
const MAX_PIECES: usize = 8;

/// The boxes (offsets, sizes) that the split positions cut `shape` into. Past
/// [`MAX_PIECES`], the outer loops' splits are dropped first: there the select between
/// operands (and a clamped index) is one value for a whole vector, while a split of the
/// innermost loop keeps its reads contiguous.
fn pieces(shape: &[i64], splits: &std::collections::BTreeSet<(usize, i64)>) -> Vec<(Vec<i64>, Vec<i64>)> {
    let mut intervals: Vec<Vec<(i64, i64)>> = shape
        .iter()
        .enumerate()
        .map(|(d, &n)| {
            let cuts: Vec<i64> = std::iter::once(0).chain(splits.iter().filter(|s| s.0 == d).map(|s| s.1)).chain([n]).collect();
            cuts.windows(2).map(|w| (w[0], w[1] - w[0])).collect()
        })
        .collect();
    for (d, &n) in shape.iter().enumerate() {
        if intervals.iter().map(Vec::len).product::<usize>() <= MAX_PIECES {
            break;
        }
        intervals[d] = vec![(0, n)];
    }
    let mut boxes = vec![(Vec::new(), Vec::new())];
    for along in &intervals {
        boxes = boxes.into_iter().flat_map(|(o, s): (Vec<i64>, Vec<i64>)| along.iter().map(move |&(start, len)| ([o.clone(), vec![start]].concat(), [s.clone(), vec![len]].concat()))).collect();
    }
    boxes
}

/// The generic of a loop fusion over loops of `sizes` (the whole shape, or a piece of it at
/// `map`'s offsets), its inputs collected.
fn loop_generic(ctx: &mut Ctx, ev: &mut Eval, yields: &[ValueRef], map: &Map, sizes: &[i64], inits: Vec<Operand>) -> Result<Vec<String>, String> {
    let iterators = vec!["parallel"; sizes.len()];
    ev.memo.clear();
    let mut inputs = ev.inputs.clone();
    fit_inputs(&mut ctx.e, &mut inputs, sizes);
    ctx.e.generic_multi(&inputs, inits, &iterators, |e, block_args| {
        ev.block_args = block_args.to_vec();
        let mut out = Vec::new();
        for y in yields {
            let v = ev.eval(Some(&mut *e), y, map)?;
            out.push(scalar::store(e, &v));
        }
        Ok(out)
    })
}

/// Inputs read along a loop by its index alone or shifted by a constant (`d<k>` or
/// `d<k> + c` in the map) over less than their dimension (a `slice` or a piece of a
/// concatenate reads part of it) are cut to the part the loop reads with
/// `tensor.extract_slice`, and the map to `d<k>`: linalg infers a loop's range from every
/// operand indexed by a bare loop and rejects sizes that disagree, and MLIR's vectorizer
/// takes only maps without offsets (with one, the kernel stayed scalar).
fn fit_inputs(e: &mut Emitter, inputs: &mut [Operand], loop_sizes: &[i64]) {
    for x in inputs.iter_mut() {
        let parts: Vec<String> = x.map.split(", ").map(str::to_string).collect();
        let mut offsets = vec![0; x.ty.dims.len()];
        let mut dims = x.ty.dims.clone();
        let mut map = parts.clone();
        for (k, part) in parts.iter().enumerate() {
            let (index, shift) = match part.split_once(" + ") {
                Some((index, shift)) => (index, shift.parse::<i64>().ok()),
                None => (part.as_str(), Some(0)),
            };
            let loop_size = index.strip_prefix('d').and_then(|d| d.parse::<usize>().ok()).and_then(|d| loop_sizes.get(d));
            if let (Some(&size), Some(shift), Some(dim)) = (loop_size, shift, dims.get_mut(k)) {
                if shift >= 0 && shift + size <= *dim && (shift > 0 || size < *dim) {
                    offsets[k] = shift;
                    *dim = size;
                    map[k] = index.to_string();
                }
            }
        }
        if dims != x.ty.dims {
            let cut = TensorType::new(dims.clone(), x.ty.element);
            x.value = e.extract_slice("cut", &x.value, &x.ty, &offsets, &cut);
            x.ty = cut;
            x.map = map.join(", ");
        }
    }
}

/// The scalar init of a reduce in an input fusion: a constant or a fusion operand.
fn init_scalar(ctx: &mut Ctx, ev: &Eval, v: &ValueRef) -> Result<String, String> {
    let ty = ev.type_of(v)?;
    match ev.def(v)? {
        Def::Arg(i) => {
            let name = ev.args[i].name.clone();
            Ok(ctx.e.extract_scalar(&name, &ty))
        }
        Def::Result(op, _) if op.name == "xhlo.constant" => {
            let lower = super::lowering_for("constant").ok_or("internal: no constant lowering")?;
            let t = lower(ctx, op)?.remove(0);
            Ok(ctx.e.extract_scalar(&t, &ty))
        }
        _ => Err(unsupported("input", format!("a reduce init value {v} that is neither a constant nor a fusion operand"))),
    }
}

fn input_fusion(ctx: &mut Ctx, body: &Block, args: Vec<Lowered>, yields: &[ValueRef]) -> Result<Vec<String>, String> {
    let mut ev = Eval::new(body, args, "input")?;
    // The reduce whose results are yielded.
    let reduce = match ev.def(&yields[0])? {
        Def::Result(op, _) if op.name == "xhlo.reduce" => op,
        _ => return Err(unsupported("input", "a body that does not yield the results of a reduce".into())),
    };
    let results = reduce.result_refs();
    let mut which = Vec::new();
    for y in yields {
        which.push(results.iter().position(|r| r == y).ok_or_else(|| unsupported("input", format!("yielded value {y} that is not a result of the reduce")))?);
    }
    let n = reduce.operands.len() / 2;
    let region_body = reduce.regions.first().and_then(|r| r.blocks.first()).ok_or("reduce without a body")?;
    let inputs: Vec<ValueRef> = reduce.operands[..n].to_vec();
    let mut inits = Vec::new();
    for v in &reduce.operands[n..] {
        inits.push(init_scalar(ctx, &ev, v)?);
    }
    let shape = ev.type_of(&inputs[0])?.dims;
    let rank = shape.len();
    let mut dims: Vec<usize> = i64s(reduce, "dimensions")?
        .iter()
        .map(|&d| usize::try_from(d).ok().filter(|&d| d < rank).ok_or_else(|| format!("reduce dimension {d} out of range")))
        .collect::<Result<_, _>>()?;
    dims.sort();
    let out_elements: Vec<ElementType> = (0..n).map(|i| reduce.result_types.get(i).ok_or_else(|| "missing result type".to_string()).and_then(|t| Ok(tensor_of(t)?.element))).collect::<Result<_, String>>()?;
    // The iteration space: each tensor dimension is either one loop, or (for a split
    // dimension) an outer parallel loop and an inner reduction loop.
    let reduced: i64 = dims.iter().map(|&d| shape[d]).product();
    let threshold = super::reduction::SPLIT_THRESHOLD;
    let mut stage2_dim = None; // the dimension (in the partial result) stage 2 reduces
    let mut split_block = None; // (dimension, block) for a single split dimension
    let mut stage1_reduced: Vec<usize> = dims.clone();
    if reduced > threshold && dims.len() >= 2 {
        stage1_reduced = dims[1..].to_vec();
        stage2_dim = Some(dims[0]);
    } else if reduced > threshold && dims.len() == 1 {
        let d = dims[0];
        if let Some(b) = [1024i64, 512, 256, 128, 64].into_iter().find(|b| shape[d] % b == 0 && shape[d] / b > 1) {
            split_block = Some((d, b));
            stage1_reduced = vec![];
            stage2_dim = Some(d);
        }
    }
    // Vector lanes (as `reduce`, see [`super::reduction`]): when the innermost dimension is
    // reduced in stage 1, its `m` stage-1 elements run as (m / l) reduction iterations of `l`
    // parallel lanes, the innermost loop; the lanes are the partial result's last dimension.
    let last = rank.wrapping_sub(1);
    let stage1_extent = match split_block {
        Some((d, b)) if d == last => Some(b),
        _ if stage1_reduced.contains(&last) => Some(shape[last]),
        _ => None,
    };
    let lane_count = stage1_extent.and_then(|m| super::reduction::lanes(m, &out_elements, ctx.options.vector_bytes));
    // No lane count divides a whole innermost dimension (`split_block` always divides): its
    // first `n / l * l` elements run in lanes, the `tail` ones after them one per lane.
    let (lane_count, tail) = match (lane_count, stage1_extent) {
        (None, Some(n)) if split_block.is_none() => match super::reduction::peeled_lanes(n, &out_elements, ctx.options.vector_bytes) {
            Some(l) => (Some(l), n % l),
            None => (None, 0),
        },
        (lanes, _) => (lanes, 0),
    };
    // Parallel loops: the tensor dimensions not reduced in stage 1 (a split dimension's outer
    // part in its place), then the reduced loops, then the lanes.
    let mut loop_of: Vec<Expr> = vec![Expr::constant(0); rank];
    let mut next = 0;
    let mut partial_dims = Vec::new();
    let mut loop_sizes = Vec::new();
    for d in 0..rank {
        if stage1_reduced.contains(&d) {
            continue;
        }
        match split_block {
            Some((sd, b)) if sd == d => {
                partial_dims.push(shape[d] / b);
            }
            _ => partial_dims.push(shape[d]),
        }
        loop_sizes.push(*partial_dims.last().unwrap());
        loop_of[d] = Expr::dim(next);
        next += 1;
    }
    let parallel = next;
    for &d in &stage1_reduced {
        loop_of[d] = Expr::dim(next);
        loop_sizes.push(shape[d]);
        next += 1;
    }
    if let Some((d, b)) = split_block {
        // index = outer * b + inner, inner the last reduction loop.
        let outer = loop_of[d].terms[0].0;
        loop_of[d] = Expr { terms: vec![(outer, b), (next, 1)], offset: 0 };
        loop_sizes.push(b);
        next += 1;
    }
    if let Some(l) = lane_count {
        // The innermost dimension's stage-1 loop k (the last reduction loop) counts m / l
        // steps of l lanes: index = ... + k * l + lane.
        let k = next - 1;
        let lane = next;
        loop_sizes[k] /= l;
        let mut terms: Vec<(usize, i64)> = loop_of[last].terms.iter().map(|&(t, c)| if t == k { (t, c * l) } else { (t, c) }).collect();
        terms.push((lane, 1));
        loop_of[last] = Expr { terms, offset: 0 };
        loop_sizes.push(l);
        partial_dims.push(l);
        next += 1;
    }
    let loops = next;
    let mut out_map = identity(parallel);
    if lane_count.is_some() {
        out_map.push(Expr::dim(next - 1));
    }
    let mut outs = Vec::new();
    for (i, &t) in out_elements.iter().enumerate() {
        let out = TensorType::new(partial_dims.clone(), t);
        let filled = ctx.e.fill(&out, &inits[i]);
        outs.push(Operand { value: filled, ty: out, map: map_text(&out_map) });
    }
    let reduction_loops = parallel..loops - usize::from(lane_count.is_some());
    let mut seen = Default::default();
    for x in &inputs {
        ev.materialize_constants(ctx, x, &mut seen)?;
    }
    let reduced = Reduced { inputs: &inputs, out_elements: &out_elements, region_body };
    let mut partial = reduced.emit(ctx, &mut ev, &loop_of, &loop_sizes, parallel, reduction_loops, outs)?;
    if tail > 0 {
        // The tail, `n - tail + j` into lane `j`: the same loops with the innermost
        // dimension's step loop gone and the lanes cut to the tail's.
        let n = shape[last];
        let lane = loops - 1;
        let step = lane - 1;
        let mut tail_of: Map = loop_of.clone();
        for e in tail_of.iter_mut() {
            e.terms = e.terms.iter().map(|&(t, c)| (if t > step { t - 1 } else { t }, c)).collect();
        }
        tail_of[last] = Expr { terms: vec![(step, 1)], offset: n - tail };
        let mut tail_sizes = loop_sizes.clone();
        tail_sizes.remove(step);
        *tail_sizes.last_mut().unwrap() = tail;
        let mut tail_map = identity(parallel);
        tail_map.push(Expr::dim(step));
        let partials: Vec<(String, TensorType)> = partial.into_iter().zip(&out_elements).map(|(p, &t)| (p, TensorType::new(partial_dims.clone(), t))).collect();
        let lanes = super::reduction::into_first_lanes(ctx, &partials, tail, |ctx, firsts| {
            let outs = firsts.into_iter().map(|(value, ty)| Operand { value, ty, map: map_text(&tail_map) }).collect();
            reduced.emit(ctx, &mut ev, &tail_of, &tail_sizes, parallel, parallel..step, outs)
        })?;
        partial = lanes.into_iter().map(|(value, _)| value).collect();
    }
    // Stage 2 reduces the split dimension's outer part and the lanes.
    let mut stage2: Vec<i64> = stage2_dim.iter().map(|&d| (0..d).filter(|x| !stage1_reduced.contains(x)).count() as i64).collect();
    if lane_count.is_some() {
        stage2.push(partial_dims.len() as i64 - 1);
    }
    let all = if stage2.is_empty() {
        partial
    } else {
        let staged = partial.into_iter().zip(&out_elements).map(|(p, &t)| (p, TensorType::new(partial_dims.clone(), t))).collect();
        super::reduction::reduce_values(ctx, staged, &inits, &stage2, &out_elements, region_body)?
    };
    Ok(which.into_iter().map(|i| all[i].clone()).collect())
}

/// The reduce of an input fusion: what every `linalg.generic` computing part of it shares.
struct Reduced<'a> {
    inputs: &'a [ValueRef],
    out_elements: &'a [ElementType],
    region_body: &'a Block,
}

impl Reduced<'_> {
    /// Emits the `linalg.generic` that evaluates the reduce's inputs at `loop_of` (the fused
    /// producers computed in its body) over loops of `loop_sizes` (`reduction_loops` reduced,
    /// the loops before `parallel` the outer parallel ones) and reduces them into `outs`. The
    /// non-splat constants are materialized beforehand, once for every generic.
    #[allow(clippy::too_many_arguments)]
    fn emit(
        &self,
        ctx: &mut Ctx,
        ev: &mut Eval,
        loop_of: &Map,
        loop_sizes: &[i64],
        parallel: usize,
        reduction_loops: std::ops::Range<usize>,
        outs: Vec<Operand>,
    ) -> Result<Vec<String>, String> {
        let loops = loop_sizes.len();
        ev.start_generic();
        for x in self.inputs {
            ev.eval(None, x, loop_of)?;
        }
        let iterators: Vec<&str> = (0..loops).map(|i| if reduction_loops.contains(&i) { "reduction" } else { "parallel" }).collect();
        ev.memo.clear();
        let mut operands = ev.inputs.clone();
        fit_inputs(&mut ctx.e, &mut operands, loop_sizes);
        // linalg infers each loop's range from an operand indexed by that loop alone; a
        // reduction loop that no input reads that way (an inner split loop, a reduced
        // broadcast dimension) gets it from a small unread i8 tensor.
        let uncovered: Vec<usize> = (parallel..loops).filter(|l| !ev.covered.contains(l)).collect();
        if !uncovered.is_empty() {
            let ty = TensorType::new(uncovered.iter().map(|&l| loop_sizes[l]).collect::<Vec<_>>(), ElementType::S8);
            let value = ctx.e.empty(&ty);
            operands.push(Operand { value, ty, map: uncovered.iter().map(|l| format!("d{l}")).collect::<Vec<_>>().join(", ") });
        }
        let n_in = operands.len();
        ctx.e.generic_multi(&operands, outs, &iterators, |e, block_args| {
            ev.block_args = block_args.to_vec();
            let mut xs = Vec::new();
            for x in self.inputs {
                xs.push(ev.eval(Some(&mut *e), x, loop_of)?);
            }
            let accs: Vec<Value> = block_args[n_in..].iter().zip(self.out_elements).map(|(a, t)| scalar::load(e, a, *t)).collect();
            let yielded = region::lower_block(e, self.region_body, accs.into_iter().chain(xs).collect())?;
            Ok(yielded.iter().map(|v| scalar::store(e, v)).collect())
        })
    }
}

fn output_fusion(ctx: &mut Ctx, body: &Block, args: Vec<Lowered>, yields: &[ValueRef]) -> Result<Vec<String>, String> {
    let mut ev = Eval::new(body, args.clone(), "output")?;
    let dots: Vec<&Op> = body.ops.iter().filter(|o| o.name == "xhlo.dot_general" || o.name == "xhlo.convolution").collect();
    let [dot] = dots.as_slice() else {
        return Err(unsupported("output", format!("a body with {} dot_general or convolution ops (one is needed)", dots.len())));
    };
    let [root] = yields else {
        return Err(unsupported("output", format!("{} yielded values (one is supported)", yields.len())));
    };
    let out = ev.type_of(&dot.result_refs()[0])?;
    let root_ty = ev.type_of(root)?;
    if root_ty.dims != out.dims || root_ty.element != out.element {
        return Err(unsupported("output", format!("an epilogue result {root_ty} unlike the dot result {out}")));
    }
    let operand = |i: usize| -> Result<(String, TensorType), String> {
        let v = dot.operands.get(i).ok_or("dot_general without operands")?;
        match ev.def(v)? {
            Def::Arg(a) => match &args[a].ty {
                Type::Tensor(t) => Ok((args[a].name.clone(), t.clone())),
                other => Err(format!("dot operand of type {other}")),
            },
            _ => Err(unsupported("output", "a dot_general operand computed inside the body (dot operands must be fusion operands)".into())),
        }
    };
    let (lhs, lt) = operand(0)?;
    let (rhs, rt) = operand(1)?;
    if dot.name == "xhlo.convolution" {
        return conv_output_fusion(ctx, ev, dot, (&lhs, &lt), (&rhs, &rt), root, &out, body, args);
    }
    let plan = dot_plan(dot, &lt, &rt)?;
    if plan.contracting.iter().any(|&(_, n)| n == 0) {
        // No iteration of the contracting loops runs: lower op by op (the dot is zeros).
        let names = lower_nested_block(ctx, body, args)?;
        return Ok(names.into_iter().map(|l| l.name).collect());
    }
    if let Some(library) = dot_tiled::plan(dot, &lt, &rt, &out).filter(|p| dot_library::applies(ctx, p)) {
        return library_output_fusion(ctx, ev, dot, root, &out, |ctx| dot_library::emit(ctx, &library, &lhs, &rhs)).map(|r| vec![r]);
    }
    let out_map: Map = plan.out_loops.iter().map(|&l| Expr::dim(l)).collect();
    let dot_name = dot.result_refs()[0].0.clone();
    ev.dot = Some((dot_name, map_text(&out_map), None));
    ev.fixed_inputs = 2;
    let mut seen = Default::default();
    ev.materialize_constants(ctx, root, &mut seen)?;
    ev.eval(None, root, &out_map)?;
    if let Some(tiled) = dot_tiled::plan(dot, &lt, &rt, &out).filter(|_| ctx.options.tile_dots) {
        return tiled_output_fusion(ctx, ev, &tiled, &lhs, &rhs, root, &out).map(|r| vec![r]);
    }
    let zero = zero_of(ctx, out.element);
    let init = ctx.e.fill(&out, &zero);
    let mut inputs = vec![
        Operand { value: lhs, ty: lt.clone(), map: plan.lhs_map.join(", ") },
        Operand { value: rhs, ty: rt.clone(), map: plan.rhs_map.join(", ") },
    ];
    let mut epilogue = ev.inputs.clone();
    let mut loop_sizes = vec![0; plan.iterators.len()];
    for (i, &l) in plan.out_loops.iter().enumerate() {
        loop_sizes[l] = out.dims[i];
    }
    for &(l, n) in &plan.contracting {
        loop_sizes[l] = n;
    }
    fit_inputs(&mut ctx.e, &mut epilogue, &loop_sizes);
    inputs.extend(epilogue);
    let n_in = inputs.len();
    let (le, re, oe) = (lt.element, rt.element, out.element);
    ev.memo.clear();
    ctx.e.generic(&inputs, Operand { value: init, ty: out.clone(), map: map_text(&out_map) }, &plan.iterators, |e, block_args| {
        ev.block_args = block_args.to_vec();
        let step = [block_args[0].clone(), block_args[1].clone(), block_args[n_in].clone()];
        let sum = multiply_accumulate(e, &step, le, re, oe)?;
        let sum_stored = scalar::store(e, &sum);
        if plan.contracting.is_empty() {
            ev.dot.as_mut().unwrap().2 = Some(sum);
            let v = ev.eval(Some(&mut *e), root, &out_map)?;
            return Ok(scalar::store(e, &v));
        }
        // The last iteration of every contracting loop.
        let mut last = None;
        for &(l, n) in &plan.contracting {
            let i = e.op("i", &format!("linalg.index {l} : index"));
            let end = e.op("c", &format!("arith.constant {} : index", n - 1));
            let is = e.op("s", &format!("arith.cmpi eq, {i}, {end} : index"));
            last = Some(match last {
                None => is,
                Some(prev) => e.op("s", &format!("arith.andi {prev}, {is} : i1")),
            });
        }
        let storage = crate::types::storage(oe);
        let r = e.fresh("epi");
        e.line(&format!("{r} = scf.if {} -> ({storage}) {{", last.unwrap()));
        e.enter();
        ev.dot.as_mut().unwrap().2 = Some(sum);
        let v = ev.eval(Some(&mut *e), root, &out_map)?;
        let v = scalar::store(e, &v);
        e.line(&format!("scf.yield {v} : {storage}"));
        e.leave();
        e.line("} else {");
        e.enter();
        e.line(&format!("scf.yield {sum_stored} : {storage}"));
        e.leave();
        e.line("}");
        Ok(r)
    })
    .map(|r| vec![r])
}

/// The output fusion on the dot library (of a dot or a convolution, `op`): the product first
/// (whole; `product` emits it, after the epilogue's inputs are collected), then the epilogue as
/// one element-wise kernel over it, written in place of the product.
fn library_output_fusion(ctx: &mut Ctx, mut ev: Eval, op: &Op, root: &ValueRef, out: &TensorType, product: impl FnOnce(&mut Ctx) -> Result<String, String>) -> Result<String, String> {
    let loops = identity(out.rank());
    ev.dot = Some((op.result_refs()[0].0.clone(), map_text(&loops), None));
    let mut seen = Default::default();
    ev.materialize_constants(ctx, root, &mut seen)?;
    ev.eval(None, root, &loops)?;
    let product = product(ctx)?;
    let mut inputs = ev.inputs.clone();
    fit_inputs(&mut ctx.e, &mut inputs, &out.dims);
    let n_in = inputs.len();
    ev.memo.clear();
    let iterators = vec!["parallel"; out.rank()];
    ctx.e.generic(&inputs, Operand { value: product, ty: out.clone(), map: map_text(&loops) }, &iterators, |e, block_args| {
        ev.block_args = block_args.to_vec();
        let sum = scalar::load(e, &block_args[n_in], out.element);
        ev.dot.as_mut().unwrap().2 = Some(sum);
        let v = ev.eval(Some(&mut *e), root, &loops)?;
        Ok(scalar::store(e, &v))
    })
}

/// The output fusion on the tiled dot: after each tile of the dot is stored, a generic over
/// that tile (in cache) replaces the sums by the epilogue's values. Inside it the epilogue's
/// loops are the result's dimensions, computed from the tile's position; its operands are
/// read with `tensor.extract` at their maps ([`Eval::gather_leaf`]).
fn tiled_output_fusion(ctx: &mut Ctx, mut ev: Eval, tiled: &dot_tiled::Tiled, lhs: &str, rhs: &str, root: &ValueRef, out: &TensorType) -> Result<String, String> {
    let index = |e: &mut Emitter, b: &str, m: &str, n: &str| dot_tiled::result_indices(e, tiled, b, m, n);
    let mut epilogue = tile_epilogue(&mut ev, root, out, &index)?;
    dot_tiled::emit(ctx, tiled, lhs, rhs, Some(&mut *epilogue))
}

/// An output fusion of a `convolution` (`conv`, of input `x` and kernel `k`): where the
/// convolution is an implicit GEMM on the tiled kernel ([`super::linalg::conv_gemm`]), the
/// epilogue runs on each finished tile of it as for a dot, at the output indices of the
/// tile's elements, as it does on a depthwise convolution's tiles
/// ([`super::linalg::conv_depthwise`]); elsewhere (the plain loop nest) the body is lowered
/// op by op.
#[allow(clippy::too_many_arguments)]
fn conv_output_fusion(
    ctx: &mut Ctx,
    mut ev: Eval,
    conv: &Op,
    (x, xt): (&str, &TensorType),
    (k, kt): (&str, &TensorType),
    root: &ValueRef,
    out: &TensorType,
    body: &Block,
    args: Vec<Lowered>,
) -> Result<Vec<String>, String> {
    use super::linalg::{conv_depthwise, conv_gemm, TiledConv};
    let plan = super::linalg::convolution_tiled_plan(conv, xt, kt, out).filter(|_| ctx.options.tile_dots);
    if !matches!(plan, Some(TiledConv::Depthwise(_))) && super::linalg::convolution_library_plan(ctx, conv, xt, kt, out).is_some() {
        let product = |ctx: &mut Ctx| {
            let super::linalg::Prepared::Sum { conv: c, padded, pt, kernel } = super::linalg::prepare_convolution(ctx, conv, x, xt, k, kt, out)? else {
                return Err("internal: a convolution for the dot library with nothing to sum".to_string());
            };
            super::linalg::convolution_library(ctx, &c, padded, pt, kernel, kt.clone(), out)
        };
        return library_output_fusion(ctx, ev, conv, root, out, product).map(|r| vec![r]);
    }
    let Some(plan) = plan else {
        let names = lower_nested_block(ctx, body, args)?;
        return Ok(names.into_iter().map(|l| l.name).collect());
    };
    let loops = identity(out.rank());
    ev.dot = Some((conv.result_refs()[0].0.clone(), map_text(&loops), None));
    let mut seen = Default::default();
    ev.materialize_constants(ctx, root, &mut seen)?;
    ev.eval(None, root, &loops)?;
    let super::linalg::Prepared::Sum { padded, pt, kernel, .. } = super::linalg::prepare_convolution(ctx, conv, x, xt, k, kt, out)? else {
        return Err("internal: a convolution with a tiled plan and nothing to sum".into());
    };
    match plan {
        TiledConv::Gemm(plan) => {
            let index = |e: &mut Emitter, g: &str, m: &str, n: &str| conv_gemm::result_indices(e, &plan, g, m, n);
            let mut epilogue = tile_epilogue(&mut ev, root, out, &index)?;
            Ok(vec![conv_gemm::emit(ctx, &plan, &padded, &pt, &kernel, kt, Some(&mut *epilogue))?])
        }
        TiledConv::Depthwise(plan) => {
            let index = |e: &mut Emitter, _: &str, m: &str, n: &str| conv_depthwise::result_indices(e, &plan, m, n);
            let mut epilogue = tile_epilogue(&mut ev, root, out, &index)?;
            Ok(vec![conv_depthwise::emit(ctx, &plan, &padded, &pt, &kernel, kt, Some(&mut *epilogue))?])
        }
    }
}

/// The epilogue of a tiled output fusion (result type `out`, value `root`), for
/// [`dot_tiled::Epilogue`]: a generic over the finished tile at the result indices that
/// `index` gives for the tile element (flat b, m, n).
fn tile_epilogue<'x, 'b: 'x>(
    ev: &'x mut Eval<'b>,
    root: &'x ValueRef,
    out: &TensorType,
    index: &'x dyn Fn(&mut Emitter, &str, &str, &str) -> Vec<String>,
) -> Result<Box<dot_tiled::Epilogue<'x>>, String> {
    let rank = out.rank();
    let loops = identity(rank);
    ev.loop_sizes = Some(out.dims.clone());
    let at = map_text(&loops);
    let dot_name = ev.dot.as_ref().map(|d| d.0.clone()).ok_or("internal: output fusion without its dot")?;
    let oe = out.element;
    Ok(Box::new(move |e: &mut Emitter, site: &dot_tiled::Site| -> Result<String, String> {
        let tile = TensorType::new(vec![site.rows, site.cols], oe);
        let tile_text = crate::types::tensor(&tile);
        let c_text = crate::types::tensor(site.c_ty);
        let (offsets, sizes, strides) = if site.has_batch {
            (format!("{}, {}, {}", site.b, site.m0, site.n0), format!("1, {}, {}", site.rows, site.cols), "1, 1, 1")
        } else {
            (format!("{}, {}", site.m0, site.n0), format!("{}, {}", site.rows, site.cols), "1, 1")
        };
        let slice = e.op("tile", &format!("tensor.extract_slice {}[{offsets}] [{sizes}] [{strides}] : {c_text} to {tile_text}", site.c));
        let done = e.generic(&[], Operand::identity(slice, &tile), &["parallel", "parallel"], |e, args| {
            let i = e.op("i", "linalg.index 0 : index");
            let j = e.op("j", "linalg.index 1 : index");
            let m = e.op("m", &format!("arith.addi {}, {i} : index", site.m0));
            let n = e.op("n", &format!("arith.addi {}, {j} : index", site.n0));
            ev.gather = Some(index(e, site.b, &m, &n));
            ev.memo.clear();
            let sum = scalar::load(e, &args[0], oe);
            ev.dot = Some((dot_name.clone(), at.clone(), Some(sum)));
            let v = ev.eval(Some(&mut *e), root, &loops)?;
            Ok(scalar::store(e, &v))
        })?;
        Ok(e.op("c", &format!("tensor.insert_slice {done} into {}[{offsets}] [{sizes}] [{strides}] : {tile_text} into {c_text}", site.c)))
    }))
}

#[cfg(test)]
mod tests {
    use crate::testing::{lower, lower_ok};


    fn generics(out: &str) -> usize {
        out.matches("linalg.generic").count()
    }

    #[test]
    fn loop_fusion_is_one_generic_reading_broadcasts_through_index_maps() {
        let out = lower_ok(
            "%x: tensor<4x8xf32>, %v: tensor<4xf32>",
            r#"  %r = "xhlo.fusion"(%x, %v) ({
  ^bb0(%a: tensor<4x8xf32>, %b: tensor<4xf32>):
    %b1 = "xhlo.broadcast_in_dim"(%b) {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>) -> tensor<4x1xf32>
    %b2 = "xhlo.broadcast_in_dim"(%b1) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<4x1xf32>) -> tensor<4x8xf32>
    %d = "xhlo.subtract"(%a, %b2) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %e = "xhlo.sqrt"(%d) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %q = "xhlo.multiply"(%d, %e) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    "gpu.yield"(%q) : (tensor<4x8xf32>) -> ()
  }) {kind = "loop"} : (tensor<4x8xf32>, tensor<4xf32>) -> tensor<4x8xf32>"#,
            "tensor<4x8xf32>",
        );
        assert_eq!(generics(&out), 1, "{out}");
        assert!(out.contains("affine_map<(d0, d1) -> (d0)>"), "{out}");
        // %d is used twice but computed once per element.
        assert_eq!(out.matches("arith.subf").count(), 1, "{out}");
        insta::assert_snapshot!(out);
    }

    /// A boolean splat inside a kernel becomes `arith.constant 0 : i1`: MLIR's `false` takes
    /// no type, and `arith.constant false : i1` does not parse (found by chlo.zeta with
    /// constant operands under greedy fusion).
    #[test]
    fn pred_splat_constants_in_a_kernel_are_typed_integers() {
        let out = lower_ok(
            "%x: tensor<4xf32>",
            r#"  %r = "xhlo.fusion"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    %f = "xhlo.constant"() {value = dense<false> : tensor<4xi1>} : () -> tensor<4xi1>
    %t = "xhlo.constant"() {value = dense<true> : tensor<4xi1>} : () -> tensor<4xi1>
    %c = "xhlo.is_finite"(%a) : (tensor<4xf32>) -> tensor<4xi1>
    %d = "xhlo.and"(%c, %f) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
    %e = "xhlo.or"(%d, %t) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
    "gpu.yield"(%e) : (tensor<4xi1>) -> ()
  }) {kind = "loop"} : (tensor<4xf32>) -> tensor<4xi1>"#,
            "tensor<4xi1>",
        );
        assert!(out.contains("arith.constant 0 : i1") && out.contains("arith.constant 1 : i1"), "{out}");
        assert!(!out.contains("false :") && !out.contains("true :"), "{out}");
    }

    #[test]
    fn input_fusion_computes_the_producers_inside_the_reduction() {
        let out = lower_ok(
            "%x: tensor<4x8xf32>",
            r#"  %r = "xhlo.fusion"(%x) ({
  ^bb0(%a: tensor<4x8xf32>):
    %e = "xhlo.exponential"(%a) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %z = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %s = "xhlo.reduce"(%e, %z) ({
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %t = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "gpu.yield"(%t) : (tensor<f32>) -> ()
    }) {dimensions = array<i64: 1>} : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    "gpu.yield"(%s) : (tensor<4xf32>) -> ()
  }) {kind = "input"} : (tensor<4x8xf32>) -> tensor<4xf32>"#,
            "tensor<4xf32>",
        );
        assert_eq!(generics(&out), 1, "{out}");
        assert!(out.contains("iterator_types = [\"parallel\", \"reduction\"]"), "{out}");
        insta::assert_snapshot!(out);
    }

    /// With the tests' 32-byte vectors (8 f32), a row of 256 runs as 8 steps of 32 lanes (the
    /// lanes the innermost, parallel loop, the element `k * 32 + lane`), then the lanes reduce
    /// to one vector and that vector sequentially. A row of 8192 is first split in blocks of
    /// 1024 (precision), each block in 32 steps of 32 lanes.
    #[test]
    fn input_fusion_reduces_the_contiguous_dimension_in_vector_lanes() {
        let fused = |n: i64| {
            format!(
                r#"  %r = "xhlo.fusion"(%x) ({{
  ^bb0(%a: tensor<4x{n}xf32>):
    %e = "xhlo.exponential"(%a) : (tensor<4x{n}xf32>) -> tensor<4x{n}xf32>
    %z = "xhlo.constant"() {{value = dense<0.0> : tensor<f32>}} : () -> tensor<f32>
    %s = "xhlo.reduce"(%e, %z) ({{
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %t = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "gpu.yield"(%t) : (tensor<f32>) -> ()
    }}) {{dimensions = array<i64: 1>}} : (tensor<4x{n}xf32>, tensor<f32>) -> tensor<4xf32>
    "gpu.yield"(%s) : (tensor<4xf32>) -> ()
  }}) {{kind = "input"}} : (tensor<4x{n}xf32>) -> tensor<4xf32>"#
            )
        };
        let out = lower_ok("%x: tensor<4x256xf32>", &fused(256), "tensor<4xf32>");
        assert!(out.contains("affine_map<(d0, d1, d2) -> (d0, d1 * 32 + d2)>"), "{out}");
        assert!(out.contains("iterator_types = [\"parallel\", \"reduction\", \"parallel\"]"), "{out}");
        assert!(out.contains("outs(%1 : tensor<4x32xf32>)") || out.contains("tensor<4x32xf32>)"), "{out}");
        insta::assert_snapshot!(out);
        let out = lower_ok("%x: tensor<4x8192xf32>", &fused(8192), "tensor<4xf32>");
        assert!(out.contains("affine_map<(d0, d1, d2, d3) -> (d0, d1 * 1024 + d2 * 32 + d3)>"), "{out}");
        assert!(out.contains("tensor<4x8x32xf32>"), "{out}");
        // The exponential is computed in stage 1 only.
        assert_eq!(out.matches("math.exp").count(), 1, "{out}");
        // A row of 1001, which no lane count divides: 31 steps of 32 lanes over the first
        // 992 elements, then elements 992..1001 into lanes 0..9 (the exponential computed
        // there too), then the lanes as before.
        let out = lower_ok("%x: tensor<4x1001xf32>", &fused(1001), "tensor<4xf32>");
        assert!(out.contains("affine_map<(d0, d1, d2) -> (d0, d1 * 32 + d2)>"), "{out}");
        assert!(out.contains("tensor<31x32xi8>"), "{out}");
        // The tail's elements read from a slice at 992 (no offset left in the map).
        assert!(out.contains("[0, 992] [4, 9] [1, 1] : tensor<4x1001xf32> to tensor<4x9xf32>"), "{out}");
        assert!(out.contains("[0, 0] [4, 9] [1, 1] : tensor<4x32xf32> to tensor<4x9xf32>"), "{out}");
        assert!(out.contains("[0, 0] [4, 9] [1, 1] : tensor<4x9xf32> into tensor<4x32xf32>"), "{out}");
        assert_eq!(out.matches("math.exp").count(), 2, "{out}");
    }

    #[test]
    fn output_fusion_applies_the_epilogue_on_the_last_contracting_iteration() {
        let out = lower_ok(
            "%x: tensor<2x3xf32>, %w: tensor<3x5xf32>, %b: tensor<5xf32>",
            r#"  %r = "xhlo.fusion"(%x, %w, %b) ({
  ^bb0(%a: tensor<2x3xf32>, %c: tensor<3x5xf32>, %d: tensor<5xf32>):
    %m = "xhlo.dot_general"(%a, %c) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
    %bd = "xhlo.broadcast_in_dim"(%d) {broadcast_dimensions = array<i64: 1>} : (tensor<5xf32>) -> tensor<2x5xf32>
    %s = "xhlo.add"(%m, %bd) : (tensor<2x5xf32>, tensor<2x5xf32>) -> tensor<2x5xf32>
    %z = "xhlo.constant"() {value = dense<0.0> : tensor<2x5xf32>} : () -> tensor<2x5xf32>
    %y = "xhlo.maximum"(%s, %z) : (tensor<2x5xf32>, tensor<2x5xf32>) -> tensor<2x5xf32>
    "gpu.yield"(%y) : (tensor<2x5xf32>) -> ()
  }) {kind = "output"} : (tensor<2x3xf32>, tensor<3x5xf32>, tensor<5xf32>) -> tensor<2x5xf32>"#,
            "tensor<2x5xf32>",
        );
        assert_eq!(generics(&out), 1, "{out}");
        assert!(out.contains("linalg.index 1 : index"), "{out}");
        assert!(out.contains("scf.if"), "{out}");
        insta::assert_snapshot!(out);
    }

    #[test]
    fn output_fusion_of_a_tiled_dot_runs_the_epilogue_on_each_finished_tile() {
        let out = lower_ok(
            "%x: tensor<24x64xf32>, %w: tensor<64x32xf32>, %b: tensor<32xf32>",
            r#"  %r = "xhlo.fusion"(%x, %w, %b) ({
  ^bb0(%a: tensor<24x64xf32>, %c: tensor<64x32xf32>, %d: tensor<32xf32>):
    %m = "xhlo.dot_general"(%a, %c) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<24x64xf32>, tensor<64x32xf32>) -> tensor<24x32xf32>
    %bd = "xhlo.broadcast_in_dim"(%d) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<24x32xf32>
    %s = "xhlo.add"(%m, %bd) : (tensor<24x32xf32>, tensor<24x32xf32>) -> tensor<24x32xf32>
    %z = "xhlo.constant"() {value = dense<0.0> : tensor<24x32xf32>} : () -> tensor<24x32xf32>
    %y = "xhlo.maximum"(%s, %z) : (tensor<24x32xf32>, tensor<24x32xf32>) -> tensor<24x32xf32>
    "gpu.yield"(%y) : (tensor<24x32xf32>) -> ()
  }) {kind = "output"} : (tensor<24x64xf32>, tensor<64x32xf32>, tensor<32xf32>) -> tensor<24x32xf32>"#,
            "tensor<24x32xf32>",
        );
        assert!(out.contains("vector.fma"), "{out}");
        // After the tile's stores: the 6x16 tile of C, the epilogue over it reading the bias at
        // the tile's column (n0 + j), and the tile put back in place.
        assert!(out.contains("tensor.extract_slice") && out.contains("to tensor<6x16xf32>"), "{out}");
        assert!(out.contains("linalg.index 1 : index") && out.contains("tensor.extract %p2[%n_"), "{out}");
        assert!(out.contains("arith.maximumf") || out.contains("arith.cmpf"), "{out}");
        assert!(out.contains("tensor.insert_slice"), "{out}");
        // One generic per kernel (one kernel: no edges), none over the whole result.
        assert_eq!(generics(&out), 2, "the B packing and the tile epilogue: {out}");
        assert!(!out.contains("linalg.fill"), "{out}");
    }

    #[test]
    fn loop_fusion_rejects_a_reduce_in_its_body() {
        let e = lower(
            "%x: tensor<4xf32>",
            r#"  %r = "xhlo.fusion"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    %z = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %s = "xhlo.reduce"(%a, %z) ({
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %t = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "gpu.yield"(%t) : (tensor<f32>) -> ()
    }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {kind = "loop"} : (tensor<4xf32>) -> tensor<f32>"#,
            "tensor<f32>",
        )
        .unwrap_err();
        assert!(e.contains("unsupported in lowering: xhlo.reduce in a loop fusion"), "{e}");
    }

    #[test]
    fn reshapes_that_split_dimensions_compose_linearly() {
        use super::reshape_splits;
        assert_eq!(reshape_splits(&[4096, 256], &[8, 512, 256]), Some(vec![vec![0, 1], vec![2]]));
        assert_eq!(reshape_splits(&[6, 1, 4], &[1, 2, 3, 4, 1]), Some(vec![vec![1, 2], vec![], vec![3]]));
        assert_eq!(reshape_splits(&[1, 1], &[1]), Some(vec![vec![], vec![]]));
        // Merging dimensions (a division and a remainder) or regrouping them is not linear.
        assert_eq!(reshape_splits(&[8, 512], &[4096]), None);
        assert_eq!(reshape_splits(&[6, 4], &[4, 6]), None);
        assert_eq!(reshape_splits(&[6, 4], &[2, 12]), None);
        // A loop fusion over the split shape reads the operand at `i * 512 + j`.
        let out = lower_ok(
            "%x: tensor<4096x256xf32>, %p: tensor<512x256xf32>",
            r#"  %r = "xhlo.fusion"(%x, %p) ({
  ^bb0(%a: tensor<4096x256xf32>, %b: tensor<512x256xf32>):
    %s = "xhlo.reshape"(%a) : (tensor<4096x256xf32>) -> tensor<8x512x256xf32>
    %bb = "xhlo.broadcast_in_dim"(%b) {broadcast_dimensions = array<i64: 1, 2>} : (tensor<512x256xf32>) -> tensor<8x512x256xf32>
    %y = "xhlo.add"(%s, %bb) : (tensor<8x512x256xf32>, tensor<8x512x256xf32>) -> tensor<8x512x256xf32>
    "gpu.yield"(%y) : (tensor<8x512x256xf32>) -> ()
  }) {kind = "loop"} : (tensor<4096x256xf32>, tensor<512x256xf32>) -> tensor<8x512x256xf32>"#,
            "tensor<8x512x256xf32>",
        );
        assert_eq!(generics(&out), 1, "{out}");
        assert!(out.contains("(d0, d1, d2) -> (d0 * 512 + d1, d2)"), "{out}");
    }

    #[test]
    fn loop_fusion_rejects_captured_values_and_general_reshapes() {
        let e = lower(
            "%x: tensor<4xf32>, %y: tensor<4xf32>",
            r#"  %r = "xhlo.fusion"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    %s = "xhlo.add"(%a, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "gpu.yield"(%s) : (tensor<4xf32>) -> ()
  }) {kind = "loop"} : (tensor<4xf32>) -> tensor<4xf32>"#,
            "tensor<4xf32>",
        )
        .unwrap_err();
        assert!(e.contains("unsupported in lowering: the value %y captured from outside the body in a loop fusion"), "{e}");
        let e = lower(
            "%x: tensor<2x2xf32>",
            r#"  %r = "xhlo.fusion"(%x) ({
  ^bb0(%a: tensor<2x2xf32>):
    %s = "xhlo.reshape"(%a) : (tensor<2x2xf32>) -> tensor<4xf32>
    "gpu.yield"(%s) : (tensor<4xf32>) -> ()
  }) {kind = "loop"} : (tensor<2x2xf32>) -> tensor<4xf32>"#,
            "tensor<4xf32>",
        )
        .unwrap_err();
        assert!(e.contains("unsupported in lowering: xhlo.reshape from tensor<2x2xf32> to tensor<4xf32> (dimensions may only be split, not merged)"), "{e}");
    }

    #[test]
    fn input_fusion_rejects_a_body_not_yielding_a_reduce() {
        let e = lower(
            "%x: tensor<4xf32>",
            r#"  %r = "xhlo.fusion"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    %s = "xhlo.negate"(%a) : (tensor<4xf32>) -> tensor<4xf32>
    "gpu.yield"(%s) : (tensor<4xf32>) -> ()
  }) {kind = "input"} : (tensor<4xf32>) -> tensor<4xf32>"#,
            "tensor<4xf32>",
        )
        .unwrap_err();
        assert!(e.contains("unsupported in lowering: a body that does not yield the results of a reduce in an input fusion"), "{e}");
    }

    #[test]
    fn output_fusion_rejects_reading_the_dot_at_another_element() {
        let e = lower(
            "%x: tensor<2x2xf32>, %w: tensor<2x2xf32>",
            r#"  %r = "xhlo.fusion"(%x, %w) ({
  ^bb0(%a: tensor<2x2xf32>, %c: tensor<2x2xf32>):
    %m = "xhlo.dot_general"(%a, %c) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %t = "xhlo.transpose"(%m) {permutation = array<i64: 1, 0>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %s = "xhlo.add"(%m, %t) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    "gpu.yield"(%s) : (tensor<2x2xf32>) -> ()
  }) {kind = "output"} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>"#,
            "tensor<2x2xf32>",
        )
        .unwrap_err();
        assert!(e.contains("unsupported in lowering: a read of the dot_general result at another element in an output fusion"), "{e}");
    }
}
