//! Prints the builder's IR as MLIR text that `mlir-opt --irdl-file=xhlo.irdl.mlir` parses:
//! xhlo ops in the generic form (`%0 = "xhlo.add"(%arg0, %arg1) : (...) -> ...`), functions
//! and `return` in the func dialect's pretty form, region terminators as `gpu.yield`.
//!
//! Value names are unique across a whole function, nested regions included (MLIR rejects a
//! nested region that redefines a name visible from the enclosing one): function parameters
//! and region block arguments are `%arg0, %arg1, ...` and op results `%0, %1, ...`, both
//! numbered in print order; an op with several results is `%3:2` and its results `%3#0`,
//! `%3#1`.

use super::ir::{Body, Function, Module, Op, ValueRef};
use crate::attrs::{write_named, write_string_literal, Attrs};
use crate::types::Type;
use std::fmt::{self, Write};

/// The op that ends every region block.
pub use crate::op::REGION_TERMINATOR;

/// `{a = 1, b = "x"}`, or nothing for no attributes.
struct AttrDict<'a>(&'a Attrs);

impl fmt::Display for AttrDict<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, (name, value)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write_named(f, name, value)?;
        }
        f.write_str("}")
    }
}

/// `@name`, quoted when the name is not a bare identifier.
struct Symbol<'a>(&'a str);

impl fmt::Display for Symbol<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("@")?;
        mlir_text::print::write_name(f, self.0)
    }
}

fn type_list(types: &[Type]) -> String {
    types.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ")
}

/// `T` for one type, `(T1, T2)` otherwise (also `()`).
fn result_list(types: &[Type]) -> String {
    match types {
        [one] => one.to_string(),
        many => format!("({})", type_list(many)),
    }
}

/// The names of one body's values, filled as its ops are printed.
struct Scope {
    params: Vec<String>,
    results: Vec<Vec<String>>,
}

impl Scope {
    fn name(&self, v: ValueRef) -> String {
        let found = match v {
            ValueRef::Param(n) => self.params.get(n),
            ValueRef::Result { op, index } => self.results.get(op).and_then(|r| r.get(index)),
        };
        // Only hand-made IR can hold a dangling reference; print something MLIR rejects
        // instead of panicking.
        found.cloned().unwrap_or_else(|| format!("%<undefined {v:?}>"))
    }
}

struct Printer {
    out: String,
    next_value: usize,
    next_arg: usize,
}

impl Printer {
    fn new() -> Printer {
        Printer { out: String::new(), next_value: 0, next_arg: 0 }
    }

    fn line(&mut self, indent: usize, text: &str) {
        for _ in 0..indent {
            self.out.push(' ');
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn fresh_args(&mut self, n: usize) -> Vec<String> {
        (0..n)
            .map(|_| {
                self.next_arg += 1;
                format!("%arg{}", self.next_arg - 1)
            })
            .collect()
    }

    fn function(&mut self, f: &Function, indent: usize) {
        self.next_value = 0;
        self.next_arg = 0;
        let params = self.fresh_args(f.body.params.len());
        let signature: Vec<String> =
            params.iter().zip(&f.body.params).map(|(n, t)| format!("{n}: {t}")).collect();
        let results = f.body.result_types();
        let arrow = if results.is_empty() { String::new() } else { format!(" -> {}", result_list(&results)) };
        self.line(indent, &format!("func.func {}({}){arrow} {{", Symbol(&f.name), signature.join(", ")));
        let scope = self.ops(&f.body, params, indent + 2);
        if f.body.results.is_empty() {
            self.line(indent + 2, "return");
        } else {
            let names: Vec<String> = f.body.results.iter().map(|&v| scope.name(v)).collect();
            self.line(indent + 2, &format!("return {} : {}", names.join(", "), type_list(&results)));
        }
        self.line(indent, "}");
    }

    /// Prints a body's ops and returns the names of its values.
    fn ops(&mut self, body: &Body, params: Vec<String>, indent: usize) -> Scope {
        let mut scope = Scope { params, results: Vec::with_capacity(body.ops.len()) };
        for op in &body.ops {
            let names = self.op(op, body, &scope, indent);
            scope.results.push(names);
        }
        scope
    }

    fn op(&mut self, op: &Op, body: &Body, scope: &Scope, indent: usize) -> Vec<String> {
        let n = op.result_types.len();
        let (lhs, names) = match n {
            0 => (String::new(), vec![]),
            1 => {
                let name = format!("%{}", self.next_value);
                self.next_value += 1;
                (format!("{name} = "), vec![name])
            }
            _ => {
                let base = format!("%{}", self.next_value);
                self.next_value += 1;
                (format!("{base}:{n} = "), (0..n).map(|i| format!("{base}#{i}")).collect())
            }
        };
        let operands: Vec<String> = op.operands.iter().map(|&v| scope.name(v)).collect();
        let operand_types: Vec<String> = op
            .operands
            .iter()
            .map(|&v| body.type_of(v).map_or_else(|| "<undefined>".to_string(), |t| t.to_string()))
            .collect();
        let mut head = lhs;
        write_string_literal(&mut head, &op.name).unwrap();
        write!(head, "({})", operands.join(", ")).unwrap();
        if !op.regions.is_empty() {
            self.line(indent, &format!("{head} ({{"));
            for (r, region) in op.regions.iter().enumerate() {
                if r > 0 {
                    self.line(indent, "}, {");
                }
                for (b, block) in region.blocks.iter().enumerate() {
                    self.block(b, block, indent);
                }
            }
            head = "})".to_string();
        }
        // Attributes and the function type follow the operands and regions (generic syntax).
        if !op.attrs.is_empty() {
            write!(head, " {}", AttrDict(&op.attrs)).unwrap();
        }
        write!(head, " : ({}) -> {}", operand_types.join(", "), result_list(&op.result_types)).unwrap();
        self.line(indent, &head);
        names
    }

    /// `^bbN(%argK: T, ...):`, the block's ops, then its terminator.
    fn block(&mut self, index: usize, block: &Body, indent: usize) {
        let args = self.fresh_args(block.params.len());
        let sig: Vec<String> = args.iter().zip(&block.params).map(|(n, t)| format!("{n}: {t}")).collect();
        if sig.is_empty() {
            self.line(indent, &format!("^bb{index}:"));
        } else {
            self.line(indent, &format!("^bb{index}({}):", sig.join(", ")));
        }
        let scope = self.ops(block, args, indent + 2);
        let yielded: Vec<String> = block.results.iter().map(|&v| scope.name(v)).collect();
        let mut term = String::new();
        write_string_literal(&mut term, REGION_TERMINATOR).unwrap();
        write!(term, "({}) : ({}) -> ()", yielded.join(", "), type_list(&block.result_types())).unwrap();
        self.line(indent + 2, &term);
    }
}

impl fmt::Display for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut p = Printer::new();
        p.function(self, 0);
        f.write_str(&p.out)
    }
}

