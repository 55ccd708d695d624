//! Writes the lowered function body as MLIR text: the typed ops of [`crate::build`] and, for
//! the lowerings not yet moved to it, string lines in the upstream dialects' pretty forms
//! (fresh value names, `tensor.empty`, constants, and `linalg.generic` with a scalar body).

use crate::types;
use mlir_text::Pos;
use xhlo_ir::{ElementType, TensorType};

/// One function's body being written.
pub struct Emitter {
    pub out: String,
    next: usize,
    pub(crate) indent: usize,
    /// The location of the xhlo op being lowered, given to every op and line it emits.
    pub loc: Location,
}

/// A source position in a file: `loc("file":line:col)`.
#[derive(Clone, Debug, Default)]
pub struct Location {
    /// `None` writes no locations.
    pub file: Option<String>,
    pub pos: Pos,
}

/// `loc("file":line:col)`, or nothing without a file.
impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut text = String::new();
        if let Some(file) = &self.file {
            mlir_text::print::write_loc(&mut text, file, self.pos);
        }
        f.write_str(&text)
    }
}

/// How an operand of a `linalg.generic` is indexed.
#[derive(Clone, Debug)]
pub struct Operand {
    pub value: String,
    pub ty: TensorType,
    /// The indexing map's results, e.g. `"d0, d1"`, `""` for a scalar, `"d1"` for a
    /// broadcast along d0.
    pub map: String,
}

impl Operand {
    /// An operand read at the loop's own position (identity map over `rank` loops).
    pub fn identity(value: impl Into<String>, ty: &TensorType) -> Operand {
        Operand { value: value.into(), ty: ty.clone(), map: dims(ty.rank()) }
    }
}

/// `v` as a comma-separated list (`1, 2, 3`).
pub fn list<T: ToString>(v: &[T]) -> String {
    v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
}

/// A slice's offsets, sizes and (unit) strides as the `tensor` dialect writes them.
fn slice_lists(offsets: &[i64], sizes: &[i64]) -> (String, String, String) {
    (list(offsets), list(sizes), list(&vec![1; sizes.len()]))
}

/// `d0, d1, ..., d{n-1}`.
pub fn dims(n: usize) -> String {
    (0..n).map(|i| format!("d{i}")).collect::<Vec<_>>().join(", ")
}

impl Emitter {
    pub fn new(indent: usize) -> Emitter {
        Emitter { out: String::new(), next: 0, indent, loc: Location::default() }
    }

    /// A fresh SSA name without its `%`, `hint_N`.
    pub(crate) fn next_name(&mut self, hint: &str) -> String {
        self.next += 1;
        format!("{hint}_{}", self.next)
    }

    /// A fresh SSA name, `%hint_N`.
    pub fn fresh(&mut self, hint: &str) -> String {
        format!("%{}", self.next_name(hint))
    }

