//! Numbers as people read them: a float rounded to a number of significant decimal digits and
//! printed in its shortest round-trip form, so `0.15 / 3` reads `0.05`, not
//! `0.049999999999999996`.

/// `x` rounded to `sig` significant decimal digits (1..=17), as the nearest f64; non-finite
/// values pass unchanged.
pub fn round_sig(x: f64, sig: usize) -> f64 {
    if !x.is_finite() || x == 0.0 {
        return x;
    }
    let s = format!("{:.*e}", sig.clamp(1, 17) - 1, x);
    s.parse().unwrap_or(x)
}

/// A computed decimal quantity (a rate from a division): rounded to 12 significant digits,
/// which removes the binary artifacts of the arithmetic and keeps every digit a user typed.
pub fn decimal(x: f64) -> f64 {
    round_sig(x, 12)
}

/// `x` for text and CSV output: rounded to 6 significant digits, shortest form (`0.05`,
/// `1234.57`, `3e-7`); integers stay integers.
pub fn fmt_num(x: f64) -> String {
    format!("{}", round_sig(x, 6))
}

/// `mean ± half_width` with the half-width to two significant digits and the mean to the same
/// decimal place; without a half-width (one sample) or with a zero one, just the mean.
pub fn fmt_mean_ci(mean: f64, half_width: Option<f64>) -> String {
    match half_width.filter(|h| *h > 0.0 && h.is_finite() && mean.is_finite()) {
        None => fmt_num(mean),
        Some(h) => {
            let d = (1 - h.log10().floor() as i32).clamp(0, 15) as usize;
            format!("{mean:.d$} ± {h:.d$}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_removes_binary_artifacts() {
        let x = 0.15 * 1.0 / 3.0;
        assert_eq!(format!("{x}"), "0.049999999999999996");
        assert_eq!(format!("{}", decimal(x)), "0.05");
        assert_eq!(fmt_num(1234.5678), "1234.57");
        assert_eq!(fmt_num(0.000123456789), "0.000123457");
        assert_eq!(fmt_num(42.0), "42");
        assert_eq!(fmt_num(0.0), "0");
        assert!(round_sig(f64::NAN, 3).is_nan());
    }

    #[test]
    fn mean_and_half_width_share_decimals() {
        assert_eq!(fmt_mean_ci(0.0123456, Some(0.000234)), "0.01235 ± 0.00023");
        assert_eq!(fmt_mean_ci(152.345, Some(3.21)), "152.3 ± 3.2");
        assert_eq!(fmt_mean_ci(152.345, Some(0.0)), "152.345");
        assert_eq!(fmt_mean_ci(152.345, None), "152.345");
    }
}
