//! `xhlo-gpu-tile-dots`: each bufferized (batched) matrix product becomes one `gpu.launch`
//! that stages tiles of its operands through shared memory. One thread per output (what
//! `xhlo-gpu-map-loops` gives any parallel loop) reads both operands from global memory for
//! every multiply-add; here a block of [`Tiles::DEFAULT`] threads computes a 64x64 tile of
//! the output, each thread a 4x4 tile of it in registers, and the operands are read once per
//! block in 64x16 and 16x64 slices that every thread of the block then reads from shared
//! memory.
//!
//! Each output is still its initial value plus the products in increasing `k` (the
//! generic's order); each product is fused with its addition (`contract`: one FFMA, rounded
//! once, as the CPU's tiled dot does with `vector.fma`), which halves the instructions of the
//! inner loop. A dot fused with an epilogue (bias, activation: `scf.if k == K - 1` in its
//! body) applies it to each finished sum before the store. Sizes that are not multiples
//! of the tile clamp their loads to the last row or column (those values reach only outputs
//! that are not stored) and stop the `k` loop at the last column; stores outside the output
//! are skipped. Batch dimensions are the grid's z (or folded into x past CUDA's 65535).
//! Products too small to fill the tiles (fewer than 4096 outputs, a side under 16 or `k`
//! under 16) keep the plain path.

use crate::lowering::rewrite_module_text;
use crate::pass::{PassInfo, PassOptions, XhloPass};
use mlir_text::ast::{Attribute, Op, Type};
use mlir_text::memref::MemRefType;
use melior::ir::OperationRef;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;

#[derive(Clone, Default)]
pub struct TileDots;

impl XhloPass for TileDots {
    /// Its output is parsed text (`rewrite_module_text`).
    const KEEPS_IR_VALID: bool = true;
    const INFO: PassInfo = PassInfo {
        argument: "xhlo-gpu-tile-dots",
        summary: "Compute each bufferized (batched) f32/f64 matrix product in a gpu.launch that stages operand tiles through shared memory, each thread a 4x4 output tile in registers",
        options: &[],
    };

    fn from_options(_: &PassOptions) -> Result<Self, String> {
        Ok(TileDots)
    }

    fn run(&mut self, op: OperationRef) -> Result<(), String> {
        rewrite_module_text(op, |text, file| {
            let mut parsed = mlir_text::parser::parse_file(text).map_err(|e| e.in_file(file))?;
            let mut names = 0;
            let mut changed = false;
            for module in &mut parsed.ops {
                for region in &mut module.regions {
                    for block in &mut region.blocks {
                        for func in &mut block.ops {
                            let private = matches!(func.attr("sym_visibility"), Some(Attribute::Str(v)) if v == "private");
                            if func.name != "func.func" || private {
                                continue;
                            }
                            // Only the host function's own ops: a launch nested in a loop
                            // would end up inside another kernel.
                            for body in func.regions.iter_mut().flat_map(|r| r.blocks.iter_mut()) {
                                let mut out = Vec::with_capacity(body.ops.len());
                                let mut constants = HashMap::new();
                                for op in std::mem::take(&mut body.ops) {
                                    if let (Some((name, 1)), Some(Attribute::Int(v, Type::Index))) = (op.results.first(), op.attr("value")) {
                                        if op.name == "arith.constant" {
                                            constants.insert(name.clone(), v.parse::<i64>().unwrap_or(-1));
                                        }
                                    }
                                    match Dot::of(&op, &constants).filter(Dot::worth_tiling) {
                                        Some(dot) => {
                                            out.extend(dot.launch(Tiles::DEFAULT, &mut names, op.pos)?);
                                            changed = true;
                                        }
                                        None => out.push(op),
                                    }
                                }
                                body.ops = out;
                            }
                        }
                    }
                }
            }
            Ok(changed.then(|| mlir_text::print::print_file(&parsed, file)))
        })
    }
}

/// An index computed from a thread's position in its block (`tx`, `ty`): the tile geometry
/// is written in these, so the emitter writes them as `arith` ops and the tests evaluate
/// them over a simulated grid: both read the same formulas.
#[derive(Clone, Debug)]
enum Ix {
    Tx,
    Ty,
    Const(i64),
    Add(Box<Ix>, Box<Ix>),
    Mul(Box<Ix>, i64),
    Div(Box<Ix>, i64),
    Rem(Box<Ix>, i64),
}

impl Ix {
    fn add(self, other: Ix) -> Ix {
        Ix::Add(Box::new(self), Box::new(other))
    }
    fn mul(self, n: i64) -> Ix {
        Ix::Mul(Box::new(self), n)
    }
    fn div(self, n: i64) -> Ix {
        Ix::Div(Box::new(self), n)
    }
    fn rem(self, n: i64) -> Ix {
        Ix::Rem(Box::new(self), n)
    }

    #[cfg(test)]
    fn eval(&self, tx: i64, ty: i64) -> i64 {
        match self {
            Ix::Tx => tx,
            Ix::Ty => ty,
            Ix::Const(c) => *c,
            Ix::Add(a, b) => a.eval(tx, ty) + b.eval(tx, ty),
            Ix::Mul(a, n) => a.eval(tx, ty) * n,
            Ix::Div(a, n) => a.eval(tx, ty) / n,
            Ix::Rem(a, n) => a.eval(tx, ty) % n,
        }
    }
}

/// The kernel's tile geometry: a block of `tx` x `ty` threads computes a `bm` x `bn` output
/// tile (`bm = ty * tm`, `bn = tx * tn`), `k` in steps of `bk`.
#[derive(Clone, Copy, Debug)]
pub struct Tiles {
    pub tx: i64,
    pub ty: i64,
    pub tm: i64,
    pub tn: i64,
    pub bk: i64,
}

