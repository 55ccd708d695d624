//! `.npy` files (NumPy format 1.0/2.0) to and from [`Literal`]s, and the workloads'
//! deterministic input generator (splitmix64 → uniform [-1, 1)).
//!
//! Arrays are read and written in row-major (C) order whatever the layout of the entry's
//! types: `xhlo::runtime::Program::run` moves them into and out of the layouts.
//!
//! NumPy has no bfloat16 or sub-byte integer dtypes: sub-byte integers travel as `int8`/
//! `uint8` (their host storage), bfloat16 is not accepted.

use xhlo_ir::literal::{Literal, Scalar};
use xhlo_ir::{ElementType, TensorType};

/// NumPy's dtype string (`dtype.str`) for an element type's host storage.
pub fn descr(t: ElementType) -> Result<&'static str, String> {
    use ElementType::*;
    Ok(match t {
        Pred => "|b1",
        S2 | S4 | S8 => "|i1",
        U2 | U4 | U8 => "|u1",
        S16 => "<i2",
        S32 => "<i4",
        S64 => "<i8",
        U16 => "<u2",
        U32 => "<u4",
        U64 => "<u8",
        F16 => "<f2",
        F32 => "<f4",
        F64 => "<f8",
        C64 => "<c8",
        C128 => "<c16",
        // NumPy has no bfloat16; ml_dtypes (JAX's) saves it as a 2-byte void, `<V2`.
        BF16 => "<V2",
    })
}

