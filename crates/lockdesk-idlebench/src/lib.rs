//! Nothing but the `idle_watch` benchmark (benches/idle_watch.rs): what background watching
//! costs the idle desktop app, in CPU and memory, sampled from /proc.
