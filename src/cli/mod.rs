//! Command implementations of the flitwave binary (the argument structs live in main.rs).

pub(crate) mod fattree;
pub(crate) mod reproduce;
pub(crate) mod rtl;
pub(crate) mod tools;
pub(crate) mod trace;
