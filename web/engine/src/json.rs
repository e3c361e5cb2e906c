//! Just enough JSON writing for the engine's answers (the module reads no JSON: its inputs
//! are plain strings and numbers).

/// `s` as a JSON string literal.
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// An optional string: the literal, or `null`.
pub fn opt(s: Option<&str>) -> String {
    s.map_or_else(|| "null".to_string(), string)
}

/// An object from `(key, already-written JSON value)` pairs.
pub fn object(fields: &[(&str, String)]) -> String {
    let body: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("{}:{v}", string(k)))
        .collect();
    format!("{{{}}}", body.join(","))
}

/// An array of already-written JSON values.
pub fn array(items: impl IntoIterator<Item = String>) -> String {
    format!("[{}]", items.into_iter().collect::<Vec<_>>().join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped() {
        assert_eq!(string("a\"b\\c\nd\u{1}↑"), "\"a\\\"b\\\\c\\nd\\u0001↑\"");
        assert_eq!(opt(None), "null");
        assert_eq!(
            object(&[("x", array(["1".to_string(), "true".to_string()]))]),
            "{\"x\":[1,true]}"
        );
    }
}
