//! The remedies add no finding of their own: the findings they carry out are the board's and
//! the other procedures' (`procedures::check_board`).
