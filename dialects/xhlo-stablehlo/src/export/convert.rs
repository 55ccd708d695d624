//! Stage one of the export: the xhlo tree becomes a tree of StableHLO ops in generic shape
//! (operands, `properties` for inherent attributes, `attrs` for discardable ones, regions,
//! types), exactly what MLIR's generic form of the StableHLO program holds. Stage two
//! ([`super::print`]) chooses how to print each op.
//!
//! Op names come from the catalogue ([`stablehlo_name`]: an op's first import source, so
//! `xhlo.tan` is `stablehlo.tan`, not `chlo.tan`, and ops the importer converts with a
//! function that is a rename in the common case go back under their source's name). Ops whose
//! structure changed on import are rebuilt here: `xhlo.case` (one region, one block per
//! branch) gets one region per branch, `xhlo.rng_uniform`/`rng_normal` become `stablehlo.rng`
//! with a constant shape operand, `gpu.yield` becomes `stablehlo.return`. Two xhlo ops have
//! no StableHLO source but a StableHLO spelling: `xhlo.collapse` is a `stablehlo.reshape`
//! and `xhlo.call` a `func.call`. `xhlo.top_k` with `largest = false` has none: `chlo.top_k`
//! has no such attribute (MLIR would drop it silently), so it is an error.

use super::attrs::{export_attrs, export_type, export_value};
use super::Names;
use mlir_text::ast::{Attribute, Block, Op, Region, Type, ValueRef};
use mlir_text::error::ParseError;
use crate::import::attrs::Named;
use crate::import::ops::renames;
use std::collections::HashMap;
use std::sync::LazyLock;
use xhlo_ir::op::REGION_TERMINATOR;

/// ops outside the catalogue: name → the StableHLO op the importer renames to it.
static REVERSE: LazyLock<HashMap<&'static str, &'static str>> = LazyLock::new(|| {
    let mut map = HashMap::new();
    for (from, to) in renames() {
        map.entry(to).or_insert(from);
    }
    map
});

/// The StableHLO (or CHLO) op an xhlo op is exported as, when it keeps its structure: the
/// catalogue's export name ([`xhlo_ir::catalogue::export_name`]: the first import source,
/// renamed or converted), or the importer's rename for ops of other dialects (`gpu.yield`).
pub fn stablehlo_name(name: &str) -> Option<String> {
    match name.strip_prefix("xhlo.").and_then(xhlo_ir::catalogue::lookup) {
        Some(def) => xhlo_ir::catalogue::export_name(def),
        None => REVERSE.get(name).map(|s| s.to_string()),
    }
}

/// The xhlo ops exported by a rule of their own rather than a rename.
pub const SPECIAL: &[&str] = &["xhlo.case", "xhlo.rng_uniform", "xhlo.rng_normal", "xhlo.collapse", "xhlo.call", "xhlo.fusion"];

pub struct Converter<'a> {
    pub names: &'a mut Names,
    pub errors: Vec<ParseError>,
    /// Private functions made from `xhlo.fusion` bodies, to add to the module.
    pub outlined: Vec<Op>,
}

fn op_error(op: &Op, message: &str) -> ParseError {
    ParseError::new(op.pos, format!("'{}' op {message}", op.name))
}