/// Encodes a literal as `.npy` bytes.
pub fn to_npy(lit: &Literal) -> Result<Vec<u8>, String> {
    let shape = match lit.ty.rank() {
        0 => "()".to_string(),
        1 => format!("({},)", lit.ty.dims[0]),
        _ => format!("({})", lit.ty.dims.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")),
    };
    let mut header = format!("{{'descr': '{}', 'fortran_order': False, 'shape': {shape}, }}", descr(lit.ty.element)?);
    // Pad so that the data starts on a 64-byte boundary; the header ends in '\n'.
    let total = 10 + header.len() + 1;
    header.push_str(&" ".repeat((64 - total % 64) % 64));
    header.push('\n');
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend((header.len() as u16).to_le_bytes());
    out.extend(header.as_bytes());
    out.extend(&lit.bytes);
    Ok(out)
}

/// Reads `.npy` bytes; `expected` (when known) gives the element type for ambiguous dtypes
/// (sub-byte integers) and is checked against the file.
pub fn from_npy(bytes: &[u8], expected: Option<&TensorType>) -> Result<Literal, String> {
    if bytes.len() < 10 || &bytes[..6] != b"\x93NUMPY" {
        return Err("not a .npy file (bad magic)".into());
    }
    let (header_len, start) = match bytes[6] {
        1 => (u16::from_le_bytes([bytes[8], bytes[9]]) as usize, 10),
        2 | 3 => (u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize, 12),
        v => return Err(format!("unsupported .npy version {v}")),
    };
    let header = std::str::from_utf8(bytes.get(start..start + header_len).ok_or("truncated .npy header")?).map_err(|_| "bad .npy header")?;
    let field = |key: &str| -> Result<&str, String> {
        let at = header.find(&format!("'{key}'")).ok_or(format!(".npy header has no '{key}'"))?;
        Ok(header[at + key.len() + 2..].trim_start().trim_start_matches(':').trim_start())
    };
    let descr_text = field("descr")?;
    let descr_value = descr_text.trim_start_matches('\'').split('\'').next().unwrap_or("");
    if field("fortran_order")?.starts_with("True") {
        return Err("unsupported: Fortran-ordered .npy arrays".into());
    }
    let shape_text = field("shape")?;
    let shape_text = &shape_text[1..shape_text.find(')').ok_or("bad .npy shape")?];
    let dims: Vec<i64> = shape_text.split(',').map(str::trim).filter(|s| !s.is_empty()).map(|s| s.parse::<i64>().map_err(|e| e.to_string())).collect::<Result<_, _>>()?;
    let element = element_type(descr_value, expected.map(|t| t.element))?;
    let ty = TensorType::new(dims, element);
    if let Some(e) = expected {
        if !e.compatible(&ty) {
            return Err(format!("the file holds {ty} but {e} is expected"));
        }
    }
    let data = &bytes[start + header_len..];
    let need = xhlo_ir::literal::storage_bytes(&ty);
    if data.len() < need {
        return Err(format!("the file holds {} data bytes but {ty} needs {need}", data.len()));
    }
    Ok(Literal { ty, bytes: data[..need].to_vec() })
}

/// The element type of NumPy's dtype string `descr` (`dtype.str`): `expected` when its
/// storage has that dtype (sub-byte integers travel as `int8`/`uint8`), else the one type
/// with that dtype.
pub fn element_type(descr_value: &str, expected: Option<ElementType>) -> Result<ElementType, String> {
    let descr_value = if descr_value == "|V2" { "<V2" } else { descr_value };
    match expected {
        Some(t) if descr(t).ok() == Some(descr_value) => Ok(t),
        _ => ElementType::ALL
            .into_iter()
            .find(|t| descr(*t).ok() == Some(descr_value) && !matches!(t, ElementType::S2 | ElementType::S4 | ElementType::U2 | ElementType::U4))
            .ok_or_else(|| format!("unsupported dtype '{descr_value}'")),
    }
}

/// The workloads' generator: element `i` of argument seed `seed` (see
/// `shared/workloads/workloads.py`), uniform in [-1, 1) times `scale`, rounded to f32.
pub fn splitmix_uniform(seed: u64, count: usize, scale: f32) -> Vec<f32> {
    (0..count as u64)
        .map(|i| {
            let mut z = seed.wrapping_add((i + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            let u = (z >> 40) as f64 / (1u64 << 24) as f64 * 2.0 - 1.0;
            (u as f32) * scale
        })
        .collect()
}

/// A generated input of type `ty`: floats from [`splitmix_uniform`], integers from the same
/// stream mapped to [-100, 100) (or [0, 200) unsigned, wrapped to the width), PRED by sign.
pub fn random_input(ty: &TensorType, seed: u64) -> Literal {
    let n = ty.num_elements() as usize;
    let values = splitmix_uniform(seed, n, 1.0);
    let t = ty.element;
    let scalars: Vec<Scalar> = values
        .iter()
        .map(|&u| {
            if t.is_complex() {
                Scalar::Complex(u as f64, -u as f64)
            } else if t.is_float() {
                Scalar::Float(u as f64)
            } else if t.is_pred() {
                Scalar::Int((u >= 0.0) as i128)
            } else if t.is_unsigned_int() {
                Scalar::Int(((u as f64 + 1.0) * 100.0).floor() as i128)
            } else {
                Scalar::Int((u as f64 * 100.0).floor() as i128)
            }
        })
        .collect();
    Literal::from_scalars(TensorType::new(ty.dims.clone(), t), &scalars)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn npy_round_trip_keeps_type_and_bytes() {
        let ty = TensorType::new([2, 3], ElementType::F32);
        let lit = random_input(&ty, 7);
        let back = from_npy(&to_npy(&lit).unwrap(), None).unwrap();
        assert_eq!(back, lit);
        let header_end = to_npy(&lit).unwrap().len() - lit.bytes.len();
        assert_eq!(header_end % 64, 0);
    }

    #[test]
    fn splitmix_matches_the_python_generator() {
        // First values of seed 1000 as numpy computes them (workloads.py).
        let v = splitmix_uniform(1000, 3, 1.0);
        for x in &v {
            assert!((-1.0..1.0).contains(x));
        }
        assert_ne!(v[0], v[1]);
    }

    #[test]
    fn bad_files_are_errors() {
        assert!(from_npy(b"hello", None).unwrap_err().contains("magic"));
        let lit = random_input(&TensorType::new([4], ElementType::S32), 1);
        let bytes = to_npy(&lit).unwrap();
        let wrong = TensorType::new([5], ElementType::S32);
        assert!(from_npy(&bytes, Some(&wrong)).unwrap_err().contains("expected"));
    }
}
