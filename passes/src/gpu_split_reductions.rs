//! `xhlo-gpu-split-reductions`: a reduction with few results and a long reduced dimension
//! (a column sum: 1024 results of 4096 rows) gets one GPU thread per result, far too few
//! to fill a GPU. Its reduced dimension is split into `S` chunks: partial results for every
//! (chunk, result) pair, each thread reducing one chunk, then one more reduction over the
//! chunks (what XLA's GPU backend and IREE's split-reduction do).
//!
//! Applies to a bufferized `linalg.generic` with one output indexed by its parallel
//! dimensions in order, one reduction (the last loop, as `xhlo-gpu-parallel-dims-outer`
//! leaves it), and a body that combines the output with one value by a single associative
//! op (`addf`, `maximumf`, `addi`, ...; element-wise work on the inputs before it is kept).
//! Each partial starts from the output's initial value, which reductions take to be the
//! combiner's identity (as the CPU lowering's staged reductions do); the order of the
//! additions changes, as in every parallel reduction.

use crate::affine_text::{dims_tuple, map_text, parse_map, results as map_results, substitute};
use crate::lowering::rewrite_module_text;
use crate::pass::{PassInfo, PassOption, PassOptions, XhloPass};
use melior::ir::OperationRef;
use mlir_text::ast::{Attribute, Block, Op, Region, Type, ValueRef};
use mlir_text::memref::MemRefType;

#[derive(Clone)]
pub struct SplitReductions {
    /// Threads a reduction should occupy: splits are chosen to reach about this many.
    pub min_threads: i64,
}

impl XhloPass for SplitReductions {
    /// Its output is parsed text (`rewrite_module_text`).
    const KEEPS_IR_VALID: bool = true;
    const INFO: PassInfo = PassInfo {
        argument: "xhlo-gpu-split-reductions",
        summary: "Split the reduced dimension of reductions with few results into chunks reduced in parallel, then reduce the chunks' partial results",
        options: &[PassOption { name: "min-threads", default: "65536", help: "threads a reduction should occupy; reductions with at least this many results are left alone" }],
    };

    fn from_options(o: &PassOptions) -> Result<Self, String> {
        Ok(SplitReductions { min_threads: o.get_parsed(&Self::INFO, "min-threads")? })
    }

    fn run(&mut self, op: OperationRef) -> Result<(), String> {
        let min_threads = self.min_threads;
        rewrite_module_text(op, |text, file| {
            let mut parsed = mlir_text::parser::parse_file(text).map_err(|e| e.in_file(file))?;
            let mut names = 0usize;
            let mut changed = false;
            for op in &mut parsed.ops {
                rewrite_blocks(op, min_threads, &mut names, &mut changed);
            }
            Ok(changed.then(|| mlir_text::print::print_file(&parsed, file)))
        })
    }
}

fn rewrite_blocks(op: &mut Op, min_threads: i64, names: &mut usize, changed: &mut bool) {
    for r in &mut op.regions {
        for b in &mut r.blocks {
            let mut out = Vec::with_capacity(b.ops.len());
            for mut o in std::mem::take(&mut b.ops) {
                rewrite_blocks(&mut o, min_threads, names, changed);
                match split(&o, min_threads, names) {
                    Some(ops) => {
                        *changed = true;
                        out.extend(ops);
                    }
                    None => out.push(o),
                }
            }
            b.ops = out;
        }
    }
}

/// Associative combiners a split may reorder.
const COMBINERS: &[&str] = &[
    "arith.addf", "arith.mulf", "arith.maximumf", "arith.minimumf", "arith.maxnumf", "arith.minnumf", "arith.addi", "arith.muli", "arith.maxsi", "arith.minsi", "arith.maxui",
    "arith.minui", "arith.andi", "arith.ori", "arith.xori",
];

fn generic(operands: Vec<(ValueRef, Type)>, inputs: usize, maps: Vec<Attribute>, iterators: &[&str], body: Block, pos: mlir_text::error::Pos) -> Op {
    let mut g = Op::new("linalg.generic", pos);
    g.operand_types = operands.iter().map(|(_, t)| t.clone()).collect();
    g.operands = operands.into_iter().map(|(v, _)| v).collect();
    let outputs = g.operands.len() - inputs;
    g.properties = vec![
        ("indexing_maps".into(), Attribute::Array(maps)),
        ("iterator_types".into(), Attribute::Array(iterators.iter().map(|i| Attribute::Dialect { name: "linalg.iterator_type".into(), body: i.to_string() }).collect())),
        ("operandSegmentSizes".into(), Attribute::DenseArray(Type::Integer { width: 32, signedness: "" }, vec![inputs.to_string(), outputs.to_string()])),
    ];
    g.regions = vec![Region { blocks: vec![body] }];
    g
}

