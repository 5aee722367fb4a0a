//! Prints what a transcript gives: `cargo run -p relay-transcripts --example dump -- FILE [FORMAT]`.

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: dump FILE [FORMAT]");
        std::process::exit(2);
    };
    let format = args
        .next()
        .and_then(|name| relay_transcripts::Format::from_name(&name))
        .or_else(|| relay_transcripts::Format::from_path(&path));
    let Some(format) = format else {
        eprintln!("{path}: not a transcript relay reads; name its format");
        std::process::exit(2);
    };
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(err) => {
            eprintln!("{path}: {err}");
            std::process::exit(1);
        }
    };
    let parsed = relay_transcripts::parse_bytes(format, &path, &bytes, Default::default());
    match serde_json::to_string_pretty(&parsed) {
        Ok(text) => println!("{text}"),
        Err(err) => eprintln!("{err}"),
    }
}
