//! The fusion plan as a picture (`xla-opt --emit=dot`).
//!
//! After `xhlo-eqsat` a function body is a sequence of kernels: each `xhlo.fusion` op (the
//! ops of its region run as one loop nest, nothing between them written to memory) and each
//! other op that writes a tensor ([`is_kernel`]: a kernel of one op). What a plan costs is
//! mostly the tensors that travel between kernels through memory, so those are the labelled
//! edges (type and bytes), while values inside a kernel are thin unlabelled edges.
//!
//! The graph is a petgraph [`Graph`], and petgraph's [`Dot`] writes its nodes and edges.
//! Graphviz clusters (a box per kernel, and per function when there are several) have no
//! petgraph form, so [`to_dot`] writes them after petgraph's text as subgraphs that name the
//! nodes again, which moves the nodes into them. The output depends only on the program
//! (nodes and clusters in program order), so it can be snapshot-tested.

use crate::cost::tensor_bytes;
use crate::eqsat::convert::xtype;
use crate::eqsat::pass::{is_kernel, materialized};
use mlir_text::ast::{Attribute, File, Op, Type, ValueRef};
use mlir_text::print::type_to_string;
use petgraph::dot::{Config, Dot};
use petgraph::graph::{EdgeReference, Graph, NodeIndex};
use std::collections::HashMap;
use std::fmt::{self, Write};
use xhlo_ir::op::REGION_TERMINATOR;

/// A node of the plan.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// A function argument.
    Input { name: String, ty: String },
    /// An op: its name (without the `xhlo.` prefix) and its result types.
    Op { name: String, ty: String, kernel: bool },
    /// Result `index` of the function.
    Output { index: usize, ty: String },
}

/// The node's label: its lines each end with a newline, which petgraph writes as Graphviz's
/// left-justified line break (`\l`), so every line of a box lines up.
impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Node::Input { name, ty } => write!(f, "%{name}\n{ty}\n"),
            Node::Op { name, ty, .. } => write!(f, "{name}\n{ty}\n"),
            Node::Output { index, ty } => write!(f, "result {index}\n{ty}\n"),
        }
    }
}

/// An edge: a value from the node that computes it to a node that uses it.
#[derive(Clone, Debug, PartialEq)]
pub enum Edge {
    /// Inside one kernel: the value is never written to memory.
    Fused,
    /// A tensor in memory between kernels (or a program input or result): its type and its
    /// bytes (`None` when the type has no static size).
    Memory { ty: String, bytes: Option<f64> },
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Edge::Fused => Ok(()),
            Edge::Memory { ty, bytes: Some(b) } => write!(f, "{ty}\n{}\n", human_bytes(*b)),
            Edge::Memory { ty, bytes: None } => write!(f, "{ty}\n"),
        }
    }
}

/// A kernel: its title and the nodes of its ops, in program order.
#[derive(Clone, Debug, Default)]
pub struct Kernel {
    pub title: String,
    pub nodes: Vec<NodeIndex>,
}

/// One function's part of the plan.
#[derive(Clone, Debug, Default)]
pub struct Function {
    pub name: String,
    pub kernels: Vec<Kernel>,
    /// The nodes outside kernels: inputs, outputs, constants, reshapes.
    pub loose: Vec<NodeIndex>,
    /// The bytes the kernels write (as `xhlo-eqsat --eqsat-stats` counts them).
    pub bytes_written: f64,
}

/// The fusion plan of a file: every function's nodes in one graph.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    pub graph: Graph<Node, Edge>,
    pub functions: Vec<Function>,
}

impl Plan {
    /// The plan of every `func.func` of a file (at the top or in `builtin.module`s).
    pub fn of_file(file: &File) -> Result<Plan, String> {
        let mut plan = Plan::default();
        plan.visit(&file.ops);
        if plan.functions.is_empty() {
            return Err("no func.func with a body to draw a fusion plan of".into());
        }
        Ok(plan)
    }

