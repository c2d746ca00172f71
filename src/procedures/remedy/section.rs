//! The remedies state nothing under way: a scenario has no section for them. What they carry
//! out is what `check` finds of the position.
