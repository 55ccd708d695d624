//! Function body ↔ e-graph.
//!
//! [`to_egraph`] adds every modelled op of a function body to an e-graph and records the
//! rest as a [`Plan`]: the ops kept outside (side-effecting ops, ops with regions, multi-result
//! ops, other dialects), in their original order, each result a unique leaf; the roots are
//! their operands, the values their regions capture, and the returned values.
//! [`from_extraction`] writes the body back: the kept ops in order, each preceded by the
//! extracted pure values it needs (fresh names), then the `func.return`.

use super::analysis::{AttrSetInfo, BodyInfo, Combiner, XEGraph, XhloAnalysis};
use super::kernel::{kernel_of, value_children, Kernel};
use super::language::{AttrSetId, BodyId, Dims, LeafId, LitKey, Ty, Xhlo};
use egg::{Id, Symbol};
use std::collections::{HashMap, HashSet};
use xhlo_ir::attrs::{Attr, Attrs};
use xhlo_ir::catalogue;
use xhlo_ir::literal::Literal;
use xhlo_ir::op::{Effects, RegionSig, REGION_TERMINATOR};
use xhlo_ir::Type;
use mlir_text::ast::{self, Attribute, Block, Op, ValueRef};
use mlir_text::error::Pos;

/// An op kept outside the e-graph.
#[derive(Clone, Debug)]
pub struct Kept {
    pub op: Op,
    /// The e-class of each operand.
    pub operands: Vec<Id>,
    /// Values of the enclosing body its regions use: name and e-class.
    pub captured: Vec<(String, Id)>,
}

/// The part of a body the e-graph does not hold.
#[derive(Clone, Debug)]
pub struct Plan {
    pub kept: Vec<Kept>,
    /// The leaf of each result of a kept op, and of each block argument: its value name.
    pub leaf_names: Vec<String>,
    /// Which kept op defines each leaf (`None` for block arguments).
    pub leaf_owner: Vec<Option<usize>>,
    pub ret: Op,
    pub ret_operands: Vec<Id>,
    /// Every value name used in the function (fresh names avoid them).
    pub names: HashSet<String>,
    /// The prefix of fresh names (distinct per region body, so that a region never redefines
    /// a name of the body around it).
    pub prefix: String,
    /// Source positions of original ops, by e-class at conversion time.
    pub positions: Vec<(Id, Pos)>,
    pub func_pos: Pos,
    /// The DAG cost of the body as written (each op once).
    pub original_cost: f64,
}

impl Plan {
    /// All roots: kept operands, captured values, returned values.
    pub fn roots(&self) -> Vec<Id> {
        let mut r = Vec::new();
        for k in &self.kept {
            r.extend(k.operands.iter().copied());
            r.extend(k.captured.iter().map(|(_, id)| *id));
        }
        r.extend(self.ret_operands.iter().copied());
        r
    }
}

pub fn xtype(t: &ast::Type) -> Result<Type, String> {
    xhlo_lowering::convert::xtype(t)
}

/// MLIR text of an AST attribute, and its catalogue form.
pub fn parse_attr(a: &Attribute) -> Result<Attr, String> {
    let mut text = String::new();
    mlir_text::print::write_attr(&mut text, a);
    Attr::parse(&text)
}

fn has_layout(t: &Type) -> bool {
    match t {
        Type::Tensor(t) => t.layout.is_some(),
        Type::Tuple(ts) => ts.iter().any(has_layout),
        Type::Token => false,
    }
}

fn i64_list(a: &Attribute) -> Option<Vec<i64>> {
    match a {
        Attribute::DenseArray(_, values) => values.iter().map(|v| v.parse().ok()).collect(),
        _ => None,
    }
}

/// Names defined and used in regions, recursively.
fn region_names(regions: &[ast::Region], defined: &mut HashSet<String>, used: &mut Vec<String>) {
    for r in regions {
        for b in &r.blocks {
            for (v, _) in &b.args {
                defined.insert(v.0.clone());
            }
            for op in &b.ops {
                for v in op.result_refs() {
                    defined.insert(v.0.clone());
                }
                used.extend(op.operands.iter().map(|v| v.0.clone()));
                region_names(&op.regions, defined, used);
            }
        }
    }
}

