//! The integration tests of duel-cli in one test binary, so that they build and link once: each
//! file of this directory is a module of it, and support/ holds what several share. The tests that
//! measure the memory of this process's children are in binaries of their own
//! (tests/judge_ioiwari_flood.rs and tests/protocol_long_lines.rs say why).

mod analyze_cli;
mod conformance;
mod doctor;
mod export_attachments;
mod export_cms;
mod export_dmoj;
mod export_domjudge;
mod export_icpc;
mod export_kattis;
mod export_limits;
mod export_links;
mod export_polygon;
mod export_rendered;
mod export_statements;
mod export_targets;
mod export_verify;
mod flags_shared;
mod graj;
mod ioiwari_programs;
mod judge_attacks;
mod judge_batch;
mod judge_csv;
mod judge_hostile_names;
mod judge_ioiwari;
mod judge_ioiwari_greedy;
mod judge_ioiwari_hostile;
mod judge_kernel_state;
mod judge_memory;
mod judge_messages;
mod judge_outputs_clash;
mod judge_outputs_help;
mod judge_outputs_links;
mod judge_outputs_logs;
mod judge_outputs_module_host;
mod judge_outputs_signals;
mod judge_sources;
mod judge_table_width;
mod judge_trust_isolation;
mod kit;
mod kit_builds;
mod kit_links;
mod mis_judge;
mod play_cli;
mod protocol_properties;
mod readme_examples;
mod serve_browser;
mod serve_cli;
mod serve_viewer;
mod serve_viewer_memory;
mod support;
mod variants_cli;
mod windows;
mod writers_planting;
