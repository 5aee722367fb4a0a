//! Lists `migrations/` for the store: every `NNNN_name.sql` becomes one entry of `store::MIGRATIONS`, in
//! order, so a new migration is its file alone. Numbers must run 1, 2, 3 … without a gap or a repeat.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?).join("../migrations");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<(u32, String, PathBuf)> = Vec::new();
    for entry in std::fs::read_dir(&dir)? {
        let path = entry?.path();
        if path.extension().is_none_or(|ext| ext != "sql") {
            continue;
        }
        let name = path
            .file_stem()
            .and_then(|stem| stem.to_str())
            .ok_or_else(|| format!("{}: a migration's name must be UTF-8", path.display()))?
            .to_owned();
        let version = name
            .split_once('_')
            .and_then(|(number, _)| (number.len() == 4).then(|| number.parse::<u32>().ok()).flatten())
            .ok_or_else(|| format!("{}: a migration is named NNNN_name.sql", path.display()))?;
        files.push((version, name, path.canonicalize()?));
    }
    files.sort();
    let mut out = String::from("&[\n");
    for (index, (version, name, path)) in files.iter().enumerate() {
        let expected = u32::try_from(index)? + 1;
        if *version != expected {
            return Err(format!("migrations/{name}.sql: expected number {expected:04} (numbers run 1, 2, 3 … with no gap or repeat)").into());
        }
        writeln!(
            out,
            "    Migration {{ version: {version}, name: {name:?}, sql: include_str!({:?}) }},",
            path.display().to_string()
        )?;
    }
    out.push(']');
    std::fs::write(
        PathBuf::from(std::env::var("OUT_DIR")?).join("migrations.rs"),
        out,
    )?;
    Ok(())
}
