//! Build script: on Windows targets, puts the icon and the version information (from
//! Cargo.toml) into both programs, `queens.exe` and `queens-gui.exe`, as a resource.
//! Cross-building from Linux uses mingw's `x86_64-w64-mingw32-windres`. Other targets
//! need nothing.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=assets/icons/queens.ico");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    let mut resource = winresource::WindowsResource::new();
    resource
        .set_icon("assets/icons/queens.ico")
        .set("ProductName", "Queens & Stones")
        .set("FileDescription", "Queens & Stones")
        .set("OriginalFilename", "queens.exe")
        .set("LegalCopyright", "MIT licence");
    if let Err(err) = resource.compile() {
        // Without the resource the programs would work but have no icon: say why and
        // stop, rather than ship that silently.
        println!("cargo:warning=cannot build the Windows resource (icon, version): {err}");
        println!(
            "cargo:warning=cross-building from Debian needs the mingw-w64 package (x86_64-w64-mingw32-windres)"
        );
        std::process::exit(1);
    }
}
