//! The partizan theory beyond sums and comparison: temperature, thermographs, cooling,
//! infinitesimals and atomic weight, ordinal sums and other products.
//!
//! Everything here is a method of [`GameStore`](crate::game::GameStore) (in `impl` blocks
//! spread over this module's files, one concept per file) or a plain type:
//!
//! - `thermograph`: [`Thermograph`], `mean`, `temperature`, `stop_count`;
//! - `trajectory`: [`Trajectory`], the piecewise-linear walls;
//! - `plot`: thermographs as text plots and SVG; `tree_svg`: game trees as SVG;
//! - `cooling`: `cool`, `heat`, `overheat`, `freeze`, incentives;
//! - `infinitesimals`: atomic weight, reduced canonical form, companion, the predicates,
//!   `tiny`, `miny`;
//! - `uptimal`: `pow`, `pow_to`, [`UptimalExpansion`];
//! - `products`: ordinal sum, Norton and Conway products, nim multiplication;
//! - `ordinal_subordinate`: the `H` with `G = B : H`;
//! - `followers`: followers and misère outcomes.

mod cooling;
mod error;
mod followers;
mod infinitesimals;
mod ordinal_subordinate;
mod plot;
mod plot_svg;
mod products;
mod thermograph;
mod trajectory;
mod tree_svg;
mod uptimal;

pub use error::{NotAtomicReason, TheoryError};
pub use products::nim_product;
pub use thermograph::Thermograph;
pub use trajectory::Trajectory;
pub use tree_svg::{MAX_TREE_NODES, TreeNode, TreeOptions, tree_svg};
pub use uptimal::UptimalExpansion;

#[cfg(test)]
mod conformance;
#[cfg(test)]
pub(crate) mod testkit;