impl Converter<'_> {
    /// Converts a list of ops; errors are recorded and the walk goes on.
    pub fn ops(&mut self, ops: &[Op]) -> Vec<Op> {
        let mut out = Vec::new();
        for op in ops {
            if let Err(e) = self.op(op, &mut out) {
                self.error(op_error(op, &e));
                // Report what is wrong inside the op's regions too (already reported errors
                // are not repeated).
                for r in &op.regions {
                    if let Err(e) = self.region(r) {
                        self.error(op_error(op, &e));
                    }
                }
            }
        }
        out
    }

    fn error(&mut self, e: ParseError) {
        if !self.errors.contains(&e) {
            self.errors.push(e);
        }
    }

    fn region(&mut self, r: &Region) -> Result<Region, String> {
        let mut out = Region::default();
        for b in &r.blocks {
            out.blocks.push(self.block(b)?);
        }
        Ok(out)
    }

    fn block(&mut self, b: &Block) -> Result<Block, String> {
        let ops = self.ops(&b.ops);
        let args = b
            .args
            .iter()
            .map(|(v, t)| Ok((v.clone(), export_type(t).map_err(|e| format!("block argument {v}: {e}"))?)))
            .collect::<Result<_, String>>()?;
        Ok(Block { label: b.label.clone(), args, ops })
    }

    /// The op with its name replaced and its types, regions and attribute values exported;
    /// properties and attributes as given.
    fn shell(&mut self, op: &Op, name: &str, properties: Named, attrs: Named) -> Result<Op, String> {
        let types = |ts: &[Type]| ts.iter().map(export_type).collect::<Result<Vec<_>, _>>();
        let regions = op.regions.iter().map(|r| self.region(r)).collect::<Result<_, _>>()?;
        let mut out = Op::new(name, op.pos);
        out.results = op.results.clone();
        out.operands = op.operands.clone();
        out.successors = op.successors.clone();
        out.operand_types = types(&op.operand_types)?;
        out.result_types = types(&op.result_types)?;
        out.properties = properties;
        out.attrs = attrs;
        out.regions = regions;
        Ok(out)
    }

    /// Attribute values exported, names unchanged.
    fn values(entries: &[(String, Attribute)]) -> Result<Named, String> {
        entries.iter().map(|(k, v)| Ok((k.clone(), export_value(v).map_err(|e| format!("attribute '{k}': {e}"))?))).collect()
    }

    /// A renamed xhlo op: attributes nested, declared ones as properties.
    fn renamed(&mut self, op: &Op, to: &str, drop: &[&str]) -> Result<Op, String> {
        let def = xhlo_ir::catalogue::lookup(&op.name);
        let declared = |k: &str| def.is_some_and(|d| d.attr_def(k).is_some());
        let attrs: Named = op.all_attrs().filter(|(k, _)| !drop.contains(&k.as_str())).cloned().collect();
        let (props, discardable) = export_attrs(to, &attrs, &declared)?;
        self.shell(op, to, props, discardable)
    }

    fn op(&mut self, op: &Op, out: &mut Vec<Op>) -> Result<(), String> {
        let name = op.name.as_str();
        let converted = match name {
            "builtin.module" | "func.func" | "func.return" | "func.call" => {
                let (props, attrs) = (Self::values(&op.properties)?, Self::values(&op.attrs)?);
                self.shell(op, name, props, attrs)?
            }
            _ if name.starts_with("check.") => {
                let attrs = Self::values(&op.all_attrs().cloned().collect::<Vec<_>>())?;
                self.shell(op, name, vec![], attrs)?
            }
            REGION_TERMINATOR => self.shell(op, "stablehlo.return", vec![], Self::values(&op.attrs)?)?,
            "xhlo.case" => self.case(op)?,
            "xhlo.fusion" => self.fusion(op)?,
            "xhlo.rng_uniform" | "xhlo.rng_normal" => self.rng(op, out)?,
            "xhlo.collapse" => self.renamed(op, "stablehlo.reshape", &["dimensions"])?,
            // A root operand is StableHLO's has_dynamic_root form (one data operand and its
            // tensor<1xi32> of roots).
            "xhlo.collective_broadcast" if op.operands.len() == 2 => {
                let mut out = self.renamed(op, "stablehlo.collective_broadcast", &[])?;
                out.properties.push(("has_dynamic_root".into(), Attribute::Unit));
                out
            }
            "xhlo.top_k" => match op.attr("largest") {
                None | Some(Attribute::Bool(true)) => self.renamed(op, "chlo.top_k", &["largest"])?,
                Some(other) => {
                    return Err(format!(
                        "unsupported: largest = {} (chlo.top_k always selects the largest elements)",
                        crate::import::attrs::show(other)
                    ))
                }
            },
            "xhlo.call" => {
                let callee = op.attr("callee").ok_or("missing callee")?.clone();
                let rest: Named = op.all_attrs().filter(|(k, _)| k != "callee").cloned().collect();
                self.shell(op, "func.call", vec![("callee".into(), callee)], Self::values(&rest)?)?
            }
            _ => match stablehlo_name(name) {
                Some(to) => self.renamed(op, &to, &[])?,
                None => return Err("cannot be exported: no StableHLO equivalent is known (expected an xhlo, func, builtin or check op)".into()),
            },
        };
        out.push(converted);
        Ok(())
    }

    /// A fusion (our grouping of ops into one kernel; StableHLO has none) becomes a call of a
    /// private function holding its body, which any StableHLO consumer may inline.
    fn fusion(&mut self, op: &Op) -> Result<Op, String> {
        let block = op.regions.first().and_then(|r| r.blocks.first()).ok_or("fusion without a body")?;
        let name = self.names.fresh("xhlo_fusion");
        let mut body = block.clone();
        if let Some(last) = body.ops.last_mut() {
            if last.name == REGION_TERMINATOR {
                last.name = "func.return".into();
            }
        }
        let mut func = Op::new("func.func", op.pos);
        let function_type = Type::Function { inputs: block.args.iter().map(|(_, t)| t.clone()).collect(), results: op.result_types.clone() };
        func.properties = vec![
            ("sym_name".into(), Attribute::Str(name.clone())),
            ("function_type".into(), Attribute::Type(function_type)),
            ("sym_visibility".into(), Attribute::Str("private".into())),
        ];
        func.regions = vec![Region { blocks: vec![body] }];
        let props = Self::values(&func.properties)?;
        let exported = self.shell(&func, "func.func", props, vec![])?;
        self.outlined.push(exported);
        let mut call = op.clone();
        call.regions.clear();
        self.shell(&call, "func.call", vec![("callee".into(), Attribute::Symbol(vec![name]))], vec![])
    }

    /// One region with a block per branch → one region per branch.
    fn case(&mut self, op: &Op) -> Result<Op, String> {
        let mut new = self.renamed(op, "stablehlo.case", &[])?;
        let [branches] = std::mem::take(&mut new.regions).try_into().map_err(|r: Vec<Region>| {
            format!("expected one region of branches, got {}", r.len())
        })?;
        new.regions = branches.blocks.into_iter().map(|mut b| {
            b.label = None;
            Region { blocks: vec![b] }
        }).collect();
        Ok(new)
    }

    /// `rng_uniform(a, b)` → `%shape = constant dense<dims>; rng(a, b, %shape) {UNIFORM}`.
    fn rng(&mut self, op: &Op, out: &mut Vec<Op>) -> Result<Op, String> {
        let distribution = if op.name == "xhlo.rng_uniform" { "UNIFORM" } else { "NORMAL" };
        let dims: Vec<i64> = match op.result_types.as_slice() {
            [Type::Tensor { dims, .. }] => dims.iter().map(|d| d.ok_or("the result shape must be static")).collect::<Result<_, _>>()?,
            _ => return Err("expected one tensor result".into()),
        };
        let shape_ty = Type::Tensor { dims: vec![Some(dims.len() as i64)], element: Box::new(Type::Integer { width: 64, signedness: "" }), encoding: None };
        let body = if dims.is_empty() { String::new() } else { format!("[{}]", dims.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")) };
        let shape = self.names.fresh("rng_shape");
        let mut constant = Op::new("stablehlo.constant", op.pos);
        constant.results = vec![(shape.clone(), 1)];
        constant.properties = vec![("value".into(), Attribute::Dense { body, ty: shape_ty.clone() })];
        constant.result_types = vec![shape_ty.clone()];
        out.push(constant);
        let mut rng = self.renamed(op, "stablehlo.rng", &[])?;
        rng.operands.push(ValueRef(shape));
        rng.operand_types.push(shape_ty);
        rng.properties.insert(
            0,
            ("rng_distribution".into(), Attribute::Dialect { name: "stablehlo".into(), body: format!("rng_distribution {distribution}") }),
        );
        Ok(rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalogue_op_has_an_export_rule() {
        let missing: Vec<_> = xhlo_ir::catalogue::all()
            .map(|d| format!("xhlo.{}", d.name))
            .filter(|n| stablehlo_name(n).is_none() && !SPECIAL.contains(&n.as_str()))
            .collect();
        assert!(missing.is_empty(), "no export rule for {missing:?}");
    }

    #[test]
    fn converted_imports_are_custom_rules_of_the_importer() {
        for def in xhlo_ir::catalogue::all() {
            if let xhlo_ir::op::Import::Converted(source) = def.import {
                assert!(
                    matches!(crate::import::ops::rule(source), Some(crate::import::ops::Rule::Custom(_))),
                    "xhlo.{} is converted from {source}, which is not a custom rule of the importer",
                    def.name
                );
            }
        }
    }

    #[test]
    fn shared_targets_export_to_the_stablehlo_op() {
        assert_eq!(stablehlo_name("xhlo.tan").as_deref(), Some("stablehlo.tan"));
        assert_eq!(stablehlo_name("xhlo.after_all").as_deref(), Some("stablehlo.after_all"));
        assert_eq!(stablehlo_name("xhlo.erf").as_deref(), Some("chlo.erf"));
        assert_eq!(stablehlo_name("gpu.yield").as_deref(), Some("stablehlo.return"));
        assert_eq!(stablehlo_name("xhlo.cross_replica_sum").as_deref(), Some("stablehlo.cross-replica-sum"));
        assert_eq!(stablehlo_name("xhlo.compare").as_deref(), Some("stablehlo.compare"));
    }
}
