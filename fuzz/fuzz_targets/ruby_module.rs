#![no_main]

#[global_allocator]
static ALLOCATOR: prepl::limits::CountingAlloc = prepl::limits::CountingAlloc;

libfuzzer_sys::fuzz_target!(|data: &[u8]| prepl_fuzz::ruby_module(data));
