//! The resource types the reference has built in, with their parameters.
