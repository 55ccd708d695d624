//! The e-class analysis: each class's type (from the catalogue's shape rules, the same code
//! the verifier runs), and for constants their value (when small) or their splat value.
//!
//! Constant folding lives here too: [`super::rules::fold`] computes a node's value from its
//! operands' values, and [`XhloAnalysis::modify`] adds the folded constant to the class.

use super::language::{Dims, LitKey, Ty, Xhlo};
use egg::{Analysis, DidMerge, EGraph, Id};
use std::rc::Rc;
use xhlo_ir::attrs::{Attr, Attrs};
use xhlo_ir::literal::{Literal, Scalar};
use xhlo_ir::op::RegionSig;
use xhlo_ir::verify::{infer, OpInstance};
use xhlo_ir::{catalogue, TensorType, Type};

/// Constants up to this many elements carry their value (and are folded).
pub const FOLD_LIMIT: i64 = 64;

/// What a reduce body computes, when it is one element-wise op of its two arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combiner {
    Add,
    Multiply,
    Maximum,
    Minimum,
    And,
    Or,
    Other,
}

/// A region kept by a `reduce` node.
#[derive(Clone, Debug)]
pub struct BodyInfo {
    pub region: mlir_text::ast::Region,
    pub sig: RegionSig,
    pub combiner: Combiner,
}

/// The attributes of an `op` node, as written and as the catalogue reads them.
#[derive(Clone, Debug)]
pub struct AttrSetInfo {
    pub properties: Vec<(String, mlir_text::ast::Attribute)>,
    pub attrs: Vec<(String, mlir_text::ast::Attribute)>,
    pub parsed: Attrs,
}

/// Side tables for leaves, and the pass's settings.
#[derive(Clone, Debug, Default)]
pub struct XhloAnalysis {
    /// Types of the opaque values ([`super::language::LeafId`]).
    pub leaves: Vec<Type>,
    pub attr_sets: Vec<AttrSetInfo>,
    pub bodies: Vec<BodyInfo>,
    /// Fused kernels ([`super::language::KernelId`]), and their ids by the hash of what makes
    /// two the same ([`super::kernel::intern`]).
    pub kernels: Vec<super::kernel::Kernel>,
    pub kernel_keys: rustc_hash::FxHashMap<u64, Vec<super::language::KernelId>>,
}

/// What is known about an e-class.
#[derive(Clone, Debug, Default)]
pub struct Data {
    /// The value's type (`None` for attribute leaves).
    pub ty: Option<Type>,
    /// The value, for constants of at most [`FOLD_LIMIT`] elements.
    pub lit: Option<Rc<Literal>>,
    /// The value of every element, when they are all the same (a splat constant, or a
    /// broadcast of one).
    pub splat: Option<Scalar>,
}

pub type XEGraph = EGraph<Xhlo, XhloAnalysis>;

impl Data {
    pub fn tensor(&self) -> Option<&TensorType> {
        self.ty.as_ref().and_then(|t| t.as_tensor())
    }
}

/// Bitwise equality of scalars (NaN equals NaN of the same bits; -0 differs from +0).
pub fn same_scalar(a: Scalar, b: Scalar) -> bool {
    match (a, b) {
        (Scalar::Int(x), Scalar::Int(y)) => x == y,
        (Scalar::Float(x), Scalar::Float(y)) => x.to_bits() == y.to_bits(),
        (Scalar::Complex(a, b), Scalar::Complex(c, d)) => a.to_bits() == c.to_bits() && b.to_bits() == d.to_bits(),
        _ => false,
    }
}

fn splat_of(lit: &Literal) -> Option<Scalar> {
    let first = lit.scalars().next()?;
    lit.scalars().all(|s| same_scalar(s, first)).then_some(first)
}

/// The single node of an attribute leaf class.
fn leaf(egraph: &XEGraph, id: Id) -> &Xhlo {
    &egraph[id].nodes[0]
}

pub fn dims_of(egraph: &XEGraph, id: Id) -> Option<&Dims> {
    egraph[id].nodes.iter().find_map(|n| match n {
        Xhlo::Dims(d) => Some(d),
        _ => None,
    })
}

pub fn ty_of(egraph: &XEGraph, id: Id) -> Option<Type> {
    egraph[id].nodes.iter().find_map(|n| match n {
        Xhlo::Ty(Ty(t)) => Type::parse(t).ok(),
        _ => None,
    })
}

