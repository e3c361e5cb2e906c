//! Trajectories: continuous piecewise-linear functions of the temperature `t >= -1`, with
//! exact dyadic breakpoints — the walls and scaffolds of thermographs.

use crate::game::dyadic::Dyadic;
use num_bigint::BigInt;
use std::cmp::Ordering;

/// A continuous piecewise-linear function `t ↦ v(t)` on `[-1, ∞)` with integer slopes
/// (the walls of thermographs have slopes `-1`, `0` and `1`) and dyadic breakpoints.
///
/// Stored as pieces: piece `i` starts at temperature `start_i` (the first at `-1`) with value
/// `value_i` and has slope `slope_i` until the next piece begins; the last piece continues
/// for ever. Adjacent pieces have different slopes, so the breakpoints (the *critical
/// temperatures*) are exactly the places where the slope changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trajectory {
    pieces: Vec<Piece>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Piece {
    start: Dyadic,
    value: Dyadic,
    slope: i64,
}

/// `k·x` for an integer `k`.
pub(crate) fn mul_int(x: &Dyadic, k: i64) -> Dyadic {
    Dyadic::new(x.numer() * BigInt::from(k), x.exponent())
}

/// `x / d` for `d = ±2^j`; the slopes of thermograph walls differ by 1 or 2, so every
/// crossing point of two walls is again dyadic.
fn div_pow2(x: &Dyadic, d: i64) -> Dyadic {
    let mag = d.unsigned_abs();
    assert!(
        mag.is_power_of_two(),
        "slopes of trajectories differ by a power of two"
    );
    let q = Dyadic::new(x.numer().clone(), x.exponent() + mag.trailing_zeros());
    if d < 0 { -&q } else { q }
}

fn minus_one() -> Dyadic {
    Dyadic::from_i64(-1)
}

impl Piece {
    fn at(&self, t: &Dyadic) -> Dyadic {
        &self.value + &mul_int(&(t - &self.start), self.slope)
    }
}

impl Trajectory {
    /// The constant trajectory `v(t) = value`: the wall of a number's mast.
    pub fn constant(value: Dyadic) -> Trajectory {
        Trajectory {
            pieces: vec![Piece {
                start: minus_one(),
                value,
                slope: 0,
            }],
        }
    }

    /// The trajectory through the given points `(t, v)` (the first at `t = -1`, temperatures
    /// increasing), continuing with `final_slope` after the last. Every segment must have an
    /// integer slope. Returns `None` if the points do not describe such a trajectory.
    pub fn through(points: &[(Dyadic, Dyadic)], final_slope: i64) -> Option<Trajectory> {
        let (first, _) = points.first()?;
        if *first != minus_one() {
            return None;
        }
        let mut pieces = Vec::with_capacity(points.len());
        for pair in points.windows(2) {
            let ((t0, v0), (t1, v1)) = (&pair[0], &pair[1]);
            if t1 <= t0 {
                return None;
            }
            let rise = v1 - v0;
            let run = t1 - t0;
            let slope = (-1..=1).find(|&k| mul_int(&run, k) == rise)?;
            pieces.push(Piece {
                start: t0.clone(),
                value: v0.clone(),
                slope,
            });
        }
        let (t, v) = points.last()?;
        pieces.push(Piece {
            start: t.clone(),
            value: v.clone(),
            slope: final_slope,
        });
        Some(Trajectory { pieces }.normalized())
    }

    fn piece_at(&self, t: &Dyadic) -> &Piece {
        let i = self.pieces.partition_point(|p| p.start <= *t);
        &self.pieces[i.saturating_sub(1)]
    }

    /// The value at temperature `t` (for `t < -1`, the first piece extended).
    pub fn value_at(&self, t: &Dyadic) -> Dyadic {
        self.piece_at(t).at(t)
    }

    /// The slope just above temperature `t`.
    pub fn slope_above(&self, t: &Dyadic) -> i64 {
        self.piece_at(t).slope
    }

    /// The slope after the last critical temperature (0 for a wall ending in a mast).
    pub fn final_slope(&self) -> i64 {
        self.pieces.last().map_or(0, |p| p.slope)
    }

    /// The temperatures (> -1) at which the slope changes, increasing.
    pub fn critical_points(&self) -> Vec<Dyadic> {
        self.pieces
            .iter()
            .skip(1)
            .map(|p| p.start.clone())
            .collect()
    }

