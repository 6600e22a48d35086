//! Tokens of the Puppet language.