fn sym_of(egraph: &XEGraph, id: Id) -> Option<String> {
    match leaf(egraph, id) {
        Xhlo::Sym(s) => Some(s.as_str().to_string()),
        _ => None,
    }
}

/// The `dense<...>` body of a literal: one value for a splat, else every value.
pub fn dense_body(lit: &Literal) -> String {
    match splat_of(lit) {
        Some(s) if lit.len() > 1 => Literal::from_scalars(TensorType::scalar(lit.ty.element), &[s]).to_dense_body(),
        _ => lit.to_dense_body(),
    }
}

/// Parses a constant leaf into a literal (only small constants; splats of any size are
/// read as one element).
pub fn parse_lit(key: &LitKey) -> (Option<Type>, Option<Literal>, Option<Scalar>) {
    let Ok(ty) = Type::parse(&key.ty) else { return (None, None, None) };
    let Some(t) = ty.as_tensor() else { return (Some(ty), None, None) };
    if t.num_elements() <= FOLD_LIMIT {
        let lit = Literal::parse_dense(&key.body, t).ok();
        let splat = lit.as_ref().and_then(splat_of);
        return (Some(ty.clone()), lit, splat);
    }
    let body = key.body.trim();
    if !body.starts_with('[') && !body.starts_with('"') {
        let one = TensorType::scalar(t.element);
        let splat = Literal::parse_dense(body, &one).ok().map(|l| l.get(0));
        return (Some(ty.clone()), None, splat);
    }
    (Some(ty.clone()), None, None)
}

/// The catalogue's view of a value node: op name, operand types, attributes, regions and
/// the declared result types the shape rule may need.
pub struct Instance {
    pub name: String,
    pub operands: Vec<Type>,
    pub attrs: Attrs,
    pub regions: Vec<RegionSig>,
    pub declared: Vec<Type>,
}

fn i64s(v: &[i64]) -> Attr {
    Attr::I64Array(v.to_vec())
}

/// Builds the catalogue view of `node` (`None` for leaves or when a child is not what the
/// variant needs).
pub fn instance(egraph: &XEGraph, node: &Xhlo) -> Option<Instance> {
    let ty = |id: Id| egraph[id].data.ty.clone();
    let mut attrs = Attrs::new();
    let mut regions = Vec::new();
    let mut declared = Vec::new();
    let (name, operands): (String, Vec<Id>) = match node {
        Xhlo::Transpose([p, x]) => {
            attrs.insert("permutation".into(), i64s(&dims_of(egraph, *p)?.0));
            ("transpose".into(), vec![*x])
        }
        Xhlo::Reshape([t, x]) | Xhlo::Convert([t, x]) => {
            declared.push(ty_of(egraph, *t)?);
            (node.to_string(), vec![*x])
        }
        Xhlo::BroadcastInDim([t, d, x]) => {
            declared.push(ty_of(egraph, *t)?);
            attrs.insert("broadcast_dimensions".into(), i64s(&dims_of(egraph, *d)?.0));
            ("broadcast_in_dim".into(), vec![*x])
        }
        Xhlo::Slice([s, l, st, x]) => {
            attrs.insert("start_indices".into(), i64s(&dims_of(egraph, *s)?.0));
            attrs.insert("limit_indices".into(), i64s(&dims_of(egraph, *l)?.0));
            attrs.insert("strides".into(), i64s(&dims_of(egraph, *st)?.0));
            ("slice".into(), vec![*x])
        }
        Xhlo::Compare([dir, ct, a, b]) => {
            attrs.insert("comparison_direction".into(), Attr::Str(sym_of(egraph, *dir)?));
            let ct = sym_of(egraph, *ct)?;
            if ct != "none" {
                attrs.insert("compare_type".into(), Attr::Str(ct));
            }
            ("compare".into(), vec![*a, *b])
        }
        Xhlo::Reduce([d, body, x, init]) => {
            attrs.insert("dimensions".into(), i64s(&dims_of(egraph, *d)?.0));
            let Xhlo::Body(b) = leaf(egraph, *body) else { return None };
            regions.push(egraph.analysis.bodies.get(b.0 as usize)?.sig.clone());
            ("reduce".into(), vec![*x, *init])
        }
        Xhlo::Op(children) => {
            let [n, a, t, rest @ ..] = &children[..] else { return None };
            let name = sym_of(egraph, *n)?;
            let Xhlo::AttrSet(set) = leaf(egraph, *a) else { return None };
            attrs = egraph.analysis.attr_sets.get(set.0 as usize)?.parsed.clone();
            declared.push(ty_of(egraph, *t)?);
            (name, rest.to_vec())
        }
        other => {
            let name = other.op_name()?.to_string();
            (name, other.children().to_vec())
        }
    };
    use egg::Language;
    let operands = operands.into_iter().map(ty).collect::<Option<Vec<_>>>()?;
    Some(Instance { name, operands, attrs, regions, declared })
}

