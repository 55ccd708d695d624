//! The driver of `convert-xhlo-to-linalg`: reads xhlo (generic MLIR text, as MLIR prints it)
//! with the project's MLIR parser, lowers function by function, op by op, and writes the
//! result as MLIR text in upstream dialects (func, linalg, tensor, arith, math, complex, scf).
//! Each xhlo op's lowering is found by name in [`crate::ops::LOWERINGS`].

use crate::emitter::{Emitter, Location};
use crate::types;
use std::collections::{HashMap, HashSet};
use xhlo_ir::{TensorType, Type};
use mlir_text::ast::{self, Op};
use mlir_text::error::ParseError;
use mlir_text::print::type_to_string;

/// A lowered value: its SSA name in the output and its xhlo type.
#[derive(Clone, Debug)]
pub struct Lowered {
    pub name: String,
    pub ty: Type,
}

/// Choices the lowering leaves to its caller.
#[derive(Clone, Copy, Debug)]
pub struct LowerOptions {
    /// Lower large f32/f64/integer dots (and output fusions) to the register-tiled CPU kernel
    /// of [`crate::ops::linalg::dot_tiled`] (vector ops, sequential loops); off for the GPU pipelines,
    /// which map the plain generics' parallel loops to threads.
    pub tile_dots: bool,
    /// Hand f32/f64 dots to the dot library instead (a `linalg.generic` marked
    /// `library_call = "xhlo_gemm"`, which `xhlo-gemm-calls` turns into calls of the
    /// precompiled GEMM the JIT's runtime provides: [`crate::ops::linalg::dot_library`]). Off
    /// by default, so the lowered IR needs no runtime of ours; `xhlo-jit` turns it on.
    pub gemm_library: bool,
    /// The register tile and cache block sizes of the tiled kernel.
    pub tiles: crate::ops::linalg::dot_tiled::Tiles,
    /// Bytes per vector of the tiled dot and depthwise convolution kernels and of the
    /// reductions' vector lanes: the host's
    /// ([`crate::host::vector_bytes`]) by default.
    pub vector_bytes: i64,
    /// The key of the stream `rng_uniform` and `rng_normal` draw from
    /// ([`crate::ops::random`]): a program compiled with the same seed draws the same numbers.
    pub rng_seed: u64,
    /// Reduce long contiguous runs in chunks of vector lanes, the chunks in parallel
    /// ([`crate::ops::reduction`]'s `in_chunks`): the CPU's order. Off for the GPU pipelines,
    /// whose `xhlo-gpu-split-reductions` splits reductions over threads itself: the chunks'
    /// few, long partial sums left an H200 a quarter as fast on a 16M-element sum.
    pub chunk_reductions: bool,
}

impl LowerOptions {
    /// `vector_bytes` from an option where 0 means the host's.
    pub fn vector_bytes_or_host(bytes: i64) -> i64 {
        if bytes == 0 {
            crate::host::vector_bytes()
        } else {
            bytes
        }
    }
}

impl Default for LowerOptions {
    fn default() -> Self {
        LowerOptions { tile_dots: true, gemm_library: false, tiles: crate::ops::linalg::dot_tiled::Tiles::DEFAULT, vector_bytes: crate::host::vector_bytes(), rng_seed: 0, chunk_reductions: true }
    }
}

/// State while lowering one function body.
pub struct Ctx {
    pub e: Emitter,
    env: HashMap<String, Lowered>,
    /// Tuples exist only at compile time: the elements of each tuple value, keyed by the
    /// placeholder name its value is bound to (never emitted; see [`Ctx::bind_tuple`]).
    tuples: HashMap<String, Vec<Lowered>>,
    /// The file name used in `loc(...)`.
    pub file: String,
    pub options: LowerOptions,
    /// Module-level declarations the body needs (external host functions), each once.
    pub declarations: std::collections::BTreeSet<String>,
    /// The values of `xhlo.constant` results, by lowered name (for lowerings whose best
    /// code depends on a constant operand, as a scan's identity init).
    constants: HashMap<String, (ast::Attribute, TensorType)>,
    /// Values the function only returns or yields: where they go stores them
    /// ([`Ctx::store_in_layouts`]).
    returned_only: HashSet<String>,
}