fn split(op: &Op, min_threads: i64, names: &mut usize) -> Option<Vec<Op>> {
    if op.name != "linalg.generic" || !op.results.is_empty() {
        return None;
    }
    let segments: Vec<usize> = match op.attr("operandSegmentSizes")? {
        Attribute::DenseArray(_, v) => v.iter().filter_map(|s| s.parse().ok()).collect(),
        _ => return None,
    };
    let [inputs, 1] = segments[..] else { return None };
    let Attribute::Array(iterators) = op.attr("iterator_types")? else { return None };
    let reduction: Vec<bool> = iterators.iter().map(|a| matches!(a, Attribute::Dialect { body, .. } if body == "reduction")).collect();
    let k = reduction.len().checked_sub(1)?;
    if reduction[..k].iter().any(|&r| r) || !reduction[k] {
        return None;
    }
    let Attribute::Array(maps) = op.attr("indexing_maps")? else { return None };
    let maps: Vec<(usize, String)> = maps.iter().map(parse_map).collect::<Option<_>>()?;
    if maps.len() != inputs + 1 || maps.iter().any(|(n, _)| *n != k + 1) || maps[inputs].1 != dims_tuple(0..k) {
        return None;
    }
    // Sizes: the output's dimensions are the parallel loops; an input indexed by the bare
    // reduction dimension gives its extent.
    let memref = |t: &Type| match t {
        Type::Other(s) => MemRefType::parse(s),
        _ => None,
    };
    let out_ty = memref(op.operand_types.get(inputs)?)?;
    let out_dims = out_ty.static_dims()?;
    let reduced = format!("d{k}");
    let extent = (0..inputs).find_map(|i| {
        let position = map_results(&maps[i].1).iter().position(|e| *e == reduced)?;
        memref(&op.operand_types[i])?.static_dims()?.get(position).copied()
    })?;
    let results: i64 = out_dims.iter().product();
    if results >= min_threads || extent < 64 {
        return None;
    }
    // The most chunks up to the target that divide the extent and leave 16+ per chunk.
    let target = (min_threads + results - 1) / results;
    let chunks = (2..=target.min(extent / 16)).rev().find(|s| extent % s == 0)?;
    let chunk = extent / chunks;
    // The body: yield(combine(out, v)) with the output used there alone.
    let body = op.regions.first()?.blocks.first()?;
    let out_arg = &body.args.get(inputs)?.0;
    let yield_op = body.ops.last().filter(|o| o.name == "linalg.yield")?;
    let yielded = yield_op.operands.first()?;
    let combine = body.ops.iter().find(|o| o.results.first().is_some_and(|(n, _)| *n == yielded.0))?;
    if !COMBINERS.contains(&combine.name.as_str()) || combine.operands.len() != 2 || !combine.operands.contains(out_arg) {
        return None;
    }
    let uses_out = body.ops.iter().flat_map(|o| &o.operands).filter(|v| *v == out_arg).count();
    if uses_out != 1 {
        return None;
    }
    let element = body.args[inputs].1.clone();
    let pos = op.pos;
    let mut fresh = |what: &str| {
        *names += 1;
        format!("split_{what}{names}")
    };
    let element_text = mlir_text::print::type_to_string(&element);
    let tmp_ty = Type::Other(format!("memref<{chunks}x{}{element_text}>", out_dims.iter().map(|d| format!("{d}x")).collect::<String>()));
    let tmp = ValueRef(fresh("partials"));
    let alloc = crate::gpu_loops::alloc(&tmp.0, &tmp_ty, pos);
    let out = (op.operands[inputs].clone(), op.operand_types[inputs].clone());
    let parallel = vec!["parallel"; k + 1];
    // 1. Every chunk's partial starts from the output's initial value.
    let (x, y) = (ValueRef(fresh("init")), ValueRef(fresh("partial")));
    let mut copy_yield = Op::new("linalg.yield", pos);
    copy_yield.operands = vec![x.clone()];
    copy_yield.operand_types = vec![element.clone()];
    let init = generic(
        vec![out.clone(), (tmp.clone(), tmp_ty.clone())],
        1,
        vec![map_text(k + 1, &dims_tuple(1..k + 1)), map_text(k + 1, &dims_tuple(0..k + 1))],
        &parallel,
        Block { label: None, args: vec![(x, element.clone()), (y, element.clone())], ops: vec![copy_yield] },
        pos,
    );
    // 2. Loops (chunk, results..., element of the chunk): the original body on each chunk.
    // An input indexed by the reduced dimension is viewed with that dimension as
    // (chunk, element): linalg needs every loop to index some operand alone.
    let mut expands = Vec::new();
    let mut maps2 = Vec::new();
    let mut operands2 = Vec::new();
    for i in 0..inputs {
        let (value, ty) = (op.operands[i].clone(), op.operand_types[i].clone());
        let renumber = |r: &str| substitute(r, |d| if d < k { format!("d{}", d + 1) } else { format!("d{}", k + 1) });
        let results = map_results(&maps[i].1);
        match results.iter().position(|e| *e == reduced) {
            Some(position) => {
                let m = memref(&ty)?;
                let (offset, strides) = m.static_layout()?;
                let dims = m.static_dims()?;
                let mut new_dims = dims.clone();
                new_dims.splice(position..=position, [chunks, chunk]);
                let mut new_strides = strides.clone();
                new_strides.splice(position..=position, [strides[position] * chunk, strides[position]]);
                let identity = offset == 0 && MemRefType::parse(&format!("memref<{}xf32>", new_dims.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("x"))).is_some_and(|t| t.strides.iter().copied().collect::<Option<Vec<_>>>() == Some(new_strides.clone()));
                let layout = if identity {
                    String::new()
                } else {
                    format!(", strided<[{}], offset: {offset}>", new_strides.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", "))
                };
                let new_ty = Type::Other(format!("memref<{}x{}{layout}>", new_dims.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("x"), m.element));
                let view = ValueRef(fresh("chunks"));
                let mut expand = Op::new("memref.expand_shape", pos);
                expand.results = vec![(view.0.clone(), 1)];
                expand.operands = vec![value];
                expand.operand_types = vec![ty];
                expand.result_types = vec![new_ty.clone()];
                let mut groups = Vec::new();
                let mut next = 0;
                for d in 0..dims.len() {
                    let width = if d == position { 2 } else { 1 };
                    groups.push(Attribute::Array((next..next + width).map(|g| Attribute::Int(g.to_string(), Type::Integer { width: 64, signedness: "" })).collect()));
                    next += width;
                }
                expand.properties = vec![
                    ("reassociation".into(), Attribute::Array(groups)),
                    ("static_output_shape".into(), Attribute::DenseArray(Type::Integer { width: 64, signedness: "" }, new_dims.iter().map(|d| d.to_string()).collect())),
                ];
                expands.push(expand);
                let mut new_results: Vec<String> = results.iter().map(|e| renumber(e)).collect();
                new_results.splice(position..=position, ["d0".to_string(), format!("d{}", k + 1)]);
                maps2.push(map_text(k + 2, &format!("({})", new_results.join(", "))));
                operands2.push((view, new_ty));
            }
            None if !maps[i].1.contains(&reduced) || results.iter().all(|e| !e.contains(&reduced)) => {
                maps2.push(map_text(k + 2, &renumber(&maps[i].1)));
                operands2.push((value, ty));
            }
            // The reduced dimension inside an expression: left alone.
            None => return None,
        }
    }
    maps2.push(map_text(k + 2, &dims_tuple(0..k + 1)));
    operands2.push((tmp.clone(), tmp_ty.clone()));
    let mut iterators2 = parallel.clone();
    iterators2.push("reduction");
    let partials = generic(operands2, inputs, maps2, &iterators2, body.clone(), pos);
    // 3. The chunks' partials combined into the output.
    let (a, o, r) = (ValueRef(fresh("a")), ValueRef(fresh("o")), ValueRef(fresh("r")));
    let mut combine3 = combine.clone();
    combine3.results = vec![(r.0.clone(), 1)];
    combine3.operands = vec![o.clone(), a.clone()];
    let mut yield3 = Op::new("linalg.yield", pos);
    yield3.operands = vec![r];
    yield3.operand_types = vec![element.clone()];
    let mut results_then_chunk = vec![format!("d{k}")];
    results_then_chunk.extend((0..k).map(|d| format!("d{d}")));
    let mut iterators3 = vec!["parallel"; k];
    iterators3.push("reduction");
    let finish = generic(
        vec![(tmp, tmp_ty), out],
        1,
        vec![map_text(k + 1, &format!("({})", results_then_chunk.join(", "))), map_text(k + 1, &dims_tuple(0..k))],
        &iterators3,
        Block { label: None, args: vec![(a, element.clone()), (o, element)], ops: vec![combine3, yield3] },
        pos,
    );
    let mut ops = vec![alloc, init];
    ops.extend(expands);
    ops.extend([partials, finish]);
    Some(ops)
}
