//! Transfinite nimbers `*α` as ordinals: the printed forms `*ω`, `*(ω^2 + 3)`.

use super::Ordinal;

/// `*α` as CGSuite writes transfinite nimbers: `*ω`, `*(ω + 1)`, `*ω^2` (ASCII `*omega`).
pub fn nimber_text(a: &Ordinal, unicode: bool) -> String {
    match a.as_finite() {
        Some(0) => "0".into(),
        Some(1) => "*".into(),
        Some(n) => format!("*{n}"),
        None => {
            let t = a.text(unicode);
            if t.contains(' ') {
                format!("*({t})")
            } else {
                format!("*{t}")
            }
        }
    }
}