impl Tiles {
    /// 256 threads, a 64x64 output tile, each thread 4x4 outputs (16 accumulators), `k` in
    /// steps of 16: two 4 KiB shared tiles (f32) and 4 loads of each per thread per step.
    pub const DEFAULT: Tiles = Tiles { tx: 16, ty: 16, tm: 4, tn: 4, bk: 16 };

    pub fn bm(&self) -> i64 {
        self.ty * self.tm
    }
    pub fn bn(&self) -> i64 {
        self.tx * self.tn
    }
    pub fn threads(&self) -> i64 {
        self.tx * self.ty
    }

    /// The thread's number in its block, `tx` fastest (a warp is 32 consecutive numbers).
    fn thread(&self) -> Ix {
        Ix::Ty.mul(self.tx).add(Ix::Tx)
    }

    /// Loads of each operand tile per thread per `k` step.
    fn loads_a(&self) -> i64 {
        self.bm() * self.bk / self.threads()
    }
    fn loads_b(&self) -> i64 {
        self.bk * self.bn() / self.threads()
    }

    /// Load `q` of a thread into the `bm` x `bk` tile of the left operand: element
    /// `thread + threads * q` row-major, so neighbouring threads read neighbouring `k`.
    fn a_load(&self, q: i64) -> (Ix, Ix) {
        let e = self.thread().add(Ix::Const(self.threads() * q));
        (e.clone().div(self.bk), e.rem(self.bk))
    }

    /// Load `q` of a thread into the `bk` x `bn` tile of the right operand, row-major:
    /// neighbouring threads read neighbouring columns.
    fn b_load(&self, q: i64) -> (Ix, Ix) {
        let e = self.thread().add(Ix::Const(self.threads() * q));
        (e.clone().div(self.bn()), e.rem(self.bn()))
    }

    /// Row `r` of a thread's register tile within the block's tile: rows `ty + ty_count * r`,
    /// so a warp's threads read a few shared rows (broadcasts).
    fn out_row(&self, r: i64) -> Ix {
        Ix::Ty.add(Ix::Const(self.ty * r))
    }

    /// Column `c` of a thread's register tile: `tx + tx_count * c`, so neighbouring threads
    /// read neighbouring shared columns and store neighbouring outputs.
    fn out_col(&self, c: i64) -> Ix {
        Ix::Tx.add(Ix::Const(self.tx * c))
    }

    /// The grid for `batch` products of `m` x `n` outputs: x the column tiles, y the row
    /// tiles, z the batch, or the batch folded into x (`x = batch * column tiles + column
    /// tile`) past CUDA's 65535 in z.
    pub fn grid(&self, m: i64, n: i64, batch: i64) -> [i64; 3] {
        let (tiles_m, tiles_n) = (ceil_div(m, self.bm()), ceil_div(n, self.bn()));
        if batch <= 65535 {
            [tiles_n, tiles_m, batch]
        } else {
            [tiles_n * batch, tiles_m, 1]
        }
    }
}

fn ceil_div(a: i64, b: i64) -> i64 {
    (a + b - 1) / b
}

/// A bufferized `linalg.generic` that is a (batched) matrix product `C(b, i, j) += A(b, i, k)
/// * B(b, k, j)`, loops `[b..., i, j, k]` (after `xhlo-gpu-parallel-dims-outer`), maybe with
/// an epilogue fused at the last `k`.
#[derive(Clone, Debug)]
struct Dot {
    operands: [String; 3],
    types: [String; 3],
    element: String,
    batch: Vec<i64>,
    m: i64,
    n: i64,
    k: i64,
    epilogue: Option<Epilogue>,
}

/// What a fused dot computes from each finished sum (`convert-xhlo-to-linalg` writes it as
/// `scf.if k == K - 1 { ops } else { sum }` in the body): bias, activation, scale. Its
/// further inputs are indexed by the output's position only.
#[derive(Clone, Debug)]
struct Epilogue {
    /// The sum's name in `ops`.
    sum: String,
    inputs: Vec<EpilogueInput>,
    /// The `then` region's ops without its `scf.yield`, and the value it yields.
    ops: Vec<Op>,
    result: String,
}

#[derive(Clone, Debug)]
struct EpilogueInput {
    /// The block argument `ops` read it through.
    arg: String,
    memref: String,
    ty: String,
    indices: Vec<Position>,
}

/// An index of an epilogue input: a batch dimension, the output's row or column, or 0.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Position {
    Batch(usize),
    Row,
    Column,
    Zero,
}