/// What a token value lowers to: nothing at run time. Tokens carry no data; the order they
/// stand for is the program order of the side-effecting calls that the ops using them
/// become. The placeholder is not valid MLIR, so a token that reached the output by mistake
/// fails to parse.
pub const TOKEN: &str = "<token>";

/// Converts an AST type to the catalogue's model.
pub fn xtype(t: &ast::Type) -> Result<Type, String> {
    let text = type_to_string(t);
    Type::parse(&text).map_err(|e| format!("type {text}: {e}"))
}

/// Converts an AST type that must be a tensor.
pub fn xtensor(t: &ast::Type) -> Result<TensorType, String> {
    match xtype(t)? {
        Type::Tensor(t) => Ok(t),
        other => Err(format!("expected a tensor, got {other}")),
    }
}

impl Ctx {
    pub fn new(indent: usize, file: &str) -> Ctx {
        Ctx {
            e: Emitter::new(indent),
            env: HashMap::new(),
            tuples: HashMap::new(),
            file: file.to_string(),
            options: LowerOptions::default(),
            declarations: Default::default(),
            constants: HashMap::new(),
            returned_only: HashSet::new(),
        }
    }

    /// Records a tuple of `elements`; returns the placeholder name to bind the tuple value to.
    /// The placeholder is not valid MLIR, so a tuple that reached the output by mistake
    /// would fail to parse rather than compute something.
    pub fn bind_tuple(&mut self, elements: Vec<Lowered>) -> String {
        let key = format!("<tuple {}>", self.tuples.len());
        self.tuples.insert(key.clone(), elements);
        key
    }

    /// The value of operand `i` of `op` when an `xhlo.constant` of this function defines it.
    pub fn constant_operand(&self, op: &Op, i: usize) -> Option<xhlo_ir::literal::Literal> {
        let l = self.get(op.operands.get(i)?).ok()?;
        let (value, ty) = self.constants.get(&l.name)?;
        match value {
            ast::Attribute::Dense { body, .. } => xhlo_ir::literal::Literal::parse_dense(body, ty).ok(),
            _ => None,
        }
    }

    /// The elements of a tuple value bound with [`Ctx::bind_tuple`].
    pub fn tuple_elements(&self, lowered: &Lowered) -> Option<&[Lowered]> {
        self.tuples.get(&lowered.name).map(|v| v.as_slice())
    }

    /// The leaves of `values`: tuples replaced by their elements, recursively and in order,
    /// and tokens dropped ([`TOKEN`]). This is how a tuple or a token crosses a loop, a
    /// branch or a call: as its leaves, rebuilt on the other side by [`Ctx::rebuild`]. `what`
    /// says where the tuple goes, for the error when its elements are not known here.
    pub fn leaves(&self, values: &[Lowered], what: &str) -> Result<Vec<Lowered>, String> {
        let mut out = Vec::new();
        for v in values {
            match &v.ty {
                Type::Tuple(_) => {
                    let elements = self.tuple_elements(v).ok_or_else(|| {
                        format!("unsupported in lowering: a tuple {what} whose elements are not known in this function")
                    })?;
                    out.extend(self.leaves(elements, what)?);
                }
                Type::Token => {}
                _ => out.push(v.clone()),
            }
        }
        Ok(out)
    }

    /// Values of types `tys` rebuilt from the lowered names of their leaves (tuples bound as
    /// compile-time tuples again).
    pub fn rebuild(&mut self, tys: &[Type], names: &mut impl Iterator<Item = String>) -> Result<Vec<Lowered>, String> {
        let mut out = Vec::new();
        for t in tys {
            let l = match t {
                Type::Tuple(elements) => {
                    let parts = self.rebuild(elements, names)?;
                    Lowered { name: self.bind_tuple(parts), ty: t.clone() }
                }
                Type::Token => Lowered { name: TOKEN.to_string(), ty: Type::Token },
                t => Lowered { name: names.next().ok_or("internal: fewer leaves than the tuple types need")?, ty: t.clone() },
            };
            out.push(l);
        }
        Ok(out)
    }