    fn visit(&mut self, ops: &[Op]) {
        for op in ops {
            match op.name.as_str() {
                "func.func" => self.function(op),
                "builtin.module" => op.regions.iter().flat_map(|r| &r.blocks).for_each(|b| self.visit(&b.ops)),
                _ => {}
            }
        }
    }

    fn function(&mut self, func: &Op) {
        let Some(body) = func.regions.first().and_then(|r| r.blocks.first()) else { return };
        let name = func.sym_name().unwrap_or("?").to_string();
        let mut f = Function { name, bytes_written: materialized(body).1, ..Default::default() };
        // Where each value is computed, and its type.
        let mut values: HashMap<ValueRef, (NodeIndex, Type)> = HashMap::new();
        for (v, ty) in &body.args {
            let n = self.graph.add_node(Node::Input { name: v.0.clone(), ty: type_to_string(ty) });
            f.loose.push(n);
            values.insert(v.clone(), (n, ty.clone()));
        }
        for op in &body.ops {
            match op.name.as_str() {
                "func.return" => {
                    for (index, v) in op.operands.iter().enumerate() {
                        let ty = op.operand_types.get(index).map(type_to_string).unwrap_or_default();
                        let n = self.graph.add_node(Node::Output { index, ty });
                        f.loose.push(n);
                        self.connect(&values, v, n);
                    }
                }
                "xhlo.fusion" => {
                    let kind = op.attr("kind").and_then(Attribute::as_str).unwrap_or("?");
                    let title = format!("kernel {}: {kind} fusion", f.kernels.len());
                    let kernel = self.fusion(op, &mut values, title);
                    f.kernels.push(kernel);
                }
                _ => {
                    let n = self.op_node(op, &values);
                    bind_results(op, n, &mut values);
                    if is_kernel(op) {
                        f.kernels.push(Kernel { title: format!("kernel {}", f.kernels.len()), nodes: vec![n] });
                    } else {
                        f.loose.push(n);
                    }
                }
            }
        }
        self.functions.push(f);
    }

    /// The kernel of an `xhlo.fusion`: a node per op of its region. Its region arguments are
    /// the fusion's operands (read from memory), and its result is the yielded value.
    fn fusion(&mut self, op: &Op, outer: &mut HashMap<ValueRef, (NodeIndex, Type)>, title: String) -> Kernel {
        let mut kernel = Kernel { title, nodes: vec![] };
        let Some(block) = op.regions.first().and_then(|r| r.blocks.first()) else { return kernel };
        // Inside: region arguments stand for the operands; the flag says "read from memory".
        let mut inner: HashMap<ValueRef, (NodeIndex, Type, bool)> = HashMap::new();
        for ((arg, _), operand) in block.args.iter().zip(&op.operands) {
            if let Some((n, ty)) = outer.get(operand) {
                inner.insert(arg.clone(), (*n, ty.clone(), true));
            }
        }
        for inner_op in &block.ops {
            if inner_op.name == REGION_TERMINATOR {
                // The terminator: the fusion's result is the yielded value's node.
                if let (Some(v), Some(r)) = (inner_op.operands.first(), op.result_refs().first()) {
                    if let Some((n, ty, _)) = inner.get(v) {
                        outer.insert(r.clone(), (*n, ty.clone()));
                    }
                }
                continue;
            }
            let n = self.graph.add_node(op_label(inner_op, true));
            for v in &inner_op.operands {
                if let Some((from, ty, memory)) = inner.get(v) {
                    let edge = if *memory { memory_edge(ty) } else { Edge::Fused };
                    self.graph.add_edge(*from, n, edge);
                }
            }
            for (r, ty) in inner_op.result_refs().into_iter().zip(&inner_op.result_types) {
                inner.insert(r, (n, ty.clone(), false));
            }
            kernel.nodes.push(n);
        }
        kernel
    }