/// Values a region uses from outside it, in first-use order.
pub(crate) fn captured_names(regions: &[ast::Region]) -> Vec<String> {
    let mut defined = HashSet::new();
    let mut used = Vec::new();
    region_names(regions, &mut defined, &mut used);
    let mut seen = HashSet::new();
    used.into_iter().filter(|u| !defined.contains(u) && seen.insert(u.clone())).collect()
}

pub fn all_names(block: &Block, out: &mut HashSet<String>) {
    for (v, _) in &block.args {
        out.insert(v.0.clone());
    }
    for op in &block.ops {
        for (name, _) in &op.results {
            out.insert(name.clone());
        }
        for r in &op.regions {
            for b in &r.blocks {
                all_names(b, out);
            }
        }
    }
}

/// The combiner of a reduce body `^bb(%a, %b): %r = xhlo.OP(%a, %b); yield %r`.
fn combiner(region: &ast::Region) -> Combiner {
    let [block] = &region.blocks[..] else { return Combiner::Other };
    let ([(a, _), (b, _)], [op, ret]) = (&block.args[..], &block.ops[..]) else { return Combiner::Other };
    let args_ok = (op.operands == [a.clone(), b.clone()]) || (op.operands == [b.clone(), a.clone()]);
    let yields_it = ret.name == REGION_TERMINATOR && ret.operands == op.result_refs();
    if !args_ok || !yields_it || !op.all_attrs().next().is_none() || !op.regions.is_empty() {
        return Combiner::Other;
    }
    match op.name.as_str() {
        "xhlo.add" => Combiner::Add,
        "xhlo.multiply" => Combiner::Multiply,
        "xhlo.maximum" => Combiner::Maximum,
        "xhlo.minimum" => Combiner::Minimum,
        "xhlo.and" => Combiner::And,
        "xhlo.or" => Combiner::Or,
        _ => Combiner::Other,
    }
}

fn region_sig(region: &ast::Region) -> Result<RegionSig, String> {
    let mut sig = RegionSig::default();
    for b in &region.blocks {
        let args = b.args.iter().map(|(_, t)| xtype(t)).collect::<Result<Vec<_>, _>>()?;
        let last = b.ops.last().ok_or("empty region block")?;
        let yields = last.operand_types.iter().map(xtype).collect::<Result<Vec<_>, _>>()?;
        sig.blocks.push(xhlo_ir::op::BlockSig { args, yields });
    }
    Ok(sig)
}

/// Builds the e-graph of a function body.
pub struct Builder {
    pub egraph: XEGraph,
    env: HashMap<String, Id>,
    attr_sets: HashMap<String, AttrSetId>,
    bodies: HashMap<String, BodyId>,
}

impl Builder {
    fn new(explain: bool) -> Builder {
        let egraph = XEGraph::new(XhloAnalysis::default());
        let egraph = if explain { egraph.with_explanations_enabled() } else { egraph };
        Builder { egraph, env: HashMap::new(), attr_sets: HashMap::new(), bodies: HashMap::new() }
    }

    fn leaf(&mut self, ty: Type) -> Id {
        let id = LeafId(self.egraph.analysis.leaves.len() as u32);
        self.egraph.analysis.leaves.push(ty);
        self.egraph.add(Xhlo::Leaf(id))
    }

    fn operand(&self, v: &ValueRef) -> Result<Id, String> {
        self.env.get(&v.0).copied().ok_or_else(|| format!("use of undefined value {v}"))
    }

    fn dims(&mut self, d: Vec<i64>) -> Id {
        self.egraph.add(Xhlo::Dims(Dims(d)))
    }

    fn ty(&mut self, t: &ast::Type) -> Id {
        let text = mlir_text::print::type_to_string(t);
        self.egraph.add(Xhlo::Ty(Ty(text)))
    }

    fn sym(&mut self, s: &str) -> Id {
        self.egraph.add(Xhlo::Sym(Symbol::from(s)))
    }