impl fmt::Display for Module {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut p = Printer::new();
        p.line(0, "module {");
        for (i, function) in self.functions.iter().enumerate() {
            if i > 0 {
                p.line(0, "");
            }
            p.function(function, 2);
        }
        p.line(0, "}");
        f.write_str(&p.out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attrs::Attr;
    use crate::builder::ir::Region;
    use crate::types::ElementType::{F32, S32};

    fn op(name: &str, operands: Vec<ValueRef>, attrs: Attrs, result_types: Vec<Type>) -> Op {
        Op { name: name.into(), operands, attrs, regions: vec![], result_types }
    }

    fn res(op: usize) -> ValueRef {
        ValueRef::Result { op, index: 0 }
    }

    /// The brief's example, built by hand: the printer alone, independent of the builder.
    #[test]
    fn prints_the_explicit_broadcast_example_in_generic_form() {
        let (m, v) = (Type::tensor([2, 3], F32), Type::tensor([3], F32));
        let mut attrs = Attrs::new();
        attrs.insert("broadcast_dimensions".into(), Attr::I64Array(vec![1]));
        let f = Function {
            name: "main".into(),
            body: Body {
                params: vec![m.clone(), v],
                ops: vec![
                    op("xhlo.broadcast_in_dim", vec![ValueRef::Param(1)], attrs, vec![m.clone()]),
                    op("xhlo.add", vec![ValueRef::Param(0), res(0)], Attrs::new(), vec![m]),
                ],
                results: vec![res(1)],
            },
        };
        let expected = "\
module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>) -> tensor<2x3xf32> {
    %0 = \"xhlo.broadcast_in_dim\"(%arg1) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<2x3xf32>
    %1 = \"xhlo.add\"(%arg0, %0) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    return %1 : tensor<2x3xf32>
  }
}
";
        assert_eq!(f.into_module().to_string(), expected);
    }

    /// Region block arguments continue the function's `%argN` numbering and region ops the
    /// `%N` numbering, so no name is defined twice; attributes follow the region.
    #[test]
    fn prints_regions_with_function_wide_names_and_the_region_terminator() {
        let s = Type::scalar(F32);
        let add = Body {
            params: vec![s.clone(), s.clone()],
            ops: vec![op("xhlo.add", vec![ValueRef::Param(0), ValueRef::Param(1)], Attrs::new(), vec![s.clone()])],
            results: vec![res(0)],
        };
        let mut attrs = Attrs::new();
        attrs.insert("dimensions".into(), Attr::I64Array(vec![0]));
        let reduce = Op {
            name: "xhlo.reduce".into(),
            operands: vec![ValueRef::Param(0), ValueRef::Param(1)],
            attrs,
            regions: vec![Region { blocks: vec![add] }],
            result_types: vec![s.clone()],
        };
        let f = Function {
            name: "sum".into(),
            body: Body { params: vec![Type::tensor([4], F32), s.clone()], ops: vec![reduce], results: vec![res(0)] },
        };
        let expected = "\
func.func @sum(%arg0: tensor<4xf32>, %arg1: tensor<f32>) -> tensor<f32> {
  %0 = \"xhlo.reduce\"(%arg0, %arg1) ({
  ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
    %1 = \"xhlo.add\"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    \"gpu.yield\"(%1) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
";
        assert_eq!(f.to_string(), expected);
    }

    #[test]
    fn prints_multi_result_ops_multi_block_regions_and_several_returns() {
        let s = Type::scalar(S32);
        let yield_param = |n: usize| Body { params: vec![s.clone(); n], ops: vec![], results: vec![ValueRef::Param(0)] };
        let case = Op {
            name: "xhlo.case".into(),
            operands: vec![ValueRef::Param(0)],
            attrs: Attrs::new(),
            regions: vec![Region { blocks: vec![yield_param(1), yield_param(1)] }],
            result_types: vec![s.clone(), s.clone()],
        };
        let f = Function {
            name: "two".into(),
            body: Body {
                params: vec![s.clone()],
                ops: vec![case],
                results: vec![ValueRef::Result { op: 0, index: 1 }, ValueRef::Result { op: 0, index: 0 }],
            },
        };
        let text = f.to_string();
        assert!(text.starts_with("func.func @two(%arg0: tensor<i32>) -> (tensor<i32>, tensor<i32>) {\n"), "{text}");
        assert!(text.contains("  %0:2 = \"xhlo.case\"(%arg0) ({\n  ^bb0(%arg1: tensor<i32>):\n"), "{text}");
        assert!(text.contains("  ^bb1(%arg2: tensor<i32>):\n    \"gpu.yield\"(%arg2) : (tensor<i32>) -> ()\n"), "{text}");
        assert!(text.contains("}) : (tensor<i32>) -> (tensor<i32>, tensor<i32>)\n"), "{text}");
        assert!(text.contains("  return %0#1, %0#0 : tensor<i32>, tensor<i32>\n"), "{text}");
    }

    #[test]
    fn prints_functions_without_results_and_ops_without_results() {
        let f = Function {
            name: "effect".into(),
            body: Body {
                params: vec![Type::Token],
                ops: vec![op("xhlo.after_all", vec![ValueRef::Param(0)], Attrs::new(), vec![])],
                results: vec![],
            },
        };
        let text = f.to_string();
        assert!(text.starts_with("func.func @effect(%arg0: !xhlo.token) {\n"), "{text}");
        assert!(text.contains("  \"xhlo.after_all\"(%arg0) : (!xhlo.token) -> ()\n"), "{text}");
        assert!(text.contains("  return\n}"), "{text}");
    }

    #[test]
    fn quotes_symbols_and_attribute_names_that_are_not_identifiers() {
        let mut attrs = Attrs::new();
        attrs.insert("odd name".into(), Attr::Unit);
        attrs.insert("k".into(), Attr::i64(3));
        let f = Function {
            name: "my func".into(),
            body: Body {
                params: vec![Type::scalar(F32)],
                ops: vec![op("xhlo.negate", vec![ValueRef::Param(0)], attrs, vec![Type::scalar(F32)])],
                results: vec![res(0)],
            },
        };
        let text = f.to_string();
        assert!(text.starts_with("func.func @\"my func\"("), "{text}");
        assert!(text.contains("{k = 3 : i64, \"odd name\"}"), "{text}");
    }

    #[test]
    fn module_separates_functions_with_a_blank_line_and_renumbers_each() {
        let f = |name: &str| Function {
            name: name.into(),
            body: Body {
                params: vec![Type::scalar(F32)],
                ops: vec![op("xhlo.negate", vec![ValueRef::Param(0)], Attrs::new(), vec![Type::scalar(F32)])],
                results: vec![res(0)],
            },
        };
        let m = Module { functions: vec![f("a"), f("b")] };
        let text = m.to_string();
        assert_eq!(text.matches("%0 = \"xhlo.negate\"(%arg0)").count(), 2, "{text}");
        assert!(text.contains("  }\n\n  func.func @b("), "{text}");
    }

    #[test]
    fn dangling_references_print_without_panicking() {
        let f = Function {
            name: "bad".into(),
            body: Body { params: vec![], ops: vec![], results: vec![ValueRef::Param(3)] },
        };
        assert!(f.to_string().contains("%<undefined Param(3)>"));
    }
}