    /// A node for an op outside fusions, with an edge from each operand (through memory).
    fn op_node(&mut self, op: &Op, values: &HashMap<ValueRef, (NodeIndex, Type)>) -> NodeIndex {
        let n = self.graph.add_node(op_label(op, is_kernel(op)));
        for v in &op.operands {
            self.connect(values, v, n);
        }
        n
    }

    /// An edge through memory from where `v` is computed to `to` (values defined outside
    /// the body, which a verified function does not use, have none).
    fn connect(&mut self, values: &HashMap<ValueRef, (NodeIndex, Type)>, v: &ValueRef, to: NodeIndex) {
        if let Some((from, ty)) = values.get(v) {
            self.graph.add_edge(*from, to, memory_edge(ty));
        }
    }

    /// The plan in Graphviz's DOT language.
    pub fn to_dot(&self) -> String {
        let node_attrs = |_, (_, node): (NodeIndex, &Node)| {
            match node {
                Node::Input { .. } => "shape=invhouse, style=filled, fillcolor=\"#dbe9f6\"",
                Node::Output { .. } => "shape=house, style=filled, fillcolor=\"#dbe9f6\"",
                Node::Op { kernel: true, .. } => "shape=box, style=filled, fillcolor=white",
                Node::Op { kernel: false, .. } => "shape=box, style=dashed",
            }
            .to_string()
        };
        let edge_attrs = |_, e: EdgeReference<'_, Edge>| match e.weight() {
            Edge::Fused => "color=gray50, arrowsize=0.6".to_string(),
            Edge::Memory { .. } => "penwidth=1.6".to_string(),
        };
        let body = Dot::with_attr_getters(&self.graph, &[Config::GraphContentOnly], &edge_attrs, &node_attrs);
        let total: f64 = self.functions.iter().map(|f| f.bytes_written).sum();
        let kernels: usize = self.functions.iter().map(|f| f.kernels.len()).sum();
        let plural = if kernels == 1 { "" } else { "s" };
        let title = format!("fusion plan: {kernels} kernel{plural}, {} written", human_bytes(total));
        let mut out = String::from("digraph fusion_plan {\n");
        let _ = writeln!(out, "    graph [label=\"{}\", labelloc=t, fontname=\"Helvetica\"]", escape(&title));
        out.push_str("    node [fontname=\"Courier\", fontsize=10]\n    edge [fontname=\"Courier\", fontsize=9]\n");
        let _ = write!(out, "{body}");
        let nested = self.functions.len() > 1;
        for (fi, f) in self.functions.iter().enumerate() {
            let indent = if nested { "        " } else { "    " };
            if nested {
                let _ = writeln!(out, "    subgraph cluster_f{fi} {{\n        label=\"@{}\"", escape(&f.name));
            }
            for (ki, k) in f.kernels.iter().enumerate() {
                let nodes: Vec<String> = k.nodes.iter().map(|n| n.index().to_string()).collect();
                let _ = writeln!(
                    out,
                    "{indent}subgraph cluster_f{fi}_k{ki} {{ label=\"{}\"; style=\"rounded,filled\"; fillcolor=\"#fdf3d8\"; {}; }}",
                    escape(&k.title),
                    nodes.join("; ")
                );
            }
            if nested {
                let loose: Vec<String> = f.loose.iter().map(|n| n.index().to_string()).collect();
                let _ = writeln!(out, "        {};\n    }}", loose.join("; "));
            }
        }
        out.push_str("}\n");
        out
    }
}

/// The node of an op: its name without the `xhlo.` prefix, and its result types.
fn op_label(op: &Op, kernel: bool) -> Node {
    let name = op.name.strip_prefix("xhlo.").unwrap_or(&op.name).to_string();
    let ty = op.result_types.iter().map(type_to_string).collect::<Vec<_>>().join(", ");
    Node::Op { name, ty, kernel }
}

fn bind_results(op: &Op, n: NodeIndex, values: &mut HashMap<ValueRef, (NodeIndex, Type)>) {
    for (r, ty) in op.result_refs().into_iter().zip(&op.result_types) {
        values.insert(r, (n, ty.clone()));
    }
}