    /// The breakpoints `(t, v(t))`: first at `t = -1`, then at each critical temperature.
    pub fn points(&self) -> Vec<(Dyadic, Dyadic)> {
        self.pieces
            .iter()
            .map(|p| (p.start.clone(), p.value.clone()))
            .collect()
    }

    /// `v(t) + k·t`: the scaffold `v(t) - t` of a Left option's right wall is `tilt(-1)`.
    pub fn tilt(&self, k: i64) -> Trajectory {
        let pieces = self
            .pieces
            .iter()
            .map(|p| Piece {
                start: p.start.clone(),
                value: &p.value + &mul_int(&p.start, k),
                slope: p.slope + k,
            })
            .collect();
        Trajectory { pieces }.normalized()
    }

    /// The pointwise maximum.
    pub fn max(&self, other: &Trajectory) -> Trajectory {
        self.combine(other, Ordering::Greater)
    }

    /// The pointwise minimum.
    pub fn min(&self, other: &Trajectory) -> Trajectory {
        self.combine(other, Ordering::Less)
    }

    /// Pointwise max (`want = Greater`) or min (`want = Less`): on each interval between
    /// breakpoints of either trajectory both are linear, so they cross at most once there.
    fn combine(&self, other: &Trajectory, want: Ordering) -> Trajectory {
        let mut cuts: Vec<Dyadic> = self
            .pieces
            .iter()
            .chain(&other.pieces)
            .map(|p| p.start.clone())
            .collect();
        cuts.sort();
        cuts.dedup();
        let mut pieces: Vec<Piece> = Vec::new();
        for (i, a) in cuts.iter().enumerate() {
            let next = cuts.get(i + 1);
            let (f, g) = (self.piece_at(a), other.piece_at(a));
            let (fa, ga) = (f.at(a), g.at(a));
            // Which one is wanted just above `a` (values first, then slopes).
            let first = match fa.cmp(&ga).then(f.slope.cmp(&g.slope)) {
                Ordering::Equal => f,
                o if o == want => f,
                _ => g,
            };
            let second = if std::ptr::eq(first, f) { g } else { f };
            let start_value = if std::ptr::eq(first, f) { fa } else { ga };
            pieces.push(Piece {
                start: a.clone(),
                value: start_value,
                slope: first.slope,
            });
            // Does the other overtake inside (a, next)?
            if first.slope != second.slope {
                let gap = &first.at(a) - &second.at(a);
                let t = a + &div_pow2(&gap, second.slope - first.slope);
                let overtakes = t > *a && next.is_none_or(|b| t < *b);
                if overtakes {
                    pieces.push(Piece {
                        value: second.at(&t),
                        start: t,
                        slope: second.slope,
                    });
                }
            }
        }
        Trajectory { pieces }.normalized()
    }

    /// Merges adjacent pieces of equal slope, so breakpoints are exactly the slope changes.
    fn normalized(mut self) -> Trajectory {
        self.pieces
            .dedup_by(|later, earlier| later.slope == earlier.slope);
        self
    }

    /// This trajectory up to temperature `t`, then the vertical mast at `v` (which must be
    /// its value at `t`).
    pub(crate) fn up_to_mast(&self, t: &Dyadic, v: Dyadic) -> Trajectory {
        let mut pieces: Vec<Piece> = self
            .pieces
            .iter()
            .filter(|p| p.start < *t)
            .cloned()
            .collect();
        pieces.push(Piece {
            start: if pieces.is_empty() {
                minus_one()
            } else {
                t.clone()
            },
            value: v,
            slope: 0,
        });
        Trajectory { pieces }.normalized()
    }