    pub fn bind(&mut self, xhlo_name: &str, lowered: Lowered) {
        self.env.insert(xhlo_name.to_string(), lowered);
    }

    /// The lowered value of an operand.
    pub fn get(&self, v: &ast::ValueRef) -> Result<&Lowered, String> {
        self.env.get(&v.0).ok_or_else(|| format!("use of undefined value {v}"))
    }

    /// Operand `i` of `op` as a (lowered name, tensor type).
    pub fn tensor_operand(&self, op: &Op, i: usize) -> Result<(String, TensorType), String> {
        let v = op.operands.get(i).ok_or_else(|| format!("missing operand #{i}"))?;
        let l = self.get(v)?;
        match &l.ty {
            Type::Tensor(t) => Ok((l.name.clone(), t.clone())),
            other => Err(format!("operand #{i} is {other}, not a tensor")),
        }
    }

    /// Allocates a buffer in its layout for each result of `op` that has a non-default layout
    /// (emitted before the op, so that `eliminate-empty-tensors` can let the op's kernel
    /// write into it directly).
    fn alloc_layouts(&mut self, op: &Op) -> Result<Vec<Option<String>>, String> {
        let mut buffers = Vec::new();
        for (r, t) in op.result_refs().iter().zip(&op.result_types) {
            buffers.push(match xtype(t)? {
                Type::Tensor(t) if t.has_permuted_layout() && !self.returned_only.contains(&r.0) => {
                    // LLVM lowers allocations of identity layouts only: a flat buffer, viewed
                    // with the layout's strides.
                    let flat = format!("memref<{}x{}>", t.num_elements(), types::storage(t.element));
                    let buffer = self.e.op("layout", &format!("memref.alloc() : {flat}"));
                    let (sizes, strides) = (t.dims.iter().map(|d| d.to_string()), t.strides().into_iter().map(|s| s.to_string()));
                    Some(self.e.op(
                        "layout",
                        &format!(
                            "memref.reinterpret_cast {buffer} to offset: [0], sizes: [{}], strides: [{}] : {flat} to {}",
                            sizes.collect::<Vec<_>>().join(", "),
                            strides.collect::<Vec<_>>().join(", "),
                            types::physical_memref(&t)
                        ),
                    ))
                }
                _ => None,
            });
        }
        Ok(buffers)
    }

    /// Stores each result of `op` that got a buffer from [`Ctx::alloc_layouts`] in it: the
    /// value in memory is in its declared layout, and its uses read it there (through a
    /// strided memref, by logical index). Values only returned or yielded are stored where
    /// they go (the entry wrapper writes the caller's buffer in the same layout).
    fn store_in_layouts(&mut self, op: &Op, names: Vec<String>, buffers: Vec<Option<String>>) -> Result<Vec<String>, String> {
        let mut out = Vec::new();
        for ((name, buffer), t) in names.into_iter().zip(buffers).zip(&op.result_types) {
            let Some(buffer) = buffer else {
                out.push(name);
                continue;
            };
            let t = xtensor(t)?;
            let (tensor, memref) = (types::tensor(&t), types::physical_memref(&t));
            self.e.line(&format!("bufferization.materialize_in_destination {name} in restrict writable {buffer} : ({tensor}, {memref}) -> ()"));
            out.push(self.e.op("stored", &format!("bufferization.to_tensor {buffer} restrict : {memref} to {tensor}")));
        }
        Ok(out)
    }

    /// Binds the results of `op` to `names` (in order).
    pub fn bind_results(&mut self, op: &Op, names: Vec<String>) -> Result<(), String> {
        let refs = op.result_refs();
        if refs.len() != names.len() {
            return Err(format!("internal: {} results lowered for {} declared", names.len(), refs.len()));
        }
        for ((r, name), ty) in refs.iter().zip(names).zip(&op.result_types) {
            let ty = xtype(ty)?;
            self.bind(&r.0, Lowered { name, ty });
        }
        Ok(())
    }
}

/// The types of the leaves of a value of type `t`, in order ([`Ctx::leaves`]: tokens have
/// none).
pub fn leaf_types(t: &Type) -> Vec<Type> {
    match t {
        Type::Tuple(elements) => elements.iter().flat_map(leaf_types).collect(),
        Type::Token => vec![],
        t => vec![t.clone()],
    }
}