impl Dot {
    /// `constants`: the host function's index constants so far (the epilogue's `K - 1`).
    fn of(op: &Op, constants: &HashMap<String, i64>) -> Option<Dot> {
        if op.name != "linalg.generic" || !op.results.is_empty() || op.operands.len() < 3 || op.operand_types.len() != op.operands.len() {
            return None;
        }
        let inputs = op.operands.len() - 1;
        match op.attr("operandSegmentSizes") {
            Some(Attribute::DenseArray(_, sizes)) if sizes == &[inputs.to_string(), "1".to_string()] => {}
            _ => return None,
        }
        let Some(Attribute::Array(iterators)) = op.attr("iterator_types") else { return None };
        let rank = iterators.len();
        if rank < 3 {
            return None;
        }
        let kinds: Vec<&str> = iterators.iter().map(|a| if let Attribute::Dialect { body, .. } = a { body.as_str() } else { "" }).collect();
        if kinds[..rank - 1].iter().any(|k| *k != "parallel") || kinds[rank - 1] != "reduction" {
            return None;
        }
        let nb = rank - 3;
        let dims: Vec<String> = (0..rank).map(|d| format!("d{d}")).collect();
        let batch: Vec<&str> = dims[..nb].iter().map(String::as_str).collect();
        let (i, j, k) = (dims[nb].as_str(), dims[nb + 1].as_str(), dims[nb + 2].as_str());
        let map = |results: &[&str]| format!("affine_map<({}) -> ({})>", dims.join(", "), batch.iter().chain(results).copied().collect::<Vec<_>>().join(", "));
        let expected = [map(&[i, k]), map(&[k, j]), map(&[i, j])];
        let Some(Attribute::Array(maps)) = op.attr("indexing_maps") else { return None };
        let maps: Vec<String> = maps.iter().map(|m| if let Attribute::Other(t) = m { t.split_whitespace().collect() } else { String::new() }).collect();
        let squeeze = |s: &str| s.split_whitespace().collect::<String>();
        if maps.len() != op.operands.len() || squeeze(&maps[0]) != squeeze(&expected[0]) || squeeze(&maps[1]) != squeeze(&expected[1]) || squeeze(&maps[inputs]) != squeeze(&expected[2]) {
            return None;
        }
        let types: Vec<String> = op.operand_types.iter().map(|t| if let Type::Other(s) = t { s.clone() } else { String::new() }).collect();
        let shapes: Vec<MemRefType> = types.iter().map(|t| MemRefType::parse(t)).collect::<Option<_>>()?;
        let element = shapes[0].element.clone();
        let product = [0, 1, inputs];
        if !matches!(element.as_str(), "f32" | "f64") || product.iter().any(|&x| shapes[x].element != element) || shapes.iter().any(|s| s.memory_space.is_some()) {
            return None;
        }
        let [a, b, c] = product.map(|x| shapes[x].static_dims());
        let (a, b, c) = (a?, b?, c?);
        if a.len() != nb + 2 || b.len() != nb + 2 || c.len() != nb + 2 || a[..nb] != c[..nb] || b[..nb] != c[..nb] {
            return None;
        }
        let (m, k, n) = (a[nb], a[nb + 1], b[nb + 1]);
        if b[nb] != k || c[nb] != m || c[nb + 1] != n {
            return None;
        }
        let extra: Vec<(String, String, Vec<Position>)> = (2..inputs)
            .map(|x| Some((op.operands[x].0.clone(), types[x].clone(), positions(&maps[x], nb)?)))
            .collect::<Option<_>>()?;
        let epilogue = multiply_add_body(op, &element, nb, k, &extra, constants)?;
        if epilogue.is_none() && !extra.is_empty() {
            return None;
        }
        Some(Dot {
            operands: product.map(|x| op.operands[x].0.clone()),
            types: product.map(|x| types[x].clone()),
            element,
            batch: c[..nb].to_vec(),
            m,
            n,
            k,
            epilogue,
        })
    }

    /// Whether tiles pay: enough outputs to fill blocks, and a `k` step's worth of products.
    fn worth_tiling(&self) -> bool {
        let batch: i64 = self.batch.iter().product();
        self.m * self.n >= 4096 && self.m >= 16 && self.n >= 16 && self.k >= 16 && ceil_div(self.m, Tiles::DEFAULT.bm()) <= 65535 && batch >= 1
    }

    /// The launch: its grid and block constants, then the `gpu.launch` (generic form).
    fn launch(&self, tiles: Tiles, names: &mut usize, pos: mlir_text::error::Pos) -> Result<Vec<Op>, String> {
        let text = Kernel::new(self, tiles, names).text();
        let parsed = mlir_text::parser::parse_file(&text).map_err(|e| format!("internal error: the tiled dot kernel does not parse (a bug in xhlo-gpu-tile-dots): {e:?}"))?;
        let mut ops = parsed.ops;
        for op in &mut ops {
            set_pos(op, pos);
        }
        Ok(ops)
    }
}

/// An epilogue input's map as positions: results `dX` of a batch, row or column dimension,
/// or `0`; `None` for anything else (the reduction dimension, expressions).
fn positions(map: &str, nb: usize) -> Option<Vec<Position>> {
    let (_, list) = crate::affine_text::parse_map_text(map)?;
    crate::affine_text::results(&list)
        .iter()
        .map(|r| match r.as_str() {
            "0" => Some(Position::Zero),
            d => match d.strip_prefix('d')?.parse::<usize>().ok()? {
                x if x < nb => Some(Position::Batch(x)),
                x if x == nb => Some(Position::Row),
                x if x == nb + 1 => Some(Position::Column),
                _ => None,
            },
        })
        .collect()
}