/// The result type of a value node by the catalogue's shape rule.
pub fn infer_type(egraph: &XEGraph, node: &Xhlo) -> Result<Type, String> {
    let inst = instance(egraph, node).ok_or_else(|| format!("malformed e-node {node}"))?;
    let def = catalogue::lookup(&inst.name).ok_or_else(|| format!("unknown op xhlo.{}", inst.name))?;
    let op = OpInstance { operands: &inst.operands, attrs: &inst.attrs, regions: &inst.regions, results: &inst.declared };
    let mut types = infer(def, &op).map_err(|e| format!("xhlo.{}: {e}", inst.name))?;
    if types.len() != 1 {
        return Err(format!("xhlo.{} has {} results", inst.name, types.len()));
    }
    let inferred = types.remove(0);
    // Declared types keep their layouts (the rule returns types without one).
    Ok(match inst.declared.into_iter().next() {
        Some(d) if d.compatible(&inferred) => d,
        _ => inferred,
    })
}

impl Analysis<Xhlo> for XhloAnalysis {
    type Data = Data;

    fn make(egraph: &XEGraph, enode: &Xhlo) -> Data {
        match enode {
            Xhlo::Lit(key) => {
                let (ty, lit, splat) = parse_lit(key);
                Data { ty, lit: lit.map(Rc::new), splat }
            }
            Xhlo::Leaf(l) => Data { ty: egraph.analysis.leaves.get(l.0 as usize).cloned(), ..Default::default() },
            n if n.is_attribute_leaf() || matches!(n, Xhlo::Arg(_)) => Data::default(),
            n @ Xhlo::Fusion(_) => Data { ty: super::kernel::kernel_of(egraph, n).and_then(|k| k.result_type().cloned()), ..Default::default() },
            n => {
                let ty = match infer_type(egraph, n) {
                    Ok(t) => Some(t),
                    Err(e) => {
                        debug_assert!(false, "e-graph node without a valid type: {e}");
                        None
                    }
                };
                let lit = ty.as_ref().and_then(|t| super::rules::fold::fold(egraph, n, t)).map(Rc::new);
                let splat = lit.as_deref().and_then(splat_of).or_else(|| match n {
                    Xhlo::BroadcastInDim([_, _, x]) | Xhlo::Reshape([_, x]) | Xhlo::Transpose([_, x]) => egraph[*x].data.splat,
                    _ => None,
                });
                Data { ty, lit, splat }
            }
        }
    }

    fn merge(&mut self, a: &mut Data, b: Data) -> DidMerge {
        if let (Some(x), Some(y)) = (&a.ty, &b.ty) {
            if cfg!(any(debug_assertions, test)) {
                assert!(x.compatible(y), "merged e-classes of different types: {x} and {y}");
            }
        }
        let mut changed_a = false;
        let mut changed_b = false;
        match (&a.ty, b.ty) {
            (None, Some(t)) => {
                a.ty = Some(t);
                changed_a = true;
            }
            (Some(_), None) => changed_b = true,
            _ => {}
        }
        match (&a.lit, b.lit) {
            (None, Some(l)) => {
                a.lit = Some(l);
                changed_a = true;
            }
            (Some(_), None) => changed_b = true,
            _ => {}
        }
        match (a.splat, b.splat) {
            (None, Some(s)) => {
                a.splat = Some(s);
                changed_a = true;
            }
            (Some(_), None) => changed_b = true,
            _ => {}
        }
        DidMerge(changed_a, changed_b)
    }

    fn modify(egraph: &mut XEGraph, id: Id) {
        let Some(lit) = egraph[id].data.lit.clone() else { return };
        if egraph[id].nodes.iter().any(|n| matches!(n, Xhlo::Lit(_))) {
            return;
        }
        // The class's type names the constant (the literal's own type has no layout).
        let Some(ty) = egraph[id].data.ty.clone() else { return };
        let key = LitKey { body: dense_body(&lit), ty: ty.to_string() };
        let c = egraph.add(Xhlo::Lit(key));
        egraph.union(id, c);
    }
}
