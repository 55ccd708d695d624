//! Affine maps as the GPU passes read and write them: text (`affine_map<(d0, d1) -> (d1,
//! d0 floordiv 2)>`), as mlir-text keeps them, with the few operations those passes need.

use mlir_text::ast::Attribute;

/// A map's dimension count and its result list as written (`(d1, d0 floordiv 2)`); `None`
/// for other text (symbols included).
pub fn parse_map(map: &Attribute) -> Option<(usize, String)> {
    let Attribute::Other(text) = map else { return None };
    parse_map_text(text)
}

/// [`parse_map`] of the map's text.
pub fn parse_map_text(text: &str) -> Option<(usize, String)> {
    let body = text.strip_prefix("affine_map<")?.strip_suffix('>')?;
    let (dims, results) = body.split_once("->")?;
    let dims = dims.trim().strip_prefix('(')?.strip_suffix(')')?;
    let count = if dims.trim().is_empty() { 0 } else { dims.split(',').count() };
    Some((count, results.trim().to_string()))
}

/// The result expressions of a result list (`(d1, d0 + 1)`: `d1`, `d0 + 1`).
pub fn results(list: &str) -> Vec<String> {
    let inner = list.trim().trim_start_matches('(').trim_end_matches(')');
    if inner.trim().is_empty() {
        return vec![];
    }
    inner.split(',').map(|e| e.trim().to_string()).collect()
}

/// The map over `dims` dimensions with result list `results`.
pub fn map_text(dims: usize, results: &str) -> Attribute {
    Attribute::Other(format!("affine_map<{} -> {results}>", dims_tuple(0..dims)))
}

/// `(d0, d1, ...)` over `range`.
pub fn dims_tuple(range: std::ops::Range<usize>) -> String {
    format!("({})", range.map(|d| format!("d{d}")).collect::<Vec<_>>().join(", "))
}

/// Each dimension `dK` in `text` replaced by `replace(K)` (`floordiv` and other words that
/// contain a `d` are left alone).
pub fn substitute(text: &str, replace: impl Fn(usize) -> String) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let word_start = i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if chars[i] == 'd' && word_start && chars.get(i + 1).is_some_and(|c| c.is_ascii_digit()) {
            let mut j = i + 1;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            match chars[i + 1..j].iter().collect::<String>().parse::<usize>() {
                Ok(k) => out += &replace(k),
                Err(_) => out.extend(&chars[i..j]),
            }
            i = j;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_read_and_write_and_dimensions_are_replaced_in_expressions_only() {
        assert_eq!(parse_map(&Attribute::Other("affine_map<(d0, d1) -> (d1)>".into())), Some((2, "(d1)".into())));
        assert_eq!(results("(d2, d0 floordiv 2)"), ["d2", "d0 floordiv 2"]);
        assert!(results("()").is_empty());
        assert_eq!(map_text(2, "(d1, d0)"), Attribute::Other("affine_map<(d0, d1) -> (d1, d0)>".into()));
        assert_eq!(dims_tuple(1..3), "(d1, d2)");
        let r = substitute("(d2, d0 floordiv 2, d1)", |d| if d < 2 { format!("d{}", d + 1) } else { "d0 * 64 + d3".into() });
        assert_eq!(r, "(d0 * 64 + d3, d1 floordiv 2, d2)");
    }
}
