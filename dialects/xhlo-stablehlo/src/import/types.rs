//! StableHLO types to xhlo types: `!stablehlo.token` becomes `!xhlo.token`; static tensors of
//! the element types XLA has (PRED, S2–S64, U2–U64, F16, BF16, F32, F64, C64, C128) and tuples
//! of them pass through. Quantized tensors (`!quant.uniform` elements) become tensors of their
//! storage integers ([`super::quant`]). Everything xhlo cannot represent is an
//! "unsupported: ..." error whose text names the reason (dynamic or unranked shapes, f8/f6/f4
//! floats, quantization features beyond uniform integer storage).

use mlir_text::ast::Type;
use mlir_text::print::type_to_string;

/// Error text for a narrow float; the corpus test classifies errors by this wording.
pub const NARROW_FLOAT: &str = "f8/f6/f4 types";
/// Converts one type, recursively.
pub fn convert_type(t: &Type) -> Result<Type, String> {
    match t {
        Type::Tensor { dims, element, encoding } => {
            if dims.iter().any(|d| d.is_none()) {
                return Err(format!("unsupported: dynamic dimension in {} (xhlo shapes are static)", type_to_string(t)));
            }
            if let Some(enc) = encoding {
                let mut s = String::new();
                mlir_text::print::write_attr(&mut s, enc);
                return Err(format!("unsupported: tensor encoding {s} in {}", type_to_string(t)));
            }
            if let Some(u) = super::quant::of_type(t)? {
                return Ok(Type::Tensor { dims: dims.clone(), element: Box::new(u.storage), encoding: None });
            }
            let element = convert_element(element).map_err(|e| format!("{e} in {}", type_to_string(t)))?;
            Ok(Type::Tensor { dims: dims.clone(), element: Box::new(element), encoding: None })
        }
        Type::UnrankedTensor(_) => Err(format!("unsupported: unranked tensor {}", type_to_string(t))),
        Type::Tuple(elems) => Ok(Type::Tuple(elems.iter().map(convert_type).collect::<Result<_, _>>()?)),
        Type::Function { inputs, results } => Ok(Type::Function {
            inputs: inputs.iter().map(convert_type).collect::<Result<_, _>>()?,
            results: results.iter().map(convert_type).collect::<Result<_, _>>()?,
        }),
        Type::Dialect(name) if name == "stablehlo.token" || name == "xhlo.token" => Ok(Type::Dialect("xhlo.token".into())),
        other => Err(format!("unsupported: type {} (xhlo values are tensors, tuples and tokens)", type_to_string(other))),
    }
}

/// Converts a tensor element type.
pub fn convert_element(t: &Type) -> Result<Type, String> {
    match t {
        Type::Integer { width, signedness: "" } if matches!(width, 1 | 2 | 4 | 8 | 16 | 32 | 64) => Ok(t.clone()),
        Type::Integer { width, signedness: "u" } if matches!(width, 2 | 4 | 8 | 16 | 32 | 64) => Ok(t.clone()),
        Type::Float(name) if matches!(name.as_str(), "f16" | "bf16" | "f32" | "f64") => Ok(t.clone()),
        Type::Float(name) if name.starts_with("f8") || name.starts_with("f6") || name.starts_with("f4") => {
            Err(format!("unsupported: {NARROW_FLOAT} (element type {name})"))
        }
        Type::Complex(e) if matches!(&**e, Type::Float(n) if n == "f32" || n == "f64") => Ok(t.clone()),
        Type::Dialect(name) if name.starts_with("quant.") => Ok(super::quant::Uniform::parse(name)?.storage),
        other => Err(format!("unsupported: element type {}", type_to_string(other))),
    }
}

/// The element type of a tensor type.
pub fn element_of(t: &Type) -> Option<&Type> {
    match t {
        Type::Tensor { element, .. } => Some(element),
        _ => None,
    }
}

