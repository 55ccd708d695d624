//! The xhlo e-graph language.
//!
//! Each modelled xhlo op is a variant named by its op name; its operands are children, and
//! the static attributes rules look at are children too, as leaf nodes ([`Dims`], [`Ty`],
//! `Sym`), so a pattern such as `(transpose ?perm (transpose ?inner ?x))` binds them.
//! Attribute layout per variant (children in order):
//!
//! | variant | children |
//! | --- | --- |
//! | element-wise unary (`negate`, `tanh`, ...) | `x` |
//! | element-wise binary (`add`, `multiply`, ...) | `lhs rhs` |
//! | `select`, `clamp` | three operands as in xhlo |
//! | `transpose` | `permutation x` |
//! | `reshape`, `convert` | `result-type x` |
//! | `broadcast_in_dim` | `result-type broadcast_dimensions x` |
//! | `slice` | `start_indices limit_indices strides x` |
//! | `compare` | `comparison_direction compare_type x y` (`none` when no type is given) |
//! | `reduce` | `dimensions body x init` (one input; the body is a [`BodyId`] leaf) |
//! | `op` | `name attributes result-type operands...`: any other pure single-result xhlo op without regions |
//!
//! Constants are [`LitKey`] leaves. Everything the e-graph does not model (side-effecting
//! ops, ops with regions other than a one-input reduce, multi-result ops, other dialects)
//! stays outside: each of its results is a [`LeafId`] leaf, unique per value, so it is never
//! merged with anything else and is re-emitted verbatim, in order, by [`super::convert`].
//!
//! A fused kernel is `(fusion ^kernelN operands...)`: the [`KernelId`] leaf indexes a
//! [`super::kernel::Kernel`] (kind and body), whose body is a term of this same language over
//! [`ArgId`] leaves (`$0`, `$1`, ...) standing for the operands.

use egg::{define_language, Id, Symbol};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::fmt;
use std::mem::Discriminant;
use std::str::FromStr;

/// A list of dimensions (`array<i64: ...>`), printed `[1,0,2]`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Dims(pub Vec<i64>);

impl fmt::Display for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.iter().map(|d| d.to_string()).collect();
        write!(f, "[{}]", parts.join(","))
    }
}

impl FromStr for Dims {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let inner = s.strip_prefix('[').and_then(|s| s.strip_suffix(']')).ok_or("not a dimension list")?;
        if inner.is_empty() {
            return Ok(Dims(vec![]));
        }
        inner.split(',').map(|d| d.trim().parse::<i64>().map_err(|e| e.to_string())).collect::<Result<_, _>>().map(Dims)
    }
}

/// A type, as MLIR text (`tensor<2x3xf32>`), printed `:tensor<2x3xf32>`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ty(pub String);

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, ":{}", self.0)
    }
}

impl FromStr for Ty {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        s.strip_prefix(':').map(|t| Ty(t.to_string())).ok_or_else(|| "not a type".to_string())
    }
}

/// A constant: the `dense<...>` body (canonical when the literal is small) and its type.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LitKey {
    pub body: String,
    pub ty: String,
}

impl fmt::Display for LitKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "dense<{}>:{}", self.body, self.ty)
    }
}

impl FromStr for LitKey {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let rest = s.strip_prefix("dense<").ok_or("not a constant")?;
        let split = rest.rfind(">:").ok_or("not a constant")?;
        Ok(LitKey { body: rest[..split].to_string(), ty: rest[split + 2..].to_string() })
    }
}

macro_rules! index_leaf {
    ($name:ident, $prefix:literal, $doc:literal) => {
        #[doc = $doc]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub u32);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }

        impl FromStr for $name {
            type Err = String;
            fn from_str(s: &str) -> Result<Self, String> {
                s.strip_prefix($prefix)
                    .and_then(|n| n.parse().ok())
                    .map($name)
                    .ok_or_else(|| concat!("not a ", $prefix, " leaf").to_string())
            }
        }
    };
}

