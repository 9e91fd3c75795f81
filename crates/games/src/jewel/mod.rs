//! Jewel (Basudeo Agarwal's game for 2 to 9 players, 162 cards): the scoring core.
//!
//! Built so far: the groups and the two arrangement searches on the shared solver
//! ([`melds`]: the declarer's exact validator and the defenders' best arrangement) and the
//! difference-based settlement ([`scoring`]). The deal itself (drawing, packing, declaring,
//! stock exhaustion) is not written yet, so the game is not registered.

pub mod melds;
pub mod scoring;

#[cfg(test)]
mod tests;