/// The static dimensions of a tensor type.
pub fn dims_of(t: &Type) -> Option<Vec<i64>> {
    match t {
        Type::Tensor { dims, .. } => dims.iter().copied().collect(),
        _ => None,
    }
}

/// `tensor<dims x element>`.
pub fn tensor(dims: &[i64], element: Type) -> Type {
    Type::Tensor { dims: dims.iter().map(|&d| Some(d)).collect(), element: Box::new(element), encoding: None }
}

/// The same shape with another element type.
pub fn with_element(t: &Type, element: Type) -> Type {
    match t {
        Type::Tensor { dims, .. } => Type::Tensor { dims: dims.clone(), element: Box::new(element), encoding: None },
        other => other.clone(),
    }
}

pub fn i1() -> Type {
    Type::Integer { width: 1, signedness: "" }
}

pub fn int(width: u32, unsigned: bool) -> Type {
    Type::Integer { width, signedness: if unsigned { "u" } else { "" } }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mlir_text::parser::Parser;

    fn ty(s: &str) -> Type {
        Parser::new(s).unwrap().parse_type().unwrap()
    }

    fn conv(s: &str) -> Result<String, String> {
        convert_type(&ty(s)).map(|t| type_to_string(&t))
    }

    #[test]
    fn token_becomes_xhlo_token() {
        assert_eq!(conv("!stablehlo.token").unwrap(), "!xhlo.token");
        assert_eq!(conv("tuple<tensor<2xf32>, !stablehlo.token>").unwrap(), "tuple<tensor<2xf32>, !xhlo.token>");
    }

    #[test]
    fn xla_element_types_pass_through() {
        for t in ["tensor<2x3xi1>", "tensor<4xi2>", "tensor<4xui4>", "tensor<ui64>", "tensor<2xbf16>", "tensor<complex<f64>>"] {
            assert_eq!(conv(t).unwrap(), t);
        }
    }

    #[test]
    fn narrow_floats_are_unsupported() {
        let e = conv("tensor<2xf8E4M3FN>").unwrap_err();
        assert!(e.starts_with("unsupported: f8/f6/f4 types (element type f8E4M3FN)"), "{e}");
        assert!(conv("tensor<f4E2M1FN>").unwrap_err().contains(NARROW_FLOAT));
    }

    #[test]
    fn dynamic_and_unranked_shapes_are_unsupported() {
        assert!(conv("tensor<?x2xf32>").unwrap_err().contains("unsupported: dynamic dimension in tensor<?x2xf32>"));
        assert!(conv("tensor<*xf32>").unwrap_err().contains("unsupported: unranked tensor"));
    }

    #[test]
    fn quantized_tensors_become_tensors_of_their_storage() {
        assert_eq!(conv("tensor<2x!quant.uniform<i8:f32, 1.000000e-01>>").unwrap(), "tensor<2xi8>");
        assert_eq!(conv("tensor<2x3x!quant.uniform<u8<0:100>:f32:1, {0.1:3, 0.2:4, 0.3}>>").unwrap(), "tensor<2x3xui8>");
        assert_eq!(conv("tuple<tensor<!quant.uniform<i4:f16, 2.0:-1>>>").unwrap(), "tuple<tensor<i4>>");
        let e = conv("tensor<2x!quant.uniform<i8:f32:0, {1.0}>>").unwrap_err();
        assert!(e.contains("has 1 scales for dimension 0 of size 2"), "{e}");
        let e = conv("tensor<2x!quant.calibrated<f32<-1.0:1.0>>>").unwrap_err();
        assert!(e.starts_with("unsupported: quantization (type !quant.calibrated"), "{e}");
    }

    #[test]
    fn other_element_types_are_unsupported() {
        assert!(conv("tensor<2xindex>").unwrap_err().contains("unsupported: element type index"));
        assert!(conv("tensor<2xi3>").unwrap_err().contains("unsupported: element type i3"));
        assert!(conv("tensor<2xsi8>").unwrap_err().contains("unsupported: element type si8"));
    }
}
