//! jedi-judge: a judge's assistant for the Young Jedi CCG and Clash of the Lightsabers.
//!
//! The core (`rules`, `cards`) is pure: no files, terminal, clock or global randomness.
//! The edges (`render`, `cli`) turn its results into text, Markdown and JSON.

pub mod board;
pub mod cards;
pub mod check;
pub mod clash;
pub mod cli;
pub mod diagnostics;
pub mod engine;
pub mod files;
pub mod game;
pub mod legality;
pub mod odds;
pub mod procedures;
pub mod random;
pub mod ranged;
pub mod render;
pub mod rules;
pub mod scenario;
pub mod shell;
pub mod text;
pub mod walk;