    /// Writes one line at the current indentation, with the current location.
    pub fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        if self.loc.file.is_some() && !text.ends_with('{') && !text.starts_with('}') && !text.starts_with('^') {
            self.out.push_str(&format!(" {}", self.loc));
        }
        self.out.push('\n');
    }

    /// Indents the following lines one level more (the body of a nested region).
    pub fn enter(&mut self) {
        self.indent += 1;
    }

    /// Ends [`Emitter::enter`].
    pub fn leave(&mut self) {
        self.indent -= 1;
    }

    /// Runs `body` with the lines it writes indented one level deeper (region bodies).
    pub fn nested<T>(&mut self, body: impl FnOnce(&mut Emitter) -> T) -> T {
        self.indent += 1;
        let result = body(self);
        self.indent -= 1;
        result
    }

    /// Emits `%fresh = rhs` and returns the name.
    pub fn op(&mut self, hint: &str, rhs: &str) -> String {
        let name = self.fresh(hint);
        self.line(&format!("{name} = {rhs}"));
        name
    }

    /// `value` (of type `from`) seen as type `to`: a `tensor.expand_shape` when `to` has more
    /// dimensions, else a `tensor.collapse_shape`; each dimension of the lower-rank type is
    /// the `groups` entry (reassociation) of the higher-rank one's.
    pub fn reshape(&mut self, hint: &str, value: &str, from: &TensorType, to: &TensorType, groups: &[Vec<usize>]) -> String {
        let list = |xs: &mut dyn Iterator<Item = String>| xs.collect::<Vec<_>>().join(", ");
        let groups = list(&mut groups.iter().map(|g| format!("[{}]", list(&mut g.iter().map(|d| d.to_string())))));
        let (from_text, to_text) = (types::tensor(from), types::tensor(to));
        if to.rank() > from.rank() {
            let shape = list(&mut to.dims.iter().map(|d| d.to_string()));
            self.op(hint, &format!("tensor.expand_shape {value} [{groups}] output_shape [{shape}] : {from_text} into {to_text}"))
        } else {
            self.op(hint, &format!("tensor.collapse_shape {value} [{groups}] : {from_text} into {to_text}"))
        }
    }

    /// `tensor.empty()` of the lowered type of `ty`.
    pub fn empty(&mut self, ty: &TensorType) -> String {
        self.op("init", &format!("tensor.empty() : {}", types::tensor(ty)))
    }

    /// A scalar constant of `t`'s storage type.
    pub fn scalar_const(&mut self, t: ElementType, value: &str) -> String {
        let ty = types::storage(t);
        if t.is_complex() {
            return self.op("cst", &format!("complex.constant [{value}, 0.0 : {}] : {ty}", types::storage(t.real_part())));
        }
        self.op("cst", &format!("arith.constant {value} : {ty}"))
    }

    /// Writes a `linalg.generic` with one init (see [`Emitter::generic_multi`]).
    pub fn generic(
        &mut self,
        inputs: &[Operand],
        init: Operand,
        iterators: &[&str],
        body: impl FnOnce(&mut Emitter, &[String]) -> Result<String, String>,
    ) -> Result<String, String> {
        let mut results = self.generic_multi(inputs, vec![init], iterators, |e, args| Ok(vec![body(e, args)?]))?;
        Ok(results.remove(0))
    }

    /// Writes a `linalg.generic` over `iterators.len()` loops whose body is produced by
    /// `body` from the block arguments (one per input, then one per init) and yields one
    /// value per init; returns the result tensors.
    pub fn generic_multi(
        &mut self,
        inputs: &[Operand],
        inits: Vec<Operand>,
        iterators: &[&str],
        body: impl FnOnce(&mut Emitter, &[String]) -> Result<Vec<String>, String>,
    ) -> Result<Vec<String>, String> {
        self.generic_with(inputs, inits, iterators, "", body)
    }

    /// [`Emitter::generic_multi`] with more attributes of the generic (`attrs`: `name = value`
    /// items, e.g. its `library_call`).
    pub fn generic_with(
        &mut self,
        inputs: &[Operand],
        inits: Vec<Operand>,
        iterators: &[&str],
        attrs: &str,
        body: impl FnOnce(&mut Emitter, &[String]) -> Result<Vec<String>, String>,
    ) -> Result<Vec<String>, String> {
        let rank = iterators.len();
        let map = |m: &str| format!("affine_map<({}) -> ({m})>", dims(rank));
        let maps: Vec<String> = inputs.iter().chain(&inits).map(|o| map(&o.map)).collect();
        let iters: Vec<String> = iterators.iter().map(|i| format!("\"{i}\"")).collect();
        let result = self.fresh("gen");
        let ins = if inputs.is_empty() {
            String::new()
        } else {
            let values: Vec<_> = inputs.iter().map(|o| o.value.clone()).collect();
            let tys: Vec<_> = inputs.iter().map(|o| types::tensor(&o.ty)).collect();
            format!("ins({} : {}) ", values.join(", "), tys.join(", "))
        };
        let out_values: Vec<_> = inits.iter().map(|o| o.value.clone()).collect();
        let out_tys: Vec<_> = inits.iter().map(|o| types::tensor(&o.ty)).collect();
        let lhs = if inits.len() == 1 { result.clone() } else { format!("{result}:{}", inits.len()) };
        self.line(&format!(
            "{lhs} = linalg.generic {{indexing_maps = [{}], iterator_types = [{}]{}}} {ins}outs({} : {}) {{",
            maps.join(", "),
            iters.join(", "),
            if attrs.is_empty() { String::new() } else { format!(", {attrs}") },
            out_values.join(", "),
            out_tys.join(", ")
        ));
        let args: Vec<String> = (0..inputs.len() + inits.len()).map(|_| self.fresh("a")).collect();
        let arg_decls: Vec<String> = inputs
            .iter()
            .chain(&inits)
            .zip(&args)
            .map(|(o, a)| format!("{a}: {}", types::storage(o.ty.element)))
            .collect();
        self.line(&format!("^bb0({}):", arg_decls.join(", ")));
        self.indent += 1;
        let yielded = body(self, &args)?;
        let elem_tys: Vec<_> = inits.iter().map(|o| types::storage(o.ty.element)).collect();
        self.line(&format!("linalg.yield {} : {}", yielded.join(", "), elem_tys.join(", ")));
        self.indent -= 1;
        let result_tys = if inits.len() == 1 { out_tys[0].clone() } else { format!("({})", out_tys.join(", ")) };
        self.line(&format!("}} -> {result_tys}"));
        Ok(if inits.len() == 1 { vec![result] } else { (0..inits.len()).map(|i| format!("{result}#{i}")).collect() })
    }

    /// `linalg.fill` of a tensor of `ty` with the scalar `value` (storage type).
    pub fn fill(&mut self, ty: &TensorType, value: &str) -> String {
        let init = self.empty(ty);
        let t = types::tensor(ty);
        self.op("fill", &format!("linalg.fill ins({value} : {}) outs({init} : {t}) -> {t}", types::storage(ty.element)))
    }

    /// The part of `value` (of type `from`) of type `to` starting at `offsets`, unit strides,
    /// named after `hint`.
    pub fn extract_slice(&mut self, hint: &str, value: &str, from: &TensorType, offsets: &[i64], to: &TensorType) -> String {
        let (offsets, sizes, strides) = slice_lists(offsets, &to.dims);
        self.op(
            hint,
            &format!("tensor.extract_slice {value}[{offsets}] [{sizes}] [{strides}] : {} to {}", types::tensor(from), types::tensor(to)),
        )
    }

    /// `into` (of type `into_ty`) with `part` (of type `part_ty`) written at `offsets`, unit
    /// strides (the inverse of [`Emitter::extract_slice`]).
    pub fn insert_slice(&mut self, part: &str, part_ty: &TensorType, into: &str, into_ty: &TensorType, offsets: &[i64]) -> String {
        let (offsets, sizes, strides) = slice_lists(offsets, &part_ty.dims);
        self.op(
            "whole",
            &format!(
                "tensor.insert_slice {part} into {into}[{offsets}] [{sizes}] [{strides}] : {} into {}",
                types::tensor(part_ty),
                types::tensor(into_ty)
            ),
        )
    }

    /// The scalar held by a rank-0 tensor.
    pub fn extract_scalar(&mut self, value: &str, ty: &TensorType) -> String {
        self.op("x", &format!("tensor.extract {value}[] : {}", types::tensor(ty)))
    }
}
