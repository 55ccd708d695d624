//! Generates the IRDL definition of the dialect from the catalogue.
//!
//! IRDL checks what it can express: operand/result counts and kinds, required attributes and
//! their base kinds, region counts. Everything else (shapes, element types, attribute values)
//! is the Rust verifier's job, because IRDL has no shape arithmetic.

use crate::catalogue::{self, DIALECT};
use crate::op::{Arity, AttrKind, OpDef, ValueDef, ValueKind};
use std::fmt::Write;

fn value_constraint(kind: ValueKind) -> String {
    match kind {
        ValueKind::Tensor => "irdl.base \"!builtin.tensor\"".into(),
        ValueKind::Tuple => "irdl.base \"!builtin.tuple\"".into(),
        ValueKind::Token => format!("irdl.base @{DIALECT}::@token"),
        ValueKind::Any => "irdl.any".into(),
    }
}

fn attr_constraint(kind: AttrKind) -> &'static str {
    match kind {
        AttrKind::Int | AttrKind::Bool => "irdl.base \"#builtin.integer\"",
        AttrKind::Float => "irdl.base \"#builtin.float\"",
        AttrKind::Str => "irdl.base \"#builtin.string\"",
        AttrKind::I64Array | AttrKind::BoolArray => "irdl.base \"#builtin.dense_array\"",
        AttrKind::Type => "irdl.base \"#builtin.type\"",
        AttrKind::Symbol => "irdl.base \"#builtin.symbol_ref\"",
        AttrKind::Array => "irdl.base \"#builtin.array\"",
        AttrKind::Dict => "irdl.base \"#builtin.dictionary\"",
        // Dense constants may be dense<...>, dense_resource<...> or splats: checked in Rust.
        AttrKind::Dense | AttrKind::Any => "irdl.any",
    }
}

fn write_values(out: &mut String, keyword: &str, slots: &[ValueDef], next: &mut usize) {
    if slots.is_empty() {
        return;
    }
    let mut names = Vec::new();
    for slot in slots {
        let id = *next;
        *next += 1;
        writeln!(out, "    %{id} = {}", value_constraint(slot.kind)).unwrap();
        let arity = match slot.arity {
            Arity::Single => "",
            Arity::Optional => "optional ",
            Arity::Variadic => "variadic ",
        };
        names.push(format!("{}: {arity}%{id}", slot.name));
    }
    writeln!(out, "    irdl.{keyword}({})", names.join(", ")).unwrap();
}

fn write_op(out: &mut String, def: &OpDef) {
    writeln!(out, "  // {}", def.summary).unwrap();
    writeln!(out, "  irdl.operation @{} {{", def.name).unwrap();
    let mut next = 0;
    write_values(out, "operands", def.operands, &mut next);
    write_values(out, "results", def.results, &mut next);
    let required: Vec<_> = def.attrs.iter().filter(|a| a.required).collect();
    if !required.is_empty() {
        let mut entries = Vec::new();
        for a in required {
            let id = next;
            next += 1;
            writeln!(out, "    %{id} = {}", attr_constraint(a.kind)).unwrap();
            entries.push(format!("\"{}\" = %{id}", a.name));
        }
        writeln!(out, "    irdl.attributes {{{}}}", entries.join(", ")).unwrap();
    }
    if !def.regions.is_empty() {
        let mut names = Vec::new();
        for r in def.regions {
            let id = next;
            next += 1;
            writeln!(out, "    %{id} = irdl.region").unwrap();
            names.push(format!("{r}: %{id}"));
        }
        writeln!(out, "    irdl.regions({})", names.join(", ")).unwrap();
    }
    writeln!(out, "  }}").unwrap();
}

/// The `check` dialect of StableHLO's test suite (`shared/stablehlo-tests/CheckOps.td`): test
/// files assert results with these ops, and they survive import so that `xla-run --check`
/// can evaluate them. Optional attributes (`tolerance`, `min_ulp_difference`, ...) are not
/// declared, as IRDL attributes are all required.
const CHECK_DIALECT: &str = r#"// The check dialect of StableHLO's interpreter tests.
irdl.dialect @check {
  // expect_eq: exact equality of two tensors.
  irdl.operation @expect_eq {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
  }
  // expect_eq_const: exact equality with a constant.
  irdl.operation @expect_eq_const {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    irdl.operands(lhs: %0)
    irdl.attributes {"value" = %1}
  }
  // expect_almost_eq: absolute tolerance (attribute tolerance, default 1e-4).
  irdl.operation @expect_almost_eq {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
  }
  // expect_almost_eq_const: absolute tolerance against a constant.
  irdl.operation @expect_almost_eq_const {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    irdl.operands(lhs: %0)
    irdl.attributes {"value" = %1}
  }
  // expect_close: ULP distance within [min_ulp_difference, max_ulp_difference] (0..1).
  irdl.operation @expect_close {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(actual: %0, expected: %1)
  }
}
"#;

/// The whole dialect as IRDL text, for `load_irdl_dialects` and `mlir-opt --irdl-file`.
pub fn dialect_irdl() -> String {
    let mut out = String::new();
    writeln!(out, "// The xhlo dialect, generated from the op catalogue (xhlo-ir). Do not edit:").unwrap();
    writeln!(out, "// run `make irdl` (target/xhlo.irdl.mlir) or `xla-opt --emit-irdl`.").unwrap();
    writeln!(out, "irdl.dialect @{DIALECT} {{").unwrap();
    writeln!(out, "  // The token type orders side effects (seed 002: AfterAll, Send, Recv, Infeed, Outfeed).").unwrap();
    writeln!(out, "  irdl.type @token").unwrap();
    writeln!(out, "  // A tensor layout, minor-to-major dimension order (seed 004), used as a tensor encoding.").unwrap();
    writeln!(out, "  irdl.attribute @layout {{").unwrap();
    writeln!(out, "    %0 = irdl.base \"#builtin.dense_array\"").unwrap();
    writeln!(out, "    irdl.parameters(minor_to_major: %0)").unwrap();
    writeln!(out, "  }}").unwrap();
    for def in catalogue::all() {
        write_op(&mut out, def);
    }
    writeln!(out, "}}").unwrap();
    out.push_str(CHECK_DIALECT);
    out
}
