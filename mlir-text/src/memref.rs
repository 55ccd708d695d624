//! The builtin `memref` type's spelling (`memref<4x8xf32, strided<[8, 1], offset: 4>>`), read
//! into shape, element type and strided layout: the parser keeps memref types as text
//! ([`crate::ast::Type::Other`]), and the GPU path needs their static descriptors.

/// A ranked memref type with a static or dynamic shape and an identity or strided layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemRefType {
    /// `None` is a dynamic (`?`) dimension.
    pub dims: Vec<Option<i64>>,
    /// The element type as written (`f32`, `i1`, `complex<f32>`).
    pub element: String,
    /// Offset and strides in elements; `None` entries are dynamic. The identity layout is
    /// row-major strides and offset 0.
    pub offset: Option<i64>,
    pub strides: Vec<Option<i64>>,
    /// The memory space as written (`3`, `#gpu.address_space<workgroup>`), if any.
    pub memory_space: Option<String>,
}

impl MemRefType {
    /// Reads `memref<...>`; `None` for other text, unranked memrefs and affine-map layouts.
    pub fn parse(text: &str) -> Option<MemRefType> {
        let body = text.trim().strip_prefix("memref<")?.strip_suffix('>')?;
        let parts = split_top_level(body);
        let (shape, rest) = parts.split_first()?;
        let (dims, element) = shape_and_element(shape)?;
        let mut t = MemRefType { strides: row_major(&dims), dims, element, offset: Some(0), memory_space: None };
        for part in rest {
            let part = part.trim();
            if let Some(layout) = part.strip_prefix("strided<").and_then(|p| p.strip_suffix('>')) {
                let (strides, offset) = match layout.split_once("offset:") {
                    Some((s, o)) => (s.trim().trim_end_matches(',').trim(), Some(o.trim())),
                    None => (layout.trim(), None),
                };
                let strides = strides.strip_prefix('[')?.strip_suffix(']')?;
                t.strides = if strides.trim().is_empty() { vec![] } else { strides.split(',').map(|s| static_int(s.trim())).collect::<Option<_>>()? };
                t.offset = match offset {
                    Some(o) => static_int(o)?,
                    None => Some(0),
                };
                if t.strides.len() != t.dims.len() {
                    return None;
                }
            } else if part.starts_with("affine_map") || part.starts_with('#') && !part.starts_with("#gpu.address_space") {
                return None;
            } else {
                t.memory_space = Some(part.to_string());
            }
        }
        Some(t)
    }

    /// Static dimensions, or `None` when any is dynamic.
    pub fn static_dims(&self) -> Option<Vec<i64>> {
        self.dims.iter().copied().collect()
    }

    /// Static offset and strides, or `None` when any is dynamic.
    pub fn static_layout(&self) -> Option<(i64, Vec<i64>)> {
        Some((self.offset?, self.strides.iter().copied().collect::<Option<Vec<_>>>()?))
    }
}

/// `Some(Some(n))` for a number, `Some(None)` for `?`, `None` for anything else.
fn static_int(s: &str) -> Option<Option<i64>> {
    if s == "?" {
        Some(None)
    } else {
        s.parse().ok().map(Some)
    }
}

fn row_major(dims: &[Option<i64>]) -> Vec<Option<i64>> {
    let mut strides = vec![Some(1); dims.len()];
    for d in (0..dims.len().saturating_sub(1)).rev() {
        strides[d] = match (strides[d + 1], dims[d + 1]) {
            (Some(s), Some(n)) => Some(s * n),
            _ => None,
        };
    }
    strides
}

/// `4x?x8xf32` into dims and element type.
fn shape_and_element(shape: &str) -> Option<(Vec<Option<i64>>, String)> {
    let mut dims = Vec::new();
    let mut rest = shape.trim();
    loop {
        let digits = rest.find(|c: char| !c.is_ascii_digit() && c != '?').unwrap_or(rest.len());
        if digits == 0 || !rest[digits..].starts_with('x') {
            break;
        }
        let d = &rest[..digits];
        dims.push(if d == "?" { None } else { Some(d.parse().ok()?) });
        rest = &rest[digits + 1..];
    }
    if rest.is_empty() || rest.starts_with('*') {
        return None;
    }
    Some((dims, rest.to_string()))
}

/// Splits at commas outside `<>`, `[]` and `()`.
fn split_top_level(s: &str) -> Vec<&str> {
    let (mut depth, mut start, mut out) = (0i32, 0, Vec::new());
    for (i, c) in s.char_indices() {
        match c {
            '<' | '[' | '(' => depth += 1,
            '>' | ']' | ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identity_strided_and_scalar_memrefs() {
        let t = MemRefType::parse("memref<4x8xf32>").unwrap();
        assert_eq!((t.static_dims().unwrap(), t.element.as_str(), t.static_layout().unwrap()), (vec![4, 8], "f32", (0, vec![8, 1])));
        let s = MemRefType::parse("memref<2x3xi32, strided<[16, 2], offset: 5>>").unwrap();
        assert_eq!(s.static_layout().unwrap(), (5, vec![16, 2]));
        let scalar = MemRefType::parse("memref<f64>").unwrap();
        assert_eq!((scalar.dims.len(), scalar.static_layout().unwrap()), (0, (0, vec![])));
        let c = MemRefType::parse("memref<3xcomplex<f32>, strided<[1]>>").unwrap();
        assert_eq!((c.element.as_str(), c.static_layout().unwrap()), ("complex<f32>", (0, vec![1])));
        let space = MemRefType::parse("memref<16xf32, #gpu.address_space<workgroup>>").unwrap();
        assert_eq!(space.memory_space.as_deref(), Some("#gpu.address_space<workgroup>"));
    }

    #[test]
    fn dynamic_parts_are_kept_as_unknown() {
        let t = MemRefType::parse("memref<?x8xf32, strided<[?, 1], offset: ?>>").unwrap();
        assert_eq!(t.static_dims(), None);
        assert_eq!(t.static_layout(), None);
        assert_eq!(MemRefType::parse("memref<*xf32>"), None);
        assert_eq!(MemRefType::parse("tensor<4xf32>"), None);
        assert_eq!(MemRefType::parse("memref<4xf32, affine_map<(d0) -> (d0 + 1)>>"), None);
    }
}
