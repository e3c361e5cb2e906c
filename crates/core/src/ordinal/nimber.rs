//! Transfinite nimbers `*α` as ordinals: the printed forms `*ω`, `*(ω^2 + 3)`.

use super::big::BigOrdinal;

/// `*α` as CGSuite writes transfinite nimbers: `*ω`, `*(ω + 1)`, `*(ω^ω)` (ASCII
/// `*omega`); a size of more than one symbol is in parentheses.
pub fn nimber_text(a: &BigOrdinal, unicode: bool) -> String {
    match a.as_finite() {
        Some(0) => "0".into(),
        Some(1) => "*".into(),
        Some(n) => format!("*{n}"),
        None => {
            let t = a.text(unicode);
            if t.contains([' ', '·', '*', '^']) {
                format!("*({t})")
            } else {
                format!("*{t}")
            }
        }
    }
}
