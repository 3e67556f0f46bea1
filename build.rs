//! Build script: on Windows targets, puts a resource into each program, `queens.exe` and
//! `queens-gui.exe`: the icon, the version information from Cargo.toml (with the
//! program's own file name as its OriginalFilename) and the application manifest
//! (packaging/windows/queens.manifest: common controls 6, DPI awareness). Cross-building
//! from Linux uses mingw's `x86_64-w64-mingw32-windres`. Other targets need nothing.

/// Who holds the copyright (LICENSE), as the version resource shows it.
const COPYRIGHT: &str = "Copyright (c) 2026 The Queens & Stones developers. MIT licence.";
const MANIFEST: &str = "packaging/windows/queens.manifest";
const ICON: &str = "assets/icons/queens.ico";

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed={ICON}");
    println!("cargo:rerun-if-changed={MANIFEST}");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    let mut programs = vec!["queens"];
    // queens-gui is built only with the window (its required feature).
    if std::env::var_os("CARGO_FEATURE_GUI").is_some() {
        programs.push("queens-gui");
    }
    for program in programs {
        let file_name = format!("{program}.exe");
        let mut resource = winresource::WindowsResource::new();
        resource
            .set_icon(ICON)
            .set_manifest_file(MANIFEST)
            .set("ProductName", "Queens & Stones")
            .set("FileDescription", "Queens & Stones")
            .set("InternalName", program)
            .set("OriginalFilename", &file_name)
            .set("LegalCopyright", COPYRIGHT);
        if let Err(err) = resource.compile_for(program) {
            // Without the resource the programs would work but have no icon: say why and
            // stop, rather than ship that silently.
            println!(
                "cargo:warning=cannot build the Windows resource (icon, version, manifest) of {file_name}: {err}"
            );
            println!(
                "cargo:warning=cross-building from Debian needs the mingw-w64 package (x86_64-w64-mingw32-windres)"
            );
            std::process::exit(1);
        }
    }
}