    /// The e-node for a pure single-result xhlo op, or `None` to keep it outside.
    fn model(&mut self, op: &Op) -> Result<Option<Xhlo>, String> {
        let Some(name) = op.name.strip_prefix("xhlo.") else { return Ok(None) };
        let Some(def) = catalogue::lookup(name) else { return Ok(None) };
        if def.effects != Effects::Pure || op.result_refs().len() != 1 || op.result_types.len() != 1 || !op.successors.is_empty() {
            return Ok(None);
        }
        let operands = op.operands.iter().map(|v| self.operand(v)).collect::<Result<Vec<_>, _>>()?;
        let attrs: Vec<(&str, &Attribute)> = op.all_attrs().map(|(k, v)| (k.as_str(), v)).collect();
        let attr = |n: &str| attrs.iter().find(|(k, _)| *k == n).map(|(_, v)| *v);
        let names: Vec<&str> = attrs.iter().map(|(k, _)| *k).collect();
        let only = |allowed: &[&str], required: &[&str]| names.iter().all(|n| allowed.contains(n)) && required.iter().all(|r| names.contains(r));
        let result_ty = &op.result_types[0];
        if name == "reduce" {
            if op.regions.len() != 1 || operands.len() != 2 || !only(&["dimensions"], &["dimensions"]) || !captured_names(&op.regions).is_empty() {
                return Ok(None);
            }
            let Some(dims) = attr("dimensions").and_then(i64_list) else { return Ok(None) };
            let region = &op.regions[0];
            let comb = combiner(region);
            let sig = region_sig(region)?;
            // Bodies that are one known combiner are shared by their signature.
            let key = if comb == Combiner::Other { format!("#{}", self.egraph.analysis.bodies.len()) } else { format!("{comb:?}{:?}", sig) };
            let body = match self.bodies.get(&key) {
                Some(b) => *b,
                None => {
                    let b = BodyId(self.egraph.analysis.bodies.len() as u32);
                    self.egraph.analysis.bodies.push(BodyInfo { region: region.clone(), sig, combiner: comb });
                    self.bodies.insert(key, b);
                    b
                }
            };
            let d = self.dims(dims);
            let b = self.egraph.add(Xhlo::Body(body));
            return Ok(Some(Xhlo::Reduce([d, b, operands[0], operands[1]])));
        }
        if !op.regions.is_empty() {
            return Ok(None);
        }
        if name == "constant" && only(&["value"], &["value"]) {
            if let Some(Attribute::Dense { body, ty }) = attr("value") {
                let t = xtype(ty)?;
                let mut body = body.clone();
                if let Some(tt) = t.as_tensor() {
                    if tt.num_elements() <= super::analysis::FOLD_LIMIT {
                        // Canonical spelling, so equal constants are one class.
                        if let Ok(lit) = Literal::parse_dense(&body, tt) {
                            body = super::analysis::dense_body(&lit);
                        }
                    }
                }
                let rt = mlir_text::print::type_to_string(result_ty);
                return Ok(Some(Xhlo::Lit(LitKey { body, ty: rt })));
            }
        }
        let explicit = match name {
            _ if names.is_empty() => Xhlo::elementwise(name, &operands),
            "transpose" if only(&["permutation"], &["permutation"]) => {
                attr("permutation").and_then(i64_list).map(|p| Xhlo::Transpose([self.dims(p), operands[0]]))
            }
            "broadcast_in_dim" if only(&["broadcast_dimensions"], &["broadcast_dimensions"]) => {
                attr("broadcast_dimensions").and_then(i64_list).map(|d| {
                    let t = self.ty(result_ty);
                    Xhlo::BroadcastInDim([t, self.dims(d), operands[0]])
                })
            }
            "slice" if only(&["start_indices", "limit_indices", "strides"], &["start_indices", "limit_indices"]) => {
                let s = attr("start_indices").and_then(i64_list);
                let l = attr("limit_indices").and_then(i64_list);
                let st = match attr("strides") {
                    Some(a) => i64_list(a),
                    None => s.as_ref().map(|s| vec![1; s.len()]),
                };
                match (s, l, st) {
                    (Some(s), Some(l), Some(st)) => Some(Xhlo::Slice([self.dims(s), self.dims(l), self.dims(st), operands[0]])),
                    _ => None,
                }
            }
            "compare" if only(&["comparison_direction", "compare_type"], &["comparison_direction"]) => {
                match (attr("comparison_direction").and_then(|a| a.as_str()), attr("compare_type").map(|a| a.as_str())) {
                    (Some(d), None) => Some(Xhlo::Compare([self.sym(d), self.sym("none"), operands[0], operands[1]])),
                    (Some(d), Some(Some(ct))) => Some(Xhlo::Compare([self.sym(d), self.sym(ct), operands[0], operands[1]])),
                    _ => None,
                }
            }
            _ => None,
        };
        let explicit = match (name, explicit) {
            ("reshape" | "convert", None) if names.is_empty() => Some(if name == "reshape" {
                Xhlo::Reshape([self.ty(result_ty), operands[0]])
            } else {
                Xhlo::Convert([self.ty(result_ty), operands[0]])
            }),
            (_, e) => e,
        };
        if let Some(e) = explicit {
            return Ok(Some(e));
        }
        // Any other pure op: name, attributes, declared type, operands.
        let mut text = String::new();
        mlir_text::print::write_dict(&mut text, &op.properties);
        text.push('|');
        mlir_text::print::write_dict(&mut text, &op.attrs);
        let set = match self.attr_sets.get(&text) {
            Some(s) => *s,
            None => {
                let mut parsed = Attrs::new();
                for (k, v) in op.all_attrs() {
                    parsed.insert(k.clone(), parse_attr(v)?);
                }
                let s = AttrSetId(self.egraph.analysis.attr_sets.len() as u32);
                self.egraph.analysis.attr_sets.push(AttrSetInfo { properties: op.properties.clone(), attrs: op.attrs.clone(), parsed });
                self.attr_sets.insert(text, s);
                s
            }
        };
        let mut children = vec![self.sym(name), self.egraph.add(Xhlo::AttrSet(set)), self.ty(result_ty)];
        children.extend(operands);
        Ok(Some(Xhlo::Op(children.into_boxed_slice())))
    }
}