/// The lowered types of the leaves of values of types `tys`.
fn leaf_value_types(tys: &[Type]) -> Result<Vec<String>, String> {
    tys.iter().flat_map(leaf_types).map(|t| types::value(&t)).collect()
}

/// Lowers a module printed by MLIR (xhlo generic form) to upstream dialects.
pub fn lower_text(text: &str, file: &str) -> Result<String, ParseError> {
    lower_text_with(text, file, &LowerOptions::default())
}

/// [`lower_text`] with options.
pub fn lower_text_with(text: &str, file: &str, options: &LowerOptions) -> Result<String, ParseError> {
    let parsed = mlir_text::parser::parse_file(text)?;
    lower_file_with(&parsed, file, options)
}

/// Lowers a parsed file.
pub fn lower_file(f: &ast::File, file: &str) -> Result<String, ParseError> {
    lower_file_with(f, file, &LowerOptions::default())
}

/// [`lower_file`] with options.
pub fn lower_file_with(f: &ast::File, file: &str, options: &LowerOptions) -> Result<String, ParseError> {
    let mut out = String::from("module {\n");
    let mut funcs = Vec::new();
    collect_funcs(&f.ops, &mut funcs);
    let mut declarations = std::collections::BTreeSet::new();
    for func in funcs {
        for part in crate::chunks::split(func) {
            declarations.extend(lower_func(&part, file, options, &mut out)?);
        }
    }
    for d in declarations {
        out.push_str(&format!("  {d}\n"));
    }
    out.push_str("}\n");
    Ok(out)
}

fn collect_funcs<'a>(ops: &'a [Op], out: &mut Vec<&'a Op>) {
    for op in ops {
        match op.name.as_str() {
            "builtin.module" => {
                for r in &op.regions {
                    for b in &r.blocks {
                        collect_funcs(&b.ops, out);
                    }
                }
            }
            "func.func" => out.push(op),
            _ => {}
        }
    }
}

fn func_signature(func: &Op) -> Result<(String, Vec<Type>, Vec<Type>), String> {
    let name = match func.attr("sym_name") {
        Some(ast::Attribute::Str(s)) => s.clone(),
        _ => return Err("func.func without sym_name".into()),
    };
    let Some(ast::Attribute::Type(ast::Type::Function { inputs, results })) = func.attr("function_type") else {
        return Err("func.func without function_type".into());
    };
    let inputs = inputs.iter().map(xtype).collect::<Result<Vec<_>, _>>()?;
    let results = results.iter().map(xtype).collect::<Result<Vec<_>, _>>()?;
    Ok((name, inputs, results))
}

/// Lowers one function into `out`; returns the module-level declarations its body needs.
fn lower_func(func: &Op, file: &str, options: &LowerOptions, out: &mut String) -> Result<std::collections::BTreeSet<String>, ParseError> {
    let at = |m: String| ParseError::new(func.pos, m);
    let (name, inputs, results) = func_signature(func).map_err(at)?;
    let visibility = match func.attr("sym_visibility") {
        Some(ast::Attribute::Str(v)) if v == "private" => "private ",
        _ => "",
    };
    // Tuples in the signature are passed as their leaves.
    let result_types = leaf_value_types(&results).map_err(at)?;
    let Some(body) = func.regions.first().and_then(|r| r.blocks.first()) else {
        // A declaration.
        let ins = leaf_value_types(&inputs).map_err(at)?;
        out.push_str(&format!("  func.func {visibility}@{name}({}) -> ({})\n", ins.join(", "), result_types.join(", ")));
        return Ok(Default::default());
    };
    let mut ctx = Ctx::new(2, file);
    ctx.options = *options;
    ctx.returned_only = returned_only(body);
    let mut params = Vec::new();
    for ((v, _), ty) in body.args.iter().zip(&inputs) {
        let mut names = Vec::new();
        for leaf in leaf_types(ty) {
            let lowered = format!("%p{}", params.len());
            params.push(format!("{lowered}: {}", types::value(&leaf).map_err(at)?));
            names.push(lowered);
        }
        let arg = ctx.rebuild(std::slice::from_ref(ty), &mut names.into_iter()).map_err(at)?.remove(0);
        ctx.bind(&v.0, arg);
    }
    for op in &body.ops {
        lower_op(&mut ctx, op).map_err(|m| ParseError::new(op.pos, m))?;
    }
    out.push_str(&format!("  func.func {visibility}@{name}({}) -> ({}) {{\n", params.join(", "), result_types.join(", ")));
    out.push_str(&ctx.e.out);
    out.push_str("  }\n");
    Ok(ctx.declarations)
}

