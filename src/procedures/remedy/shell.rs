//! The remedies take no words in the shell: `remedy` alone carries out each finding's remedy
//! (and `undo` takes them back).