/// The e-graph of a function body and what it does not hold.
pub fn to_egraph(body: &Block, func_pos: Pos) -> Result<(XEGraph, Plan), String> {
    to_egraph_with(body, func_pos, false)
}

/// [`to_egraph`], with egg's explanations enabled when `explain` is set.
pub fn to_egraph_with(body: &Block, func_pos: Pos, explain: bool) -> Result<(XEGraph, Plan), String> {
    let mut b = Builder::new(explain);
    let mut plan = Plan {
        kept: vec![],
        leaf_names: vec![],
        leaf_owner: vec![],
        ret: Op::new("func.return", func_pos),
        ret_operands: vec![],
        names: HashSet::new(),
        prefix: "e".into(),
        positions: vec![],
        func_pos,
        original_cost: 0.0,
    };
    all_names(body, &mut plan.names);
    for (v, t) in &body.args {
        let t = xtype(t)?;
        if has_layout(&t) {
            return Err("layouts are not handled by eqsat".into());
        }
        let id = b.leaf(t);
        plan.leaf_names.push(v.0.clone());
        plan.leaf_owner.push(None);
        b.env.insert(v.0.clone(), id);
    }
    let Some((last, ops)) = body.ops.split_last() else { return Err("empty body".into()) };
    if last.name != "func.return" && last.name != REGION_TERMINATOR {
        return Err(format!("the body ends in {}, not func.return or {REGION_TERMINATOR}", last.name));
    }
    // Values of enclosing regions (a region body reads them): opaque leaves with their names.
    let mut defined: HashSet<String> = body.args.iter().map(|(v, _)| v.0.clone()).collect();
    for op in &body.ops {
        for (v, t) in op.operands.iter().zip(&op.operand_types) {
            if !defined.contains(&v.0) && !b.env.contains_key(&v.0) {
                let id = b.leaf(xtype(t)?);
                plan.leaf_names.push(v.0.clone());
                plan.leaf_owner.push(None);
                b.env.insert(v.0.clone(), id);
            }
        }
        defined.extend(op.result_refs().into_iter().map(|v| v.0));
    }
    for op in ops {
        for t in op.result_types.iter().chain(&op.operand_types) {
            if has_layout(&xtype(t)?) {
                return Err("layouts are not handled by eqsat".into());
            }
        }
        if let Some(node) = b.model(op)? {
            let id = b.egraph.add(node.clone());
            plan.original_cost += super::extract::node_cost(&b.egraph, id, &node);
            b.env.insert(op.result_refs()[0].0.clone(), id);
            plan.positions.push((id, op.pos));
            continue;
        }
        let operands = op.operands.iter().map(|v| b.operand(v)).collect::<Result<Vec<_>, _>>()?;
        let captured = captured_names(&op.regions)
            .into_iter()
            .filter_map(|n| b.env.get(&n).map(|id| (n, *id)))
            .collect();
        let index = plan.kept.len();
        let refs = op.result_refs();
        let types = op.result_types.iter().map(xtype).collect::<Result<Vec<_>, _>>()?;
        if refs.len() != types.len() {
            return Err(format!("{}: {} results but {} result types", op.name, refs.len(), types.len()));
        }
        for (r, t) in refs.iter().zip(types) {
            let id = b.leaf(t);
            plan.leaf_names.push(r.0.clone());
            plan.leaf_owner.push(Some(index));
            b.env.insert(r.0.clone(), id);
        }
        plan.kept.push(Kept { op: op.clone(), operands, captured });
    }
    plan.ret = last.clone();
    plan.ret_operands = last.operands.iter().map(|v| b.operand(v)).collect::<Result<Vec<_>, _>>()?;
    b.egraph.rebuild();
    Ok((b.egraph, plan))
}

