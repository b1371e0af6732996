//! The integration tests, in one binary so the library is linked once: a module per
//! subject, sharing `common` (the binary, the corpora, output parsing, small generators).
//! Select a subject with a filter: `cargo test --test it -- golden::`.

mod common;

mod archives;
mod articles;
mod board_props;
mod captions;
mod ci_formats;
mod ci_gates;
mod cli;
mod color;
mod corpus_names;
mod diagrams;
mod differential;
mod doc_examples;
mod doc_generated;
mod dups;
mod dups_spill;
mod estimate_accuracy;
mod estimate_positions;
mod fix;
mod format_rules;
mod formats;
mod fuzz_finds;
mod game_info;
mod golden;
mod hostile;
mod html_report;
mod jobs;
mod judge_katago;
mod judge_sharpens;
mod layers;
mod mutations;
mod no_alloc_counts;
mod not_counted;
mod problem_trees;
mod reader_recovery;
mod repetition_props;
mod schema;
mod score_audit;
mod score_check;
mod score_results;
mod score_rules;
mod sgfc_messages;
mod shared_corpus;
mod shell;
mod shown;
mod variations;
mod verdict_power;
