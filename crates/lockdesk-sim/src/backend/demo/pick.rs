//! `pick`: one of a list, at random from the demo's seeded generator. Both the demo's people
//! (mod.rs) and its locks (locks.rs, which mod.rs uses) draw from lists with it.

use rand::rngs::StdRng;
use rand::Rng;

/// One element of `xs`, chosen by `rng`.
pub(super) fn pick<'a, T>(rng: &mut StdRng, xs: &'a [T]) -> &'a T {
    &xs[rng.gen_range(0..xs.len())]
}