fn ast_type(t: &Type, cache: &mut HashMap<String, ast::Type>) -> Result<ast::Type, String> {
    let text = t.to_string();
    if let Some(a) = cache.get(&text) {
        return Ok(a.clone());
    }
    let mut p = mlir_text::parser::Parser::new(&text).map_err(|e| e.to_string())?;
    let a = p.parse_type().map_err(|e| e.to_string())?;
    cache.insert(text, a.clone());
    Ok(a)
}

fn dense_array(d: &[i64]) -> Attribute {
    Attribute::DenseArray(ast::Type::Integer { width: 64, signedness: "" }, d.iter().map(|x| x.to_string()).collect())
}

/// Writes a body back from an extraction: kept ops in order, pure values on demand.
pub struct Emitter<'a> {
    egraph: &'a XEGraph,
    choices: &'a HashMap<Id, Xhlo>,
    plan: &'a Plan,
    names: HashMap<Id, String>,
    emitted_kept: usize,
    next: usize,
    positions: HashMap<Id, Pos>,
    types: HashMap<String, ast::Type>,
    pub ops: Vec<Op>,
}

impl<'a> Emitter<'a> {
    fn fresh(&mut self) -> String {
        loop {
            let n = format!("{}{}", self.plan.prefix, self.next);
            self.next += 1;
            if !self.plan.names.contains(&n) {
                return n;
            }
        }
    }

    fn ty(&mut self, id: Id) -> Result<ast::Type, String> {
        let t = self.egraph[id].data.ty.clone().ok_or("internal: a value without a type")?;
        ast_type(&t, &mut self.types)
    }

    /// The name of the value of class `id`, emitting it (after its operands) if needed. The
    /// operands are emitted first by an explicit stack, in the order recursion would take:
    /// a chain of thousands of ops recursed once per op and overflowed the stack.
    fn value(&mut self, id: Id) -> Result<String, String> {
        let id = self.egraph.find(id);
        let mut stack = vec![(id, false)];
        let mut open = std::collections::HashSet::new();
        while let Some((c, operands_done)) = stack.pop() {
            if self.names.contains_key(&c) {
                continue;
            }
            if operands_done {
                self.value_of(c)?;
                continue;
            }
            if !open.insert(c) {
                return Err("internal: the extracted program has a cycle".into());
            }
            stack.push((c, true));
            let node = self.choices.get(&c).ok_or("internal: no extraction for a used value")?;
            if !matches!(node, Xhlo::Leaf(_)) {
                let children: Vec<Id> = value_children(node).into_iter().map(|ch| self.egraph.find(ch)).collect();
                stack.extend(children.into_iter().rev().map(|ch| (ch, false)));
            }
        }
        self.value_of(id)
    }

