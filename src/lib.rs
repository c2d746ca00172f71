//! jedi-judge: a judge's assistant for the Young Jedi CCG and Clash of the Lightsabers.
//!
//! The core (`rules`, `cards`) is pure: no files, terminal, clock or global randomness.
//! The edges (`render`, `cli`) turn its results into text, Markdown and JSON.

pub mod cards;
pub mod cli;
pub mod render;
pub mod rules;
