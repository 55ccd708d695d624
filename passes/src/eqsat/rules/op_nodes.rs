//! Helpers for rules on ops the language keeps as generic `op` nodes (`dot_general`,
//! `concatenate`, `pad`): reading an `op` node's name, attributes and operands, building one
//! with changed attributes (the new attribute set is shared with an equal existing one, so a
//! rule that fires again adds no new node), and a searcher for `op` nodes of one name with
//! any number of operands.

use crate::eqsat::analysis::{AttrSetInfo, XEGraph, XhloAnalysis};
use crate::eqsat::convert::parse_attr;
use crate::eqsat::language::{AttrSetId, Xhlo};
use egg::{Id, SearchMatches, Searcher, Subst, Symbol, Var};
use xhlo_ir::attrs::{Attr, Attrs};
use mlir_text::ast::{self, Attribute};

/// An `op` node taken apart: `(op name attrs type operands...)`.
#[derive(Clone, Debug)]
pub struct OpNode {
    pub name: Symbol,
    pub attrs: AttrSetId,
    /// The class of the declared result type leaf.
    pub ty: Id,
    pub operands: Vec<Id>,
}

fn sym(egraph: &XEGraph, id: Id) -> Option<Symbol> {
    egraph[id].nodes.iter().find_map(|n| match n {
        Xhlo::Sym(s) => Some(*s),
        _ => None,
    })
}

/// The attribute set of the leaf class `id`.
pub fn attr_set(egraph: &XEGraph, id: Id) -> Option<AttrSetId> {
    egraph[id].nodes.iter().find_map(|n| match n {
        Xhlo::AttrSet(s) => Some(*s),
        _ => None,
    })
}

pub fn op_node(egraph: &XEGraph, node: &Xhlo) -> Option<OpNode> {
    let Xhlo::Op(children) = node else { return None };
    let [n, a, t, rest @ ..] = &children[..] else { return None };
    Some(OpNode { name: sym(egraph, *n)?, attrs: attr_set(egraph, *a)?, ty: *t, operands: rest.to_vec() })
}

/// The `op` nodes named `name` in class `class`.
pub fn op_nodes(egraph: &XEGraph, class: Id, name: &str) -> Vec<OpNode> {
    egraph[class].nodes.iter().filter_map(|n| op_node(egraph, n)).filter(|o| o.name.as_str() == name).collect()
}

/// The parsed attributes of a set.
pub fn parsed(egraph: &XEGraph, set: AttrSetId) -> Option<&Attrs> {
    egraph.analysis.attr_sets.get(set.0 as usize).map(|s| &s.parsed)
}

/// An `array<i64: ...>` attribute; `None` when absent or of another kind.
pub fn i64s(attrs: &Attrs, name: &str) -> Option<Vec<i64>> {
    match attrs.get(name) {
        Some(Attr::I64Array(v)) => Some(v.clone()),
        _ => None,
    }
}

pub fn int(attrs: &Attrs, name: &str) -> Option<i64> {
    match attrs.get(name) {
        Some(Attr::Int(v, _)) => Some(*v),
        _ => None,
    }
}

/// `array<i64: ...>` as written in the AST.
pub fn dense_array(d: &[i64]) -> Attribute {
    Attribute::DenseArray(ast::Type::Integer { width: 64, signedness: "" }, d.iter().map(|x| x.to_string()).collect())
}

/// The attribute set `set` with `changes` applied: `Some(value)` replaces the attribute where
/// it is (properties or attributes; added to the attributes when absent), `None` removes it.
/// Returns an existing equal set when there is one.
pub fn with_attrs(egraph: &mut XEGraph, set: AttrSetId, changes: &[(&str, Option<Attribute>)]) -> Option<AttrSetId> {
    let old = egraph.analysis.attr_sets.get(set.0 as usize)?;
    let (mut properties, mut attrs) = (old.properties.clone(), old.attrs.clone());
    for (name, value) in changes {
        let in_properties = properties.iter().any(|(k, _)| k == name);
        let list = if in_properties { &mut properties } else { &mut attrs };
        match (list.iter_mut().find(|(k, _)| k == name), value) {
            (Some(slot), Some(v)) => slot.1 = v.clone(),
            (None, Some(v)) => list.push((name.to_string(), v.clone())),
            (_, None) => list.retain(|(k, _)| k != name),
        }
    }
    if let Some(i) = egraph.analysis.attr_sets.iter().position(|s| s.properties == properties && s.attrs == attrs) {
        return Some(AttrSetId(i as u32));
    }
    let mut parsed = Attrs::new();
    for (k, v) in properties.iter().chain(&attrs) {
        parsed.insert(k.clone(), parse_attr(v).ok()?);
    }
    let id = AttrSetId(egraph.analysis.attr_sets.len() as u32);
    egraph.analysis.attr_sets.push(AttrSetInfo { properties, attrs, parsed });
    Some(id)
}

/// Adds `(op name attrs ty operands...)`.
pub fn add_op(egraph: &mut XEGraph, name: &str, attrs: AttrSetId, ty: Id, operands: &[Id]) -> Id {
    let mut children = vec![egraph.add(Xhlo::Sym(Symbol::from(name))), egraph.add(Xhlo::AttrSet(attrs)), ty];
    children.extend_from_slice(operands);
    egraph.add(Xhlo::Op(children.into_boxed_slice()))
}

/// The class of the type leaf of `ty` (as the converter writes it).
pub fn ty_leaf(egraph: &mut XEGraph, ty: &xhlo_ir::Type) -> Id {
    egraph.add(Xhlo::Ty(crate::eqsat::language::Ty(ty.to_string())))
}

/// Finds the `op` nodes named `name` (any number of operands); binds `?attrs`, `?ty` and the
/// operands `?o0`, `?o1`, ... (read them back with [`operands`]).
pub struct OpSearcher {
    pub name: &'static str,
}

fn operand_var(i: usize) -> Var {
    format!("?o{i}").parse().expect("pattern variable")
}

/// The operands bound by an [`OpSearcher`].
pub fn operands(subst: &Subst) -> Vec<Id> {
    (0..).map_while(|i| subst.get(operand_var(i)).copied()).collect()
}

impl Searcher<Xhlo, XhloAnalysis> for OpSearcher {
    fn search_eclass_with_limit(&self, egraph: &XEGraph, eclass: Id, limit: usize) -> Option<SearchMatches<'_, Xhlo>> {
        let mut substs = Vec::new();
        for node in egraph[eclass].nodes.iter() {
            if substs.len() >= limit {
                break;
            }
            let Xhlo::Op(children) = node else { continue };
            let [n, a, t, rest @ ..] = &children[..] else { continue };
            if sym(egraph, *n).is_none_or(|s| s.as_str() != self.name) {
                continue;
            }
            let mut s = Subst::with_capacity(rest.len() + 2);
            s.insert(super::var("?attrs"), *a);
            s.insert(super::var("?ty"), *t);
            for (i, o) in rest.iter().enumerate() {
                s.insert(operand_var(i), *o);
            }
            substs.push(s);
        }
        (!substs.is_empty()).then_some(SearchMatches { eclass, substs, ast: None })
    }

    fn vars(&self) -> Vec<Var> {
        vec![super::var("?attrs"), super::var("?ty")]
    }
}