/// The values a function body uses only in terminators: its `func.return` (the caller stores
/// them) or the `gpu.yield` of a region (a loop carries them in its own buffers, a branch's
/// results are stored after it).
fn returned_only(body: &ast::Block) -> HashSet<String> {
    fn uses(ops: &[Op], yielded: &mut HashSet<String>, other: &mut HashSet<String>) {
        for op in ops {
            let to = if op.name == "func.return" || op.name == xhlo_ir::op::REGION_TERMINATOR { &mut *yielded } else { &mut *other };
            to.extend(op.operands.iter().map(|v| v.0.clone()));
            for b in op.regions.iter().flat_map(|r| &r.blocks) {
                uses(&b.ops, yielded, other);
            }
        }
    }
    let (mut yielded, mut other) = (HashSet::new(), HashSet::new());
    uses(&body.ops, &mut yielded, &mut other);
    yielded.retain(|v| !other.contains(v));
    yielded
}

/// Lowers the ops of a nested block (the body of a `while`, `if` or `case` region, whose ops
/// are ordinary tensor ops) into the current function body, with its arguments bound to
/// `args`; returns the values its terminator yields. The block may use values of the
/// enclosing blocks.
pub fn lower_nested_block(ctx: &mut Ctx, block: &ast::Block, args: Vec<Lowered>) -> Result<Vec<Lowered>, String> {
    if block.args.len() != args.len() {
        return Err(format!("internal: region takes {} arguments, {} given", block.args.len(), args.len()));
    }
    for ((v, _), l) in block.args.iter().zip(args) {
        ctx.bind(&v.0, l);
    }
    let loc = ctx.e.loc.clone();
    let mut result = Err("region block does not end in a terminator".to_string());
    for op in &block.ops {
        if op.name == xhlo_ir::op::REGION_TERMINATOR {
            result = op.operands.iter().map(|v| ctx.get(v).cloned()).collect();
            break;
        }
        if let Err(m) = lower_op(ctx, op) {
            result = Err(format!("{m} (in a region, at {})", op.pos));
            break;
        }
    }
    ctx.e.loc = loc;
    result
}