/// Whether the generic's body is `out + a * b` (either operand order of each), alone
/// (`Some(None)`) or followed by an epilogue at `k == K - 1` (`Some(Some(..))`).
fn multiply_add_body(op: &Op, element: &str, nb: usize, k: i64, extra: &[(String, String, Vec<Position>)], constants: &HashMap<String, i64>) -> Option<Option<Epilogue>> {
    let block = op.regions.first().filter(|r| r.blocks.len() == 1).map(|r| &r.blocks[0])?;
    let float = Type::Float(element.into());
    if block.args.len() != 3 + extra.len() || block.args[..2].iter().chain(block.args.last()).any(|(_, t)| *t != float) {
        return None;
    }
    let args: Vec<String> = block.args.iter().map(|(v, _)| v.0.clone()).collect();
    let (a, b, out) = (&args[0], &args[1], &args[args.len() - 1]);
    let names = |o: &Op| o.operands.iter().map(|v| v.0.clone()).collect::<Vec<_>>();
    let pair = |o: &Op, x: &str, y: &str| names(o) == [x, y] || names(o) == [y, x];
    let single = |o: &Op| o.results.first().filter(|(_, n)| *n == 1).map(|(r, _)| r.clone());
    let ops = &block.ops;
    let (mul, add) = (ops.first()?, ops.get(1)?);
    let (product, sum) = (single(mul)?, single(add)?);
    if mul.name != "arith.mulf" || !pair(mul, a, b) || add.name != "arith.addf" || !pair(add, out, &product) {
        return None;
    }
    let ret = ops.last()?;
    if ret.name != "linalg.yield" || ret.operands.len() != 1 {
        return None;
    }
    if ops.len() == 3 {
        return (names(ret) == [sum]).then_some(None);
    }
    // %i = linalg.index K; %c = arith.cmpi eq, %i, %last; %r = scf.if %c { ... } else { %sum }
    let [index, cmp, branch] = [&ops[2], ops.get(3)?, ops.get(4)?];
    if ops.len() != 6 || index.name != "linalg.index" || !matches!(index.attr("dim"), Some(Attribute::Int(d, _)) if *d == (nb + 2).to_string()) {
        return None;
    }
    let i = single(index)?;
    let last = cmp.operands.iter().map(|v| v.0.clone()).find(|v| *v != i)?;
    if cmp.name != "arith.cmpi" || !matches!(cmp.attr("predicate"), Some(Attribute::Int(p, _)) if p == "0") || !pair(cmp, &i, &last) || constants.get(&last) != Some(&(k - 1)) {
        return None;
    }
    let result = single(branch)?;
    if branch.name != "scf.if" || branch.operands.first().map(|v| &v.0) != Some(&single(cmp)?) || names(ret) != [result] || branch.regions.len() != 2 {
        return None;
    }
    let region_ops = |r: usize| branch.regions[r].blocks.first().filter(|_| branch.regions[r].blocks.len() == 1).map(|b| &b.ops);
    let (then, otherwise) = (region_ops(0)?, region_ops(1)?);
    if otherwise.len() != 1 || otherwise[0].name != "scf.yield" || names(&otherwise[0]) != [sum.clone()] {
        return None;
    }
    let (yield_op, body) = then.split_last()?;
    if yield_op.name != "scf.yield" || yield_op.operands.len() != 1 {
        return None;
    }
    // The epilogue reads the sum and the further inputs only (no other element, no index).
    let mut used = Vec::new();
    let mut nested = Vec::new();
    for o in then {
        collect(o, &mut used, &mut nested);
    }
    let forbidden = [a, b, out, &product, &i];
    if used.iter().any(|u| forbidden.contains(&u)) || nested.iter().any(|n| n == "linalg.index" || n == "linalg.yield") {
        return None;
    }
    let inputs = extra
        .iter()
        .zip(&args[2..2 + extra.len()])
        .map(|((memref, ty, indices), arg)| EpilogueInput { arg: arg.clone(), memref: memref.clone(), ty: ty.clone(), indices: indices.clone() })
        .collect();
    Some(Some(Epilogue { sum, inputs, ops: body.to_vec(), result: yield_op.operands[0].0.clone() }))
}

/// The values `op` and its nested ops use (without `#n`), and the nested ops' names.
fn collect(op: &Op, used: &mut Vec<String>, names: &mut Vec<String>) {
    names.push(op.name.clone());
    used.extend(op.operands.iter().map(|v| v.0.split('#').next().unwrap_or(&v.0).to_string()));
    for r in &op.regions {
        for b in &r.blocks {
            for o in &b.ops {
                collect(o, used, names);
            }
        }
    }
}

/// `op` with fresh names for every value it defines (results, nested block arguments), and
/// the uses `renamed` maps replaced: one copy of an epilogue per output.
fn fresh_copy(op: &Op, renamed: &mut HashMap<String, String>, fresh: &mut impl FnMut() -> String) -> Op {
    let mut copy = op.clone();
    let rename = |v: &mut mlir_text::ast::ValueRef, renamed: &HashMap<String, String>| {
        let (base, rest) = v.0.split_once('#').map_or((v.0.as_str(), None), |(b, r)| (b, Some(r)));
        if let Some(new) = renamed.get(base) {
            v.0 = match rest {
                Some(r) => format!("{new}#{r}"),
                None => new.clone(),
            };
        }
    };
    for v in &mut copy.operands {
        rename(v, renamed);
    }
    for r in &mut copy.regions {
        for b in &mut r.blocks {
            for (v, _) in &mut b.args {
                let new = fresh();
                renamed.insert(v.0.clone(), new.clone());
                v.0 = new;
            }
            b.ops = b.ops.iter().map(|o| fresh_copy(o, renamed, fresh)).collect();
        }
    }
    for (name, _) in &mut copy.results {
        let new = fresh();
        renamed.insert(name.clone(), new.clone());
        *name = new;
    }
    copy
}

fn set_pos(op: &mut Op, pos: mlir_text::error::Pos) {
    op.pos = pos;
    for r in &mut op.regions {
        for b in &mut r.blocks {
            for o in &mut b.ops {
                set_pos(o, pos);
            }
        }
    }
}

/// The kernel's text, written op by op in generic form with fresh value names (`tdN`;
/// printed MLIR names values with numbers and `arg`, never so).
struct Kernel<'a> {
    dot: &'a Dot,
    tiles: Tiles,
    names: &'a mut usize,
    out: String,
    /// Index constants, defined once at the top of the kernel (visible in every loop).
    constants: BTreeMap<i64, String>,
    /// Thread positions computed so far: all are written before the loops, so each is
    /// visible wherever it is used again.
    positions: HashMap<String, String>,
    indent: usize,
}

const INDEX2: &str = "(index, index) -> index";