fn memory_edge(ty: &Type) -> Edge {
    let bytes = match xtype(ty) {
        Ok(xhlo_ir::Type::Tensor(t)) if t.checked_bytes().is_some() => Some(tensor_bytes(&t)),
        _ => None,
    };
    Edge::Memory { ty: type_to_string(ty), bytes }
}

/// Bytes in the largest binary unit that keeps the number at least 1.
pub fn human_bytes(b: f64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if b < 1024.0 {
        return format!("{b:.0} B");
    }
    let mut v = b;
    let mut unit = "B";
    for u in UNITS {
        if v < 1024.0 {
            break;
        }
        v /= 1024.0;
        unit = u;
    }
    format!("{v:.1} {unit}")
}

/// A string for a quoted DOT attribute (as petgraph escapes its labels).
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\l"),
            _ => out.push(c),
        }
    }
    out
}

/// The fusion plan of MLIR text (the result of a pipeline, in any form `mlir-text` reads) as
/// DOT.
pub fn dot_of_text(text: &str) -> Result<String, String> {
    let file = mlir_text::parser::parse_file(text).map_err(|e| e.to_string())?;
    Ok(Plan::of_file(&file)?.to_dot())
}

#[cfg(test)]
mod tests {
    use super::*;

    const FUSED: &str = r#"
func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %e = "xhlo.fusion"(%x, %y) ({
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    %s = "xhlo.add"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %t = "xhlo.exponential"(%s) : (tensor<4xf32>) -> tensor<4xf32>
    "gpu.yield"(%t) : (tensor<4xf32>) -> ()
  }) {kind = "loop"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %n = "xhlo.negate"(%e) : (tensor<4xf32>) -> tensor<4xf32>
  return %n : tensor<4xf32>
}
"#;

    #[test]
    fn fusions_and_single_ops_are_kernels_and_memory_edges_carry_bytes() {
        let file = mlir_text::parser::parse_file(FUSED).unwrap();
        let plan = Plan::of_file(&file).unwrap();
        let f = &plan.functions[0];
        assert_eq!(f.kernels.len(), 2);
        assert_eq!(f.kernels[0].title, "kernel 0: loop fusion");
        assert_eq!(f.kernels[0].nodes.len(), 2);
        assert_eq!(f.kernels[1].title, "kernel 1");
        let edges: Vec<String> = plan.graph.edge_references().map(|e| e.weight().to_string()).collect();
        // x and y into add (memory), add to exp (fused), exp to negate, negate to the result.
        assert_eq!(edges, ["tensor<4xf32>\n16 B\n", "tensor<4xf32>\n16 B\n", "", "tensor<4xf32>\n16 B\n", "tensor<4xf32>\n16 B\n"]);
        assert_eq!(f.bytes_written, 32.0);
    }

    #[test]
    fn dot_text_has_a_cluster_per_kernel_and_escaped_labels() {
        let dot = dot_of_text(FUSED).unwrap();
        assert!(dot.starts_with("digraph fusion_plan {\n"), "{dot}");
        assert!(dot.contains("subgraph cluster_f0_k0 { label=\"kernel 0: loop fusion\";"), "{dot}");
        assert!(dot.contains("label = \"add\\ltensor<4xf32>\\l\""), "{dot}");
        assert!(dot.contains("fusion plan: 2 kernels, 32 B written"), "{dot}");
        assert!(dot.ends_with("}\n"));
    }

    #[test]
    fn a_file_without_functions_is_an_error() {
        assert!(dot_of_text("module {\n}\n").unwrap_err().contains("no func.func"));
    }

    #[test]
    fn bytes_in_binary_units() {
        assert_eq!(human_bytes(16.0), "16 B");
        assert_eq!(human_bytes(4096.0), "4.0 KiB");
        assert_eq!(human_bytes(3.0 * 1024.0 * 1024.0), "3.0 MiB");
        assert_eq!(escape("a\"b\\c\nd"), "a\\\"b\\\\c\\ld");
    }
}