    /// The least `t >= -1` with `self(t) <= other(t)`, if any, for a non-increasing `self`
    /// and a non-decreasing `other` (a left and a right scaffold).
    pub(crate) fn first_meeting(&self, other: &Trajectory) -> Option<Dyadic> {
        let start = minus_one();
        if self.value_at(&start) <= other.value_at(&start) {
            return Some(start);
        }
        let mut cuts: Vec<Dyadic> = self
            .pieces
            .iter()
            .chain(&other.pieces)
            .map(|p| p.start.clone())
            .collect();
        cuts.sort();
        cuts.dedup();
        for (i, a) in cuts.iter().enumerate() {
            let (f, g) = (self.piece_at(a), other.piece_at(a));
            let gap = &f.at(a) - &g.at(a); // > 0 here
            let closing = g.slope - f.slope;
            if closing <= 0 {
                continue;
            }
            let t = a + &div_pow2(&gap, closing);
            if cuts.get(i + 1).is_none_or(|b| t <= *b) {
                return Some(t);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64, e: u32) -> Dyadic {
        Dyadic::new(BigInt::from(n), e)
    }

    fn traj(points: &[(i64, i64)], slope: i64) -> Trajectory {
        let pts: Vec<(Dyadic, Dyadic)> = points.iter().map(|&(t, v)| (d(t, 0), d(v, 0))).collect();
        Trajectory::through(&pts, slope).expect("valid trajectory")
    }

    #[test]
    fn values_slopes_and_breakpoints() {
        // 3 - t up to t = 1, then vertical at 2.
        let a = traj(&[(-1, 4), (1, 2)], 0);
        assert_eq!(a.value_at(&d(-1, 0)), d(4, 0));
        assert_eq!(a.value_at(&d(1, 1)), d(5, 1));
        assert_eq!(a.value_at(&d(7, 0)), d(2, 0));
        assert_eq!(a.critical_points(), vec![d(1, 0)]);
        assert_eq!(a.slope_above(&d(0, 0)), -1);
        assert_eq!(a.final_slope(), 0);
        // Points on one line are merged into one piece.
        let b = traj(&[(-1, 1), (0, 0), (1, -1)], -1);
        assert!(b.critical_points().is_empty());
        // A slope of 2 is not a thermograph segment.
        let bad = [(d(-1, 0), d(0, 0)), (d(0, 0), d(2, 0))];
        assert!(Trajectory::through(&bad, 0).is_none());
    }

    #[test]
    fn tilt_adds_a_multiple_of_t() {
        let c = Trajectory::constant(d(3, 0)).tilt(-1);
        assert_eq!(c.value_at(&d(-1, 0)), d(4, 0));
        assert_eq!(c.value_at(&d(2, 0)), d(1, 0));
        assert_eq!(c.tilt(1), Trajectory::constant(d(3, 0)));
    }

    #[test]
    fn max_and_min_find_crossings_between_breakpoints() {
        // -t and t cross at 0.
        let down = Trajectory::constant(d(0, 0)).tilt(-1);
        let up = Trajectory::constant(d(0, 0)).tilt(1);
        let m = down.max(&up);
        assert_eq!(m.points(), vec![(d(-1, 0), d(1, 0)), (d(0, 0), d(0, 0))]);
        assert_eq!(m.final_slope(), 1);
        let n = down.min(&up);
        assert_eq!(n.value_at(&d(-1, 0)), d(-1, 0));
        assert_eq!(n.value_at(&d(3, 0)), d(-3, 0));
        // 1/2 - t against the constant 0: crossing at 1/2.
        let a = Trajectory::constant(d(1, 1)).tilt(-1);
        let z = Trajectory::constant(d(0, 0));
        assert_eq!(a.max(&z).critical_points(), vec![d(1, 1)]);
        // Brute force on a grid: max/min agree pointwise.
        let w = traj(&[(-1, 2), (0, 1), (2, 1)], -1);
        let v = traj(&[(-1, -1), (1, 1)], 0);
        for k in -8..40 {
            let t = d(k, 3);
            let (x, y) = (w.value_at(&t), v.value_at(&t));
            assert_eq!(w.max(&v).value_at(&t), x.clone().max(y.clone()), "t={t}");
            assert_eq!(w.min(&v).value_at(&t), x.min(y), "t={t}");
        }
    }

    #[test]
    fn first_meeting_of_scaffolds() {
        // 3 - t meets -1 + t at t = 2 (the scaffolds of {3|-1}).
        let l = Trajectory::constant(d(3, 0)).tilt(-1);
        let r = Trajectory::constant(d(-1, 0)).tilt(1);
        assert_eq!(l.first_meeting(&r), Some(d(2, 0)));
        // 2 - t meets 1 + t at t = 1/2.
        let l = Trajectory::constant(d(2, 0)).tilt(-1);
        let r = Trajectory::constant(d(1, 0)).tilt(1);
        assert_eq!(l.first_meeting(&r), Some(d(1, 1)));
        // Already met at -1.
        let z = Trajectory::constant(d(0, 0));
        assert_eq!(z.first_meeting(&z), Some(d(-1, 0)));
    }
}
