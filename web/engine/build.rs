//! The module's stack (in linear memory): 8 MiB rather than the linker's 1 MiB, so that
//! deep recursion in the engine meets its own "too deep" checks long before the end.
fn main() {
    let target = std::env::var("TARGET").unwrap_or_default();
    if target.starts_with("wasm32") {
        println!("cargo:rustc-cdylib-link-arg=-zstack-size=8388608");
    }
}