index_leaf!(LeafId, "%leaf", "A value the e-graph does not look into (a block argument or a result of an op kept outside); index into [`super::analysis::XhloAnalysis::leaves`].");
index_leaf!(AttrSetId, "#attrs", "The attributes of an `op` node; index into [`super::analysis::XhloAnalysis::attr_sets`].");
index_leaf!(BodyId, "^body", "The region of a `reduce`; index into [`super::analysis::XhloAnalysis::bodies`].");
index_leaf!(KernelId, "^kernel", "The kind and body of a `fusion` node; index into [`super::analysis::XhloAnalysis::kernels`].");
index_leaf!(ArgId, "$", "Operand N of the fused kernel whose body holds this leaf (only in kernel bodies, never in the e-graph).");

define_language! {
    /// xhlo ops in the e-graph (see the module documentation for the children of each).
    pub enum Xhlo {
        // Element-wise unary.
        "abs" = Abs([Id; 1]),
        "negate" = Negate([Id; 1]),
        "not" = Not([Id; 1]),
        "exponential" = Exponential([Id; 1]),
        "exponential_minus_one" = ExponentialMinusOne([Id; 1]),
        "log" = Log([Id; 1]),
        "log_plus_one" = LogPlusOne([Id; 1]),
        "logistic" = Logistic([Id; 1]),
        "tanh" = Tanh([Id; 1]),
        "sqrt" = Sqrt([Id; 1]),
        "rsqrt" = Rsqrt([Id; 1]),
        "cbrt" = Cbrt([Id; 1]),
        "sine" = Sine([Id; 1]),
        "cosine" = Cosine([Id; 1]),
        "tan" = Tan([Id; 1]),
        "sign" = Sign([Id; 1]),
        "floor" = Floor([Id; 1]),
        "ceil" = Ceil([Id; 1]),
        "round_nearest_afz" = RoundNearestAfz([Id; 1]),
        "round_nearest_even" = RoundNearestEven([Id; 1]),
        "is_finite" = IsFinite([Id; 1]),
        "popcnt" = Popcnt([Id; 1]),
        "count_leading_zeros" = CountLeadingZeros([Id; 1]),
        "real" = Real([Id; 1]),
        "imag" = Imag([Id; 1]),
        // Element-wise binary.
        "add" = Add([Id; 2]),
        "subtract" = Subtract([Id; 2]),
        "multiply" = Multiply([Id; 2]),
        "divide" = Divide([Id; 2]),
        "remainder" = Remainder([Id; 2]),
        "maximum" = Maximum([Id; 2]),
        "minimum" = Minimum([Id; 2]),
        "power" = Power([Id; 2]),
        "atan2" = Atan2([Id; 2]),
        "and" = And([Id; 2]),
        "or" = Or([Id; 2]),
        "xor" = Xor([Id; 2]),
        "shift_left" = ShiftLeft([Id; 2]),
        "shift_right_arithmetic" = ShiftRightArithmetic([Id; 2]),
        "shift_right_logical" = ShiftRightLogical([Id; 2]),
        "complex" = Complex([Id; 2]),
        // Element-wise, other.
        "select" = Select([Id; 3]),
        "clamp" = Clamp([Id; 3]),
        "compare" = Compare([Id; 4]),
        "convert" = Convert([Id; 2]),
        // Data movement.
        "transpose" = Transpose([Id; 2]),
        "reshape" = Reshape([Id; 2]),
        "broadcast_in_dim" = BroadcastInDim([Id; 3]),
        "slice" = Slice([Id; 4]),
        // Reductions.
        "reduce" = Reduce([Id; 4]),
        // Any other pure, single-result, region-free xhlo op.
        "op" = Op(Box<[Id]>),
        // A fused kernel: `kernel operands...`.
        "fusion" = Fusion(Box<[Id]>),
        // Leaves.
        Dims(Dims),
        Ty(Ty),
        Lit(LitKey),
        Leaf(LeafId),
        AttrSet(AttrSetId),
        Body(BodyId),
        Kernel(KernelId),
        Arg(ArgId),
        Num(i64),
        Sym(Symbol),
    }
}

