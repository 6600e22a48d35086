//! The environment a session compiles in: the machine it runs on (node name), and later the
//! modules, facts and Hiera data of a Puppet environment.

pub mod node;