impl<'a> Kernel<'a> {
    fn new(dot: &'a Dot, tiles: Tiles, names: &'a mut usize) -> Kernel<'a> {
        Kernel { dot, tiles, names, out: String::new(), constants: BTreeMap::new(), positions: HashMap::new(), indent: 2 }
    }

    fn fresh(&mut self) -> String {
        *self.names += 1;
        format!("td{}", self.names)
    }

    fn line(&mut self, text: &str) {
        let _ = writeln!(self.out, "{:w$}{text}", "", w = self.indent);
    }

    fn constant(&mut self, v: i64) -> String {
        if let Some(n) = self.constants.get(&v) {
            return n.clone();
        }
        let n = self.fresh();
        self.constants.insert(v, n.clone());
        n
    }

    fn index_op(&mut self, op: &str, a: &str, b: &str) -> String {
        let n = self.fresh();
        self.line(&format!("%{n} = \"arith.{op}\"(%{a}, %{b}) : {INDEX2}"));
        n
    }

    /// `tx`/`ty` are the block's thread ids.
    fn ix(&mut self, e: &Ix, tx: &str, ty: &str) -> String {
        let key = format!("{e:?}");
        if let Some(v) = self.positions.get(&key) {
            return v.clone();
        }
        let v = self.ix_new(e, tx, ty);
        self.positions.insert(key, v.clone());
        v
    }

    fn ix_new(&mut self, e: &Ix, tx: &str, ty: &str) -> String {
        match e {
            Ix::Tx => tx.to_string(),
            Ix::Ty => ty.to_string(),
            Ix::Const(c) => self.constant(*c),
            Ix::Add(a, b) => {
                if let Ix::Const(0) = **b {
                    return self.ix(a, tx, ty);
                }
                let (a, b) = (self.ix(a, tx, ty), self.ix(b, tx, ty));
                self.index_op("addi", &a, &b)
            }
            Ix::Mul(a, n) => {
                let (a, n) = (self.ix(a, tx, ty), self.constant(*n));
                self.index_op("muli", &a, &n)
            }
            Ix::Div(a, n) => {
                let (a, n) = (self.ix(a, tx, ty), self.constant(*n));
                self.index_op("divui", &a, &n)
            }
            Ix::Rem(a, n) => {
                let (a, n) = (self.ix(a, tx, ty), self.constant(*n));
                self.index_op("remui", &a, &n)
            }
        }
    }

    /// `min(v, last)` when `clamp` (a size that is not a multiple of its tile), else `v`.
    fn clamped(&mut self, v: String, last: i64, clamp: bool) -> String {
        if !clamp {
            return v;
        }
        let l = self.constant(last);
        self.index_op("minui", &v, &l)
    }

    fn load(&mut self, memref: &str, ty: &str, indices: &[String]) -> String {
        let n = self.fresh();
        let element = self.dot.element.clone();
        let idx: Vec<String> = indices.iter().map(|i| format!("%{i}")).collect();
        let types = vec!["index"; indices.len()].join(", ");
        self.line(&format!("%{n} = \"memref.load\"(%{memref}, {}) : ({ty}, {types}) -> {element}", idx.join(", ")));
        n
    }

    fn store(&mut self, value: &str, memref: &str, ty: &str, indices: &[String]) {
        let element = self.dot.element.clone();
        let idx: Vec<String> = indices.iter().map(|i| format!("%{i}")).collect();
        let types = vec!["index"; indices.len()].join(", ");
        self.line(&format!("\"memref.store\"(%{value}, %{memref}, {}) : ({element}, {ty}, {types}) -> ()", idx.join(", ")));
    }

    fn shared_type(&self, rows: i64, cols: i64) -> String {
        format!("memref<{rows}x{cols}x{}, #gpu.address_space<workgroup>>", self.dot.element)
    }

    /// Stores the output at `(batch, i, j)` (inside the product) from its sum `value`,
    /// through a copy of the epilogue if the dot has one.
    fn finish(&mut self, value: &str, batch: &[String], i: &str, j: &str) {
        let mut value = value.to_string();
        if let Some(e) = self.dot.epilogue.clone() {
            let mut renamed = HashMap::from([(e.sum.clone(), value.clone())]);
            for input in &e.inputs {
                let indices: Vec<String> = input
                    .indices
                    .iter()
                    .map(|p| match p {
                        Position::Batch(d) => batch[*d].clone(),
                        Position::Row => i.to_string(),
                        Position::Column => j.to_string(),
                        Position::Zero => self.constant(0),
                    })
                    .collect();
                let element = MemRefType::parse(&input.ty).map(|m| m.element).unwrap_or_default();
                let (n, idx) = (self.fresh(), indices.iter().map(|x| format!("%{x}")).collect::<Vec<_>>());
                let types = vec!["index"; indices.len()].join(", ");
                self.line(&format!("%{n} = \"memref.load\"(%{}{}{}) : ({}{}{types}) -> {element}", input.memref, if idx.is_empty() { "" } else { ", " }, idx.join(", "), input.ty, if idx.is_empty() { "" } else { ", " }));
                renamed.insert(input.arg.clone(), n);
            }
            for op in &e.ops {
                let copy = fresh_copy(op, &mut renamed, &mut || {
                    *self.names += 1;
                    format!("td{}", self.names)
                });
                mlir_text::print::write_op(&mut self.out, &copy, self.indent / 2, "");
            }
            value = renamed.get(&e.result).cloned().unwrap_or(e.result);
        }
        let idx: Vec<String> = batch.iter().cloned().chain([i.to_string(), j.to_string()]).collect();
        let (c, tc) = (self.dot.operands[2].clone(), self.dot.types[2].clone());
        self.store(&value, &c, &tc, &idx);
    }

    /// One `k` of the register tile: `acc[r][c] + a[row r][kk] * b[kk][column c]` from the
    /// shared tiles; the new sums.
    fn multiply_add(&mut self, kk: &str, acc: &[String], rows: &[String], cols: &[String], sa: (&str, &str), sb: (&str, &str)) -> Vec<String> {
        let a: Vec<String> = rows.iter().map(|r| self.load(sa.0, sa.1, &[r.clone(), kk.to_string()])).collect();
        let b: Vec<String> = cols.iter().map(|c| self.load(sb.0, sb.1, &[kk.to_string(), c.clone()])).collect();
        let element = self.dot.element.clone();
        let float2 = format!("({element}, {element}) -> {element}");
        let mut sums = Vec::new();
        for (r, a) in a.iter().enumerate() {
            for (c, b) in b.iter().enumerate() {
                let (p, s) = (self.fresh(), self.fresh());
                self.line(&format!("%{p} = \"arith.mulf\"(%{a}, %{b}) <{{fastmath = #arith.fastmath<contract>}}> : {float2}"));
                self.line(&format!("%{s} = \"arith.addf\"(%{}, %{p}) <{{fastmath = #arith.fastmath<contract>}}> : {float2}", acc[r * cols.len() + c]));
                sums.push(s);
            }
        }
        sums
    }

    /// Writes the kernel: grid constants, then the launch.
    fn text(mut self) -> String {
        let t = self.tiles;
        let (m, n, k) = (self.dot.m, self.dot.n, self.dot.k);
        let batch_count: i64 = self.dot.batch.iter().product();
        let grid = t.grid(m, n, batch_count);
        let (clamp_m, clamp_n, clamp_k) = (m % t.bm() != 0, n % t.bn() != 0, k % t.bk != 0);
        let [a, b, c] = self.dot.operands.clone();
        let [ta, tb, tc] = self.dot.types.clone();
        let element = self.dot.element.clone();
        let (sa_ty, sb_ty) = (self.shared_type(t.bm(), t.bk), self.shared_type(t.bk, t.bn()));

        // The launch's sizes: host constants, one per value.
        let mut host_constants: BTreeMap<i64, String> = BTreeMap::new();
        let sizes: Vec<String> = [grid[0], grid[1], grid[2], t.tx, t.ty, 1].iter().map(|&v| host_constants.entry(v).or_insert_with(|| self.fresh()).clone()).collect();
        let mut host = String::new();
        for (v, name) in &host_constants {
            let _ = writeln!(host, "%{name} = \"arith.constant\"() <{{value = {v} : index}}> : () -> index");
        }
        let args: Vec<String> = (0..12).map(|_| self.fresh()).collect();
        let (sa, sb) = (self.fresh(), self.fresh());
        let (bx, by, bz, tx, ty) = (args[0].clone(), args[1].clone(), args[2].clone(), args[3].clone(), args[4].clone());

        // Which product and which output tile this block computes.
        let tiles_n = ceil_div(n, t.bn());
        let (tile_col, batch_linear) = if grid[2] == batch_count {
            (bx.clone(), bz.clone())
        } else {
            let tn = self.constant(tiles_n);
            (self.index_op("remui", &bx, &tn), self.index_op("divui", &bx, &tn))
        };
        let mut batch = Vec::new();
        let mut stride: i64 = batch_count;
        for (d, &count) in self.dot.batch.clone().iter().enumerate() {
            stride /= count;
            let mut v = batch_linear.clone();
            if stride != 1 {
                let s = self.constant(stride);
                v = self.index_op("divui", &v, &s);
            }
            if d > 0 {
                let c = self.constant(count);
                v = self.index_op("remui", &v, &c);
            }
            batch.push(v);
        }
        let (cbm, cbn) = (self.constant(t.bm()), self.constant(t.bn()));
        let row0 = self.index_op("muli", &by, &cbm);
        let col0 = self.index_op("muli", &tile_col, &cbn);

        // Each thread's positions in the tiles, and the rows and columns it loads.
        let mut a_loads = Vec::new();
        for q in 0..t.loads_a() {
            let (r, kk) = t.a_load(q);
            let (r, kk) = (self.ix(&r, &tx, &ty), self.ix(&kk, &tx, &ty));
            let row = self.index_op("addi", &row0, &r);
            let row = self.clamped(row, m - 1, clamp_m);
            a_loads.push((r, kk, row));
        }
        let mut b_loads = Vec::new();
        for q in 0..t.loads_b() {
            let (kk, cl) = t.b_load(q);
            let (kk, cl) = (self.ix(&kk, &tx, &ty), self.ix(&cl, &tx, &ty));
            let col = self.index_op("addi", &col0, &cl);
            let col = self.clamped(col, n - 1, clamp_n);
            b_loads.push((kk, cl, col));
        }
        let rows: Vec<String> = (0..t.tm).map(|r| self.ix(&t.out_row(r), &tx, &ty)).collect();
        let cols: Vec<String> = (0..t.tn).map(|c| self.ix(&t.out_col(c), &tx, &ty)).collect();
        let out_rows: Vec<String> = rows.iter().map(|r| self.index_op("addi", &row0, r)).collect();
        let out_cols: Vec<String> = cols.iter().map(|c| self.index_op("addi", &col0, c)).collect();

        // The accumulators start from the output's values (clamped reads outside it).
        let mut acc = Vec::new();
        for r in 0..t.tm as usize {
            for cc in 0..t.tn as usize {
                let i = self.clamped(out_rows[r].clone(), m - 1, clamp_m);
                let j = self.clamped(out_cols[cc].clone(), n - 1, clamp_n);
                let idx: Vec<String> = batch.iter().cloned().chain([i, j]).collect();
                acc.push(self.load(&c, &tc, &idx));
            }
        }
        let acc_types = vec![element.as_str(); acc.len()].join(", ");

        // for k0 in (0..k).step_by(bk): stage both tiles, then multiply-add from them.
        let (c0, cbk, ck) = (self.constant(0), self.constant(t.bk), self.constant(k));
        let outer = self.fresh();
        let k0 = self.fresh();
        let outer_acc: Vec<String> = acc.iter().map(|_| self.fresh()).collect();
        let inits: Vec<String> = acc.iter().map(|v| format!("%{v}")).collect();
        self.line(&format!("%{outer}:{} = \"scf.for\"(%{c0}, %{ck}, %{cbk}, {}) ({{", acc.len(), inits.join(", ")));
        let block_args: Vec<String> = outer_acc.iter().map(|v| format!("%{v}: {element}")).collect();
        self.line(&format!("^bb0(%{k0}: index, {}):", block_args.join(", ")));
        self.indent += 2;
        for (r, kk, row) in a_loads.clone() {
            let kg = self.index_op("addi", &k0, &kk);
            let kg = self.clamped(kg, k - 1, clamp_k);
            let idx: Vec<String> = batch.iter().cloned().chain([row, kg]).collect();
            let v = self.load(&a, &ta, &idx);
            self.store(&v, &sa, &sa_ty, &[r, kk]);
        }
        for (kk, cl, col) in b_loads.clone() {
            let kg = self.index_op("addi", &k0, &kk);
            let kg = self.clamped(kg, k - 1, clamp_k);
            let idx: Vec<String> = batch.iter().cloned().chain([kg, col]).collect();
            let v = self.load(&b, &tb, &idx);
            self.store(&v, &sb, &sb_ty, &[kk, cl]);
        }
        self.line("\"gpu.barrier\"() : () -> ()");
        // A whole step is written out (LLVM leaves the loop rolled); when `k` is not a
        // multiple of the step, a loop whose last trip stops at `k` (the tile's further
        // columns are clamped copies).
        let results = if clamp_k {
            let left = self.index_op("subi", &ck, &k0);
            let steps = self.index_op("minui", &left, &cbk);
            let c1 = self.constant(1);
            let inner = self.fresh();
            let kk = self.fresh();
            let inner_acc: Vec<String> = acc.iter().map(|_| self.fresh()).collect();
            let inits: Vec<String> = outer_acc.iter().map(|v| format!("%{v}")).collect();
            self.line(&format!("%{inner}:{} = \"scf.for\"(%{c0}, %{steps}, %{c1}, {}) ({{", acc.len(), inits.join(", ")));
            let block_args: Vec<String> = inner_acc.iter().map(|v| format!("%{v}: {element}")).collect();
            self.line(&format!("^bb0(%{kk}: index, {}):", block_args.join(", ")));
            self.indent += 2;
            let sums = self.multiply_add(&kk, &inner_acc, &rows, &cols, (&sa, &sa_ty), (&sb, &sb_ty));
            let sums: Vec<String> = sums.iter().map(|v| format!("%{v}")).collect();
            self.line(&format!("\"scf.yield\"({}) : ({acc_types}) -> ()", sums.join(", ")));
            self.indent -= 2;
            self.line(&format!("}}) : (index, index, index, {acc_types}) -> ({acc_types})"));
            (0..acc.len()).map(|x| format!("%{inner}#{x}")).collect::<Vec<_>>()
        } else {
            let mut sums = outer_acc.clone();
            for step in 0..t.bk {
                let kk = self.constant(step);
                sums = self.multiply_add(&kk, &sums, &rows, &cols, (&sa, &sa_ty), (&sb, &sb_ty));
            }
            sums.iter().map(|v| format!("%{v}")).collect()
        };
        // No thread overwrites the tiles of this step before every thread has read them.
        self.line("\"gpu.barrier\"() : () -> ()");
        self.line(&format!("\"scf.yield\"({}) : ({acc_types}) -> ()", results.join(", ")));
        self.indent -= 2;
        self.line(&format!("}}) : (index, index, index, {acc_types}) -> ({acc_types})"));

        // Stores, skipping outputs outside the product.
        for r in 0..t.tm as usize {
            for cc in 0..t.tn as usize {
                let value = format!("{outer}#{}", r * t.tn as usize + cc);
                let (i, j) = (out_rows[r].clone(), out_cols[cc].clone());
                if !clamp_m && !clamp_n {
                    self.finish(&value, &batch, &i, &j);
                    continue;
                }
                let mut conditions = Vec::new();
                for (v, size, clamp) in [(&out_rows[r], m, clamp_m), (&out_cols[cc], n, clamp_n)] {
                    if clamp {
                        let (s, b) = (self.constant(size), self.fresh());
                        self.line(&format!("%{b} = \"arith.cmpi\"(%{v}, %{s}) <{{predicate = 6 : i64}}> : (index, index) -> i1"));
                        conditions.push(b);
                    }
                }
                let mut inside = conditions[0].clone();
                if let Some(other) = conditions.get(1) {
                    let both = self.fresh();
                    self.line(&format!("%{both} = \"arith.andi\"(%{inside}, %{other}) : (i1, i1) -> i1"));
                    inside = both;
                }
                self.line(&format!("\"scf.if\"(%{inside}) ({{"));
                self.indent += 2;
                self.finish(&value, &batch, &i, &j);
                self.line("\"scf.yield\"() : () -> ()");
                self.indent -= 2;
                self.line("}, {\n  }) : (i1) -> ()");
            }
        }
        self.line("\"gpu.terminator\"() : () -> ()");

        let mut constants = String::new();
        for (v, name) in &self.constants {
            let _ = writeln!(constants, "    %{name} = \"arith.constant\"() <{{value = {v} : index}}> : () -> index");
        }
        let region_args: Vec<String> = args.iter().map(|a| format!("%{a}: index")).collect();
        let operands: Vec<String> = sizes.iter().map(|name| format!("%{name}")).collect();
        format!(
            "{host}\"gpu.launch\"({}) <{{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>}}> ({{\n^bb0({}, %{sa}: {sa_ty}, %{sb}: {sb_ty}):\n{constants}{}}}) {{workgroup_attributions = 2 : i64}} : (index, index, index, index, index, index) -> ()\n",
            operands.join(", "),
            region_args.join(", "),
            self.out
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kernel's schedule over a simulated grid, block by block and thread by thread, with
    /// the geometry's own formulas: `c` (`batch` x `m` x `n`, row-major) gets what each thread
    /// stores; returns how often each output was stored. Panics when a thread reads or
    /// writes outside its tiles or a shared tile is not written exactly once per step.
    fn simulate(t: Tiles, batch: i64, m: i64, n: i64, k: i64, a: &[f32], b: &[f32], c: &mut [f32]) -> Vec<u32> {
        let grid = t.grid(m, n, batch);
        let tiles_n = ceil_div(n, t.bn());
        let initial = c.to_vec();
        let mut stores = vec![0; c.len()];
        let threads: Vec<(i64, i64)> = (0..t.ty).flat_map(|y| (0..t.tx).map(move |x| (x, y))).collect();
        let outputs: Vec<(i64, i64)> = (0..t.tm).flat_map(|r| (0..t.tn).map(move |cc| (r, cc))).collect();
        for gz in 0..grid[2] {
            for gy in 0..grid[1] {
                for gx in 0..grid[0] {
                    let (tile_col, l) = if grid[2] == batch { (gx, gz) } else { (gx % tiles_n, gx / tiles_n) };
                    let (row0, col0) = (gy * t.bm(), tile_col * t.bn());
                    let mut acc: Vec<Vec<f32>> = threads
                        .iter()
                        .map(|&(x, y)| {
                            let at = |&(r, cc): &(i64, i64)| {
                                let (i, j) = ((row0 + t.out_row(r).eval(x, y)).min(m - 1), (col0 + t.out_col(cc).eval(x, y)).min(n - 1));
                                initial[((l * m + i) * n + j) as usize]
                            };
                            outputs.iter().map(at).collect()
                        })
                        .collect();
                    for k0 in (0..k).step_by(t.bk as usize) {
                        let mut sa = vec![(f32::NAN, 0); (t.bm() * t.bk) as usize];
                        let mut sb = vec![(f32::NAN, 0); (t.bk * t.bn()) as usize];
                        for &(x, y) in &threads {
                            for q in 0..t.loads_a() {
                                let (r, kk) = t.a_load(q);
                                let (r, kk) = (r.eval(x, y), kk.eval(x, y));
                                assert!(r < t.bm() && kk < t.bk, "{t:?}: A tile load ({r}, {kk})");
                                let (row, kg) = ((row0 + r).min(m - 1), (k0 + kk).min(k - 1));
                                let slot = &mut sa[(r * t.bk + kk) as usize];
                                *slot = (a[((l * m + row) * k + kg) as usize], slot.1 + 1);
                            }
                            for q in 0..t.loads_b() {
                                let (kk, cl) = t.b_load(q);
                                let (kk, cl) = (kk.eval(x, y), cl.eval(x, y));
                                assert!(kk < t.bk && cl < t.bn(), "{t:?}: B tile load ({kk}, {cl})");
                                let (kg, col) = ((k0 + kk).min(k - 1), (col0 + cl).min(n - 1));
                                let slot = &mut sb[(kk * t.bn() + cl) as usize];
                                *slot = (b[((l * k + kg) * n + col) as usize], slot.1 + 1);
                            }
                        }
                        assert!(sa.iter().chain(&sb).all(|s| s.1 == 1), "{t:?}: a shared tile element not loaded exactly once");
                        let steps = (k - k0).min(t.bk);
                        for (&(x, y), acc) in threads.iter().zip(&mut acc) {
                            for kk in 0..steps {
                                for (v, &(r, cc)) in acc.iter_mut().zip(&outputs) {
                                    let (row, col) = (t.out_row(r).eval(x, y), t.out_col(cc).eval(x, y));
                                    *v = sa[(row * t.bk + kk) as usize].0.mul_add(sb[(kk * t.bn() + col) as usize].0, *v);
                                }
                            }
                        }
                    }
                    for (&(x, y), acc) in threads.iter().zip(&acc) {
                        for (v, &(r, cc)) in acc.iter().zip(&outputs) {
                            let (i, j) = (row0 + t.out_row(r).eval(x, y), col0 + t.out_col(cc).eval(x, y));
                            if i < m && j < n {
                                let at = ((l * m + i) * n + j) as usize;
                                c[at] = *v;
                                stores[at] += 1;
                            }
                        }
                    }
                }
            }
        }
        stores
    }

    /// Small integers: every sum is exact, so any misplaced term shows.
    fn values(len: i64, seed: i64) -> Vec<f32> {
        (0..len).map(|x| ((x * 7 + seed * 13) % 11 - 5) as f32).collect()
    }

    fn check(t: Tiles, batch: i64, m: i64, n: i64, k: i64) {
        let (a, b) = (values(batch * m * k, 1), values(batch * k * n, 2));
        let mut c = values(batch * m * n, 3);
        let mut expected = c.clone();
        for l in 0..batch {
            for i in 0..m {
                for j in 0..n {
                    let e = &mut expected[((l * m + i) * n + j) as usize];
                    for kk in 0..k {
                        *e = a[((l * m + i) * k + kk) as usize].mul_add(b[((l * k + kk) * n + j) as usize], *e);
                    }
                }
            }
        }
        let stores = simulate(t, batch, m, n, k, &a, &b, &mut c);
        assert!(stores.iter().all(|&s| s == 1), "{t:?} {batch}x{m}x{n}x{k}: an output not stored exactly once");
        assert_eq!(c, expected, "{t:?} {batch}x{m}x{n}x{k}");
    }

    #[test]
    fn the_tiled_schedule_computes_the_product_for_whole_and_partial_tiles() {
        for (batch, m, n, k) in [(1, 64, 64, 16), (1, 128, 64, 48), (1, 100, 33, 70), (3, 17, 130, 35), (2, 5, 7, 3), (1, 1, 1, 1)] {
            check(Tiles::DEFAULT, batch, m, n, k);
        }
    }

    #[test]
    fn other_geometries_cover_their_tiles() {
        let t = Tiles { tx: 8, ty: 4, tm: 2, tn: 3, bk: 4 };
        for (batch, m, n, k) in [(1, 8, 24, 4), (2, 13, 50, 9)] {
            check(t, batch, m, n, k);
        }
    }

    #[test]
    fn a_batch_past_the_grid_z_limit_folds_into_x() {
        let t = Tiles { tx: 2, ty: 2, tm: 1, tn: 1, bk: 2 };
        assert_eq!(t.grid(3, 3, 65536), [2 * 65536, 2, 1]);
        check(t, 65536, 1, 3, 1);
    }
}
