//! Prints the builder's IR as MLIR text that `mlir-opt --irdl-file=xhlo.irdl.mlir` parses:
//! xhlo ops in the generic form (`%0 = "xhlo.add"(%arg0, %arg1) : (...) -> ...`), functions
//! and `return` in the func dialect's pretty form, region terminators as `gpu.yield`. The IR is
//! turned into [`mlir_text`]'s syntax tree and written by its printer, the one printer of MLIR
//! text in the project.
//!
//! Value names are unique across a whole function, nested regions included (MLIR rejects a
//! nested region that redefines a name visible from the enclosing one): function parameters
//! and region block arguments are `%arg0, %arg1, ...` and op results `%0, %1, ...`, both
//! numbered in print order; an op with several results is `%3:2` and its results `%3#0`,
//! `%3#1`.

use super::ir::{Body, Function, Module, Op, ValueRef};
use crate::types::Type;
use mlir_text::ast;
use mlir_text::print::{print_file_with, Style};
use std::fmt;

/// The op that ends every region block.
pub use crate::op::REGION_TERMINATOR;

/// The style of the builder's text: pretty functions, no locations.
const STYLE: Style<'static> = Style { locations: None, func_forms: true };

/// The names of one body's values, filled as its ops are converted.
struct Scope {
    params: Vec<ast::ValueRef>,
    results: Vec<Vec<ast::ValueRef>>,
}

impl Scope {
    fn name(&self, v: ValueRef) -> ast::ValueRef {
        let found = match v {
            ValueRef::Param(n) => self.params.get(n),
            ValueRef::Result { op, index } => self.results.get(op).and_then(|r| r.get(index)),
        };
        // Only hand-made IR can hold a dangling reference; print something MLIR rejects
        // instead of panicking.
        found.cloned().unwrap_or_else(|| ast::ValueRef(format!("<undefined {v:?}>")))
    }
}

fn types(ts: &[Type]) -> Vec<ast::Type> {
    ts.iter().map(Type::to_ast).collect()
}

/// Converts the IR to the syntax tree, numbering values function-wide in print order.
#[derive(Default)]
struct Namer {
    next_value: usize,
    next_arg: usize,
}

impl Namer {
    fn fresh_args(&mut self, n: usize) -> Vec<ast::ValueRef> {
        (0..n)
            .map(|_| {
                self.next_arg += 1;
                ast::ValueRef(format!("arg{}", self.next_arg - 1))
            })
            .collect()
    }

    fn function(&mut self, f: &Function) -> ast::Op {
        *self = Namer::default();
        let results = f.body.result_types();
        let mut func = ast::Op::new("func.func", Default::default());
        let signature = ast::Type::Function { inputs: types(&f.body.params), results: types(&results) };
        func.properties = vec![("function_type".into(), ast::Attribute::Type(signature)), ("sym_name".into(), ast::Attribute::Str(f.name.clone()))];
        func.regions = vec![ast::Region { blocks: vec![self.block(&f.body, "func.return")] }];
        func
    }

    /// A block: its arguments, its ops, and `terminator` of the values it yields.
    fn block(&mut self, body: &Body, terminator: &str) -> ast::Block {
        let params = self.fresh_args(body.params.len());
        let args = params.iter().cloned().zip(types(&body.params)).collect();
        let mut scope = Scope { params, results: Vec::with_capacity(body.ops.len()) };
        let mut ops = Vec::with_capacity(body.ops.len() + 1);
        for op in &body.ops {
            let (converted, names) = self.op(op, body, &scope);
            ops.push(converted);
            scope.results.push(names);
        }
        let mut end = ast::Op::new(terminator, Default::default());
        end.operands = body.results.iter().map(|&v| scope.name(v)).collect();
        end.operand_types = types(&body.result_types());
        ops.push(end);
        ast::Block { label: None, args, ops }
    }

    /// The op and the names of its results.
    fn op(&mut self, op: &Op, body: &Body, scope: &Scope) -> (ast::Op, Vec<ast::ValueRef>) {
        let mut out = ast::Op::new(op.name.clone(), Default::default());
        if !op.result_types.is_empty() {
            out.results = vec![(self.next_value.to_string(), op.result_types.len())];
            self.next_value += 1;
        }
        out.operands = op.operands.iter().map(|&v| scope.name(v)).collect();
        out.operand_types = op.operands.iter().map(|&v| body.type_of(v).map_or_else(|| ast::Type::Other("<undefined>".into()), Type::to_ast)).collect();
        // Region values are numbered before the op's attributes and type are printed, as
        // the text reads.
        out.regions = op.regions.iter().map(|r| ast::Region { blocks: r.blocks.iter().map(|b| self.block(b, REGION_TERMINATOR)).collect() }).collect();
        out.attrs = op.attrs.iter().map(|(k, v)| (k.clone(), v.to_ast())).collect();
        out.result_types = types(&op.result_types);
        let names = out.result_refs();
        (out, names)
    }
}

impl Function {
    /// The function as a `func.func` of [`mlir_text`]'s syntax tree.
    pub fn to_ast(&self) -> ast::Op {
        Namer::default().function(self)
    }
}

impl Module {
    /// The module as a `builtin.module` of [`mlir_text`]'s syntax tree.
    pub fn to_ast(&self) -> ast::Op {
        let mut module = ast::Op::new("builtin.module", Default::default());
        let ops = self.functions.iter().map(Function::to_ast).collect();
        module.regions = vec![ast::Region { blocks: vec![ast::Block { label: None, args: vec![], ops }] }];
        module
    }
}

impl fmt::Display for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&print_file_with(&ast::File { ops: vec![self.to_ast()] }, STYLE))
    }
}

impl fmt::Display for Module {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&print_file_with(&ast::File { ops: vec![self.to_ast()] }, STYLE))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attrs::{Attr, Attrs};
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
    fn module_lists_functions_as_mlir_prints_them_and_renumbers_each() {
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
        assert!(text.contains("  }\n  func.func @b("), "{text}");
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