impl Xhlo {
    /// True for leaves that stand for attributes rather than values.
    pub fn is_attribute_leaf(&self) -> bool {
        matches!(self, Xhlo::Dims(_) | Xhlo::Ty(_) | Xhlo::AttrSet(_) | Xhlo::Body(_) | Xhlo::Kernel(_) | Xhlo::Num(_) | Xhlo::Sym(_))
    }

    /// Builds an explicit element-wise node from its op name and operands: for a catalogue
    /// op that is element-wise, takes no attributes, gets `operands.len()` operands and has a
    /// variant of its own here (others become the generic `op` node).
    pub fn elementwise(name: &str, operands: &[Id]) -> Option<Xhlo> {
        use egg::FromOp;
        let def = xhlo_ir::catalogue::lookup(name)?;
        if def.elementwise_arity() == Some(operands.len()) && def.attrs.is_empty() {
            Xhlo::from_op(name, operands.to_vec()).ok()
        } else {
            None
        }
    }

    /// The xhlo op name of a value-producing node (`None` for leaves and the generic `op`,
    /// whose name is its first child).
    pub fn op_name(&self) -> Option<&'static str> {
        match self {
            Xhlo::Dims(_) | Xhlo::Ty(_) | Xhlo::Lit(_) | Xhlo::Leaf(_) | Xhlo::AttrSet(_) | Xhlo::Body(_) | Xhlo::Kernel(_) | Xhlo::Arg(_) | Xhlo::Num(_) | Xhlo::Sym(_) => None,
            Xhlo::Op(_) => None,
            other => Some(variant_name(other)),
        }
    }
}

/// A variant's name as `Display` writes it, kept once per variant: the fusion rules ask for
/// op names in their inner loops, and formatting a `String` each time was a visible share.
fn variant_name(node: &Xhlo) -> &'static str {
    thread_local! {
        static NAMES: RefCell<FxHashMap<Discriminant<Xhlo>, &'static str>> = RefCell::default();
    }
    NAMES.with(|names| {
        *names.borrow_mut().entry(std::mem::discriminant(node)).or_insert_with(|| {
            let name = node.to_string();
            // The catalogue's own name (every variant is a catalogue op today); a name it
            // lacks would be leaked, once per variant and thread.
            xhlo_ir::catalogue::lookup(&name).map(|d| d.name).unwrap_or_else(|| name.leak())
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use egg::RecExpr;

    /// The explicit element-wise variants are catalogue ops of the same arity; every other
    /// attribute-free element-wise op (`erf`, ...) is left to the generic `op` node.
    #[test]
    fn elementwise_variants_follow_the_catalogue() {
        let ids = [Id::from(0usize), Id::from(1usize), Id::from(2usize)];
        let mut explicit = 0;
        for def in xhlo_ir::catalogue::all().filter(|d| d.is_elementwise() && d.attrs.is_empty()) {
            let n = def.operands.len();
            if let Some(node) = Xhlo::elementwise(def.name, &ids[..n]) {
                assert_eq!(node.op_name(), Some(def.name));
                explicit += 1;
            }
            assert!(Xhlo::elementwise(def.name, &ids[..n - 1]).is_none(), "{} with too few operands", def.name);
        }
        assert!(Xhlo::elementwise("add", &ids[..2]).is_some() && Xhlo::elementwise("erf", &ids[..1]).is_none());
        assert!(Xhlo::elementwise("compare", &ids[..2]).is_none(), "compare has attributes");
        assert!(explicit >= 40, "{explicit} explicit element-wise variants");
    }

    #[test]
    fn attribute_leaves_round_trip_through_text() {
        let e: RecExpr<Xhlo> = "(transpose [1,0] (reshape :tensor<2x3xf32> ^body0))".parse().unwrap();
        assert_eq!(e.to_string(), "(transpose [1,0] (reshape :tensor<2x3xf32> ^body0))");
        assert_eq!("dense<1.0>:tensor<f32>".parse::<LitKey>().unwrap(), LitKey { body: "1.0".into(), ty: "tensor<f32>".into() });
    }
}