    /// [`Emitter::value`] for a class whose operands have names.
    fn value_of(&mut self, id: Id) -> Result<String, String> {
        if let Some(n) = self.names.get(&id) {
            return Ok(n.clone());
        }
        let node = self.choices.get(&id).ok_or("internal: no extraction for a used value")?.clone();
        if let Xhlo::Leaf(l) = &node {
            let i = l.0 as usize;
            if let Some(Some(owner)) = self.plan.leaf_owner.get(i) {
                if *owner >= self.emitted_kept {
                    return Err("the extracted program uses a value before the op that defines it".into());
                }
            }
            let name = self.plan.leaf_names.get(i).cloned().ok_or("internal: unknown leaf")?;
            self.names.insert(id, name.clone());
            return Ok(name);
        }
        let pos = self.positions.get(&id).copied().unwrap_or(self.plan.func_pos);
        let result_type = self.ty(id)?;
        let mut operands = Vec::new();
        for c in value_children(&node) {
            let name = self.value(c)?;
            let t = self.ty(c)?;
            operands.push((ValueRef(name), t));
        }
        let eg = self.egraph;
        let mut op = match &node {
            Xhlo::Fusion(_) => {
                let k = kernel_of(eg, &node).ok_or("internal: a fusion without its kernel")?;
                self.fusion_op(k, &operands, pos)?
            }
            _ => node_op(&node, &|c| &eg[c].nodes[0], &eg.analysis, &mut self.types, pos)?,
        };
        (op.operands, op.operand_types) = operands.into_iter().unzip();
        let name = self.fresh();
        op.results = vec![(name.clone(), 1)];
        op.result_types = vec![result_type];
        self.ops.push(op);
        self.names.insert(id, name.clone());
        Ok(name)
    }

    /// The `xhlo.fusion` op of a kernel: its body's ops in a region whose arguments are
    /// the operands, yielding the root.
    fn fusion_op(&mut self, k: &Kernel, operands: &[(ValueRef, ast::Type)], pos: Pos) -> Result<Op, String> {
        let body = k.body.as_ref();
        let mut names: Vec<Option<ValueRef>> = vec![None; body.len()];
        let mut args = vec![None; operands.len()];
        let mut ops = Vec::new();
        for (i, node) in body.iter().enumerate() {
            if node.is_attribute_leaf() {
                continue;
            }
            let ty = k.types[i].as_ref().ok_or("internal: a kernel value without a type")?;
            let ty = ast_type(ty, &mut self.types)?;
            let name = ValueRef(self.fresh());
            if let Xhlo::Arg(a) = node {
                let slot = args.get_mut(a.0 as usize).ok_or("internal: a kernel argument out of range")?;
                *slot = Some((name.clone(), ty));
            } else {
                let mut op = node_op(node, &|c| &body[usize::from(c)], &self.egraph.analysis, &mut self.types, pos)?;
                for c in value_children(node) {
                    let c = usize::from(c);
                    op.operands.push(names[c].clone().ok_or("internal: a kernel value used before it is computed")?);
                    let t = k.types[c].as_ref().ok_or("internal: a kernel value without a type")?;
                    op.operand_types.push(ast_type(t, &mut self.types)?);
                }
                op.results = vec![(name.0.clone(), 1)];
                op.result_types = vec![ty];
                ops.push(op);
            }
            names[i] = Some(name);
        }
        let args: Vec<(ValueRef, ast::Type)> = args.into_iter().enumerate().map(|(i, a)| a.unwrap_or_else(|| (ValueRef(format!("unused{i}")), operands[i].1.clone()))).collect();
        let root = names.last().cloned().flatten().ok_or("internal: an empty kernel")?;
        let mut yield_op = Op::new(REGION_TERMINATOR, pos);
        yield_op.operands = vec![root];
        yield_op.operand_types = vec![ast_type(k.result_type().ok_or("internal: a kernel without a result type")?, &mut self.types)?];
        ops.push(yield_op);
        let mut op = Op::new("xhlo.fusion", pos);
        op.attrs.push(("kind".into(), Attribute::Str(k.kind.as_str().into())));
        op.regions.push(ast::Region { blocks: vec![Block { label: None, args, ops }] });
        Ok(op)
    }
}

