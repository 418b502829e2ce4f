// The migrations are embedded at compile time; rebuild when any of them changes.
fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
