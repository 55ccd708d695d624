//! The driver of `convert-xhlo-to-linalg`: reads xhlo (generic MLIR text, as MLIR prints it)
//! with the project's MLIR parser, lowers function by function, op by op, and writes the
//! result as MLIR text in upstream dialects (func, linalg, tensor, arith, math, complex, scf).
//! Each xhlo op's lowering is found by name in [`crate::ops::LOWERINGS`].

use crate::emitter::{Emitter, Location};
use crate::types;
use std::collections::HashMap;
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
    /// The register tile and cache block sizes of the tiled kernel.
    pub tiles: crate::ops::linalg::dot_tiled::Tiles,
    /// Bytes per vector of the tiled dot and depthwise convolution kernels and of the
    /// reductions' vector lanes: the host's
    /// ([`crate::host::vector_bytes`]) by default.
    pub vector_bytes: i64,
    /// The key of the stream `rng_uniform` and `rng_normal` draw from
    /// ([`crate::ops::random`]): a program compiled with the same seed draws the same numbers.
    pub rng_seed: u64,
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
        LowerOptions { tile_dots: true, tiles: crate::ops::linalg::dot_tiled::Tiles::DEFAULT, vector_bytes: crate::host::vector_bytes(), rng_seed: 0 }
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
    /// Whether the body reads the module's random-number counter
    /// ([`crate::ops::random::COUNTER`]), which the module then declares.
    pub uses_rng_counter: bool,
}

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
        Ctx { e: Emitter::new(indent), env: HashMap::new(), tuples: HashMap::new(), file: file.to_string(), options: LowerOptions::default(), uses_rng_counter: false }
    }

    /// Records a tuple of `elements`; returns the placeholder name to bind the tuple value to.
    /// The placeholder is not valid MLIR, so a tuple that reached the output by mistake
    /// would fail to parse rather than compute something.
    pub fn bind_tuple(&mut self, elements: Vec<Lowered>) -> String {
        let key = format!("<tuple {}>", self.tuples.len());
        self.tuples.insert(key.clone(), elements);
        key
    }

    /// The elements of a tuple value bound with [`Ctx::bind_tuple`].
    pub fn tuple_elements(&self, lowered: &Lowered) -> Option<&[Lowered]> {
        self.tuples.get(&lowered.name).map(|v| v.as_slice())
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
    let mut uses_rng_counter = false;
    for func in funcs {
        uses_rng_counter |= lower_func(func, file, options, &mut out)?;
    }
    if uses_rng_counter {
        out.push_str(&crate::ops::random::counter_global());
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

/// Lowers one function into `out`; returns whether it uses the random-number counter.
fn lower_func(func: &Op, file: &str, options: &LowerOptions, out: &mut String) -> Result<bool, ParseError> {
    let at = |m: String| ParseError::new(func.pos, m);
    let (name, inputs, results) = func_signature(func).map_err(at)?;
    let visibility = match func.attr("sym_visibility") {
        Some(ast::Attribute::Str(v)) if v == "private" => "private ",
        _ => "",
    };
    let result_types = results.iter().map(types::value).collect::<Result<Vec<_>, _>>().map_err(at)?;
    let Some(body) = func.regions.first().and_then(|r| r.blocks.first()) else {
        // A declaration.
        let ins = inputs.iter().map(types::value).collect::<Result<Vec<_>, _>>().map_err(at)?;
        out.push_str(&format!("  func.func {visibility}@{name}({}) -> ({})\n", ins.join(", "), result_types.join(", ")));
        return Ok(false);
    };
    let mut ctx = Ctx::new(2, file);
    ctx.options = *options;
    let mut params = Vec::new();
    for ((v, _), ty) in body.args.iter().zip(&inputs) {
        let lowered = format!("%p{}", params.len());
        params.push(format!("{lowered}: {}", types::value(ty).map_err(at)?));
        ctx.bind(&v.0, Lowered { name: lowered, ty: ty.clone() });
    }
    for op in &body.ops {
        lower_op(&mut ctx, op).map_err(|m| ParseError::new(op.pos, m))?;
    }
    out.push_str(&format!("  func.func {visibility}@{name}({}) -> ({}) {{\n", params.join(", "), result_types.join(", ")));
    out.push_str(&ctx.e.out);
    out.push_str("  }\n");
    Ok(ctx.uses_rng_counter)
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
            let mut names = Vec::new();
            let mut tys = Vec::new();
            for v in &op.operands {
                let l = ctx.get(v)?.clone();
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
            let mut names = Vec::new();
            let mut tys = Vec::new();
            for v in &op.operands {
                let l = ctx.get(v)?.clone();
                tys.push(types::value(&l.ty)?);
                names.push(l.name);
            }
            let results = op.result_types.iter().map(|t| xtype(t).and_then(|t| types::value(&t))).collect::<Result<Vec<_>, _>>()?;
            let r = ctx.e.fresh("call");
            let lhs = match results.len() {
                0 => String::new(),
                1 => format!("{r} = "),
                n => format!("{r}:{n} = "),
            };
            ctx.e.line(&format!("{lhs}func.call @{callee}({}) : ({}) -> ({})", names.join(", "), tys.join(", "), results.join(", ")));
            let out = match results.len() {
                0 => vec![],
                1 => vec![r],
                n => (0..n).map(|i| format!("{r}#{i}")).collect(),
            };
            ctx.bind_results(op, out)
        }
        name => {
            let bare = name.strip_prefix("xhlo.").ok_or_else(|| format!("unsupported in lowering: op '{name}'"))?;
            let lower = crate::ops::lowering_for(bare).ok_or_else(|| crate::ops::unsupported_message(bare))?;
            let names = lower(ctx, op)?;
            ctx.bind_results(op, names)
        }
    }
}