/// The op of a value node, without operands and results: its name, attributes and regions.
/// `leaf` looks up attribute children (in the e-graph, or in a kernel body).
fn node_op<'a>(node: &Xhlo, leaf: &dyn Fn(Id) -> &'a Xhlo, analysis: &XhloAnalysis, types: &mut HashMap<String, ast::Type>, pos: Pos) -> Result<Op, String> {
    let mut op = Op::new("", pos);
    let dims = |id: &Id| match leaf(*id) {
        Xhlo::Dims(d) => Ok(d.0.clone()),
        _ => Err("internal: missing dimension list"),
    };
    let sym = |id: &Id| match leaf(*id) {
        Xhlo::Sym(s) => Ok(s.as_str().to_string()),
        _ => Err("internal: missing symbol"),
    };
    match node {
        Xhlo::Lit(key) => {
            op.name = "xhlo.constant".into();
            let ty = ast_type(&Type::parse(&key.ty)?, types)?;
            op.attrs.push(("value".into(), Attribute::Dense { body: key.body.clone(), ty }));
        }
        Xhlo::Transpose([p, _]) => op.attrs.push(("permutation".into(), dense_array(&dims(p)?))),
        Xhlo::BroadcastInDim([_, d, _]) => op.attrs.push(("broadcast_dimensions".into(), dense_array(&dims(d)?))),
        Xhlo::Slice([s, l, st, _]) => {
            op.attrs.push(("start_indices".into(), dense_array(&dims(s)?)));
            op.attrs.push(("limit_indices".into(), dense_array(&dims(l)?)));
            op.attrs.push(("strides".into(), dense_array(&dims(st)?)));
        }
        Xhlo::Compare([d, ct, _, _]) => {
            op.attrs.push(("comparison_direction".into(), Attribute::Str(sym(d)?)));
            let ct = sym(ct)?;
            if ct != "none" {
                op.attrs.push(("compare_type".into(), Attribute::Str(ct)));
            }
        }
        Xhlo::Reduce([d, body, _, _]) => {
            op.attrs.push(("dimensions".into(), dense_array(&dims(d)?)));
            let Xhlo::Body(b) = leaf(*body) else { return Err("internal: missing reduce body".into()) };
            op.regions.push(analysis.bodies[b.0 as usize].region.clone());
        }
        Xhlo::Op(c) => {
            op.name = format!("xhlo.{}", sym(&c[0])?);
            let Xhlo::AttrSet(s) = leaf(c[1]) else { return Err("internal: missing attribute set".into()) };
            let info = &analysis.attr_sets[s.0 as usize];
            op.properties = info.properties.clone();
            op.attrs = info.attrs.clone();
        }
        _ => {}
    }
    if op.name.is_empty() {
        op.name = format!("xhlo.{}", node.op_name().ok_or("internal: a leaf as an op")?);
    }
    Ok(op)
}

/// The function body for an extraction.
pub fn from_extraction(egraph: &XEGraph, plan: &Plan, choices: &HashMap<Id, Xhlo>, args: &[(ValueRef, ast::Type)]) -> Result<Block, String> {
    let mut positions = HashMap::new();
    for (id, pos) in &plan.positions {
        positions.entry(egraph.find(*id)).or_insert(*pos);
    }
    let mut e = Emitter { egraph, choices, plan, names: HashMap::new(), emitted_kept: 0, next: 0, positions, types: HashMap::new(), ops: vec![] };
    for (i, kept) in plan.kept.iter().enumerate() {
        let mut op = kept.op.clone();
        for (k, id) in kept.operands.iter().enumerate() {
            op.operands[k] = ValueRef(e.value(*id)?);
        }
        let mut renames = HashMap::new();
        for (name, id) in &kept.captured {
            let new = e.value(*id)?;
            if &new != name {
                renames.insert(name.clone(), new);
            }
        }
        if !renames.is_empty() {
            for r in &mut op.regions {
                rename_region(r, &renames);
            }
        }
        e.ops.push(op);
        e.emitted_kept = i + 1;
    }
    let mut ret = plan.ret.clone();
    for (k, id) in plan.ret_operands.iter().enumerate() {
        ret.operands[k] = ValueRef(e.value(*id)?);
    }
    e.ops.push(ret);
    Ok(Block { label: None, args: args.to_vec(), ops: e.ops })
}

fn rename_region(r: &mut ast::Region, renames: &HashMap<String, String>) {
    for b in &mut r.blocks {
        for op in &mut b.ops {
            crate::ast_walk::rename_uses(op, renames);
        }
    }
}
