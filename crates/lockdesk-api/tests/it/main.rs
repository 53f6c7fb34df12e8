//! The client against the simulator, in process, over real HTTP on loopback.

#[path = "../fuzz_bodies/mod.rs"]
mod fuzz_bodies;
mod support;

mod clock;
mod errors;
mod fuzz;
mod hostile;
mod oauth;
mod paging;
mod pkce;
mod renewal;
mod resilience;
mod resources;
mod tls;
mod tolerant;
mod v2;
