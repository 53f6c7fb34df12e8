//! The client against the simulator, in process, over real HTTP on loopback.

mod support;

mod errors;
mod oauth;
mod paging;
mod pkce;
mod renewal;
mod resilience;
mod resources;
mod tolerant;
mod v2;
