//! The integration tests of duel-web in one test binary, so that they build and link once: each
//! file of this directory is a module of it.

mod api;
mod common;
mod hostile_uploads;
mod request_properties;
mod rules;
mod saved_tables;
mod served;
mod server;
mod variants;
mod viewer;