/// Lowers one op of a function body.
pub fn lower_op(ctx: &mut Ctx, op: &Op) -> Result<(), String> {
    ctx.e.loc = Location { file: Some(ctx.file.clone()), pos: op.pos };
    match op.name.as_str() {
        "func.return" => {
            let returned = op.operands.iter().map(|v| ctx.get(v).cloned()).collect::<Result<Vec<_>, _>>()?;
            let mut names = Vec::new();
            let mut tys = Vec::new();
            for l in ctx.leaves(&returned, "returned from a function")? {
                tys.push(types::value(&l.ty)?);
                names.push(l.name);
            }
            if names.is_empty() {
                ctx.e.line("func.return");
            } else {
                ctx.e.line(&format!("func.return {} : {}", names.join(", "), tys.join(", ")));
            }
            Ok(())
        }
        "func.call" => {
            let callee = match op.attr("callee") {
                Some(ast::Attribute::Symbol(path)) => path.join("::@"),
                _ => return Err("func.call without callee".into()),
            };
            let args = op.operands.iter().map(|v| ctx.get(v).cloned()).collect::<Result<Vec<_>, _>>()?;
            let mut names = Vec::new();
            let mut tys = Vec::new();
            for l in ctx.leaves(&args, &format!("passed to @{callee}"))? {
                tys.push(types::value(&l.ty)?);
                names.push(l.name);
            }
            let result_xtypes = op.result_types.iter().map(xtype).collect::<Result<Vec<_>, _>>()?;
            let results = leaf_value_types(&result_xtypes)?;
            let buffers = ctx.alloc_layouts(op)?;
            let r = ctx.e.fresh("call");
            let lhs = match results.len() {
                0 => String::new(),
                1 => format!("{r} = "),
                n => format!("{r}:{n} = "),
            };
            let keep = if op.attr("no_inline").is_some() { " {no_inline}" } else { "" };
            ctx.e.line(&format!("{lhs}func.call @{callee}({}){keep} : ({}) -> ({})", names.join(", "), tys.join(", "), results.join(", ")));
            let out: Vec<String> = match results.len() {
                0 => vec![],
                1 => vec![r],
                n => (0..n).map(|i| format!("{r}#{i}")).collect(),
            };
            let rebuilt = ctx.rebuild(&result_xtypes, &mut out.into_iter())?;
            let names = ctx.store_in_layouts(op, rebuilt.into_iter().map(|l| l.name).collect(), buffers)?;
            ctx.bind_results(op, names)
        }
        name => {
            let bare = name.strip_prefix("xhlo.").ok_or_else(|| format!("unsupported in lowering: op '{name}'"))?;
            let lower = crate::ops::lowering_for(bare).ok_or_else(|| crate::ops::unsupported_message(bare))?;
            let buffers = ctx.alloc_layouts(op)?;
            let names = lower(ctx, op)?;
            let names = ctx.store_in_layouts(op, names, buffers)?;
            if bare == "constant" {
                if let (Some(value), [name], [ty]) = (op.attr("value"), names.as_slice(), op.result_types.as_slice()) {
                    if let Ok(t) = xtensor(ty) {
                        ctx.constants.insert(name.clone(), (value.clone(), t));
                    }
                }
            }
            ctx.bind_results(op, names)
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::lower_ok;

    const CM: &str = "#xhlo.layout<array<i64: 0, 1>>";

    #[test]
    fn a_value_with_a_layout_is_stored_in_a_buffer_of_that_layout() {
        let ty = format!("tensor<2x3xf32, {CM}>");
        let body = format!(
            "  %n = \"xhlo.negate\"(%a) : ({ty}) -> {ty}\n  %r = \"xhlo.abs\"(%n) : ({ty}) -> {ty}"
        );
        let out = lower_ok(&format!("%a: {ty}"), &body, &ty);
        // The negation (used by abs) is written into a column-major buffer allocated before its
        // kernel; abs's result is only returned, so whoever receives it stores it.
        let expected = [
            "%layout_1 = memref.alloc() : memref<6xf32>",
            "%layout_2 = memref.reinterpret_cast %layout_1 to offset: [0], sizes: [2, 3], strides: [1, 2] : memref<6xf32> to memref<2x3xf32, strided<[1, 2]>>",
            "bufferization.materialize_in_destination",
            "in restrict writable %layout_2 : (tensor<2x3xf32>, memref<2x3xf32, strided<[1, 2]>>) -> ()",
            "= bufferization.to_tensor %layout_2 restrict : memref<2x3xf32, strided<[1, 2]>> to tensor<2x3xf32>",
        ];
        for line in expected {
            assert!(out.contains(line), "{line}\nnot in\n{out}");
        }
        assert_eq!(out.matches("memref.alloc").count(), 1, "{out}");
        assert!(out.find("memref.alloc").unwrap() < out.find("linalg.generic").unwrap(), "{out}");
    }

    #[test]
    fn the_entry_takes_strided_buffers_for_layouts() {
        use xhlo_ir::{ElementType::F32, TensorType};
        let cm = TensorType::new([2, 3], F32).with_layout([0, 1]);
        let l021 = TensorType::new([2, 3, 4], F32).with_layout([0, 2, 1]);
        let default = TensorType::new([2, 3], F32).with_layout([1, 0]);
        let w = crate::entry::wrapper("main", &[cm, default], &[l021]);
        assert!(w.contains("%i0: memref<2x3xf32, strided<[1, 2]>>, %i1: memref<2x3xf32>, %o0: memref<2x3x4xf32, strided<[1, 8, 2]>>"), "{w}");
    }
}
