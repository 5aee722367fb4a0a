//! `relay attachment list|get|add|caption|rm`: a task's screenshots for the owner and for scripts.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use relay_core::proto::{
    self, AddAttachmentRequest, GetAttachmentRequest, ListAttachmentsRequest, RemoveAttachmentRequest,
    SetAttachmentCaptionRequest,
};
use serde_json::{Value, json};

use super::format::{self, emit, print_json};
use crate::cli::{OutputArgs, WriterArgs};
use crate::client::{Context, daemon_client};
use crate::error::CliError;

#[derive(Subcommand, Debug)]
pub enum AttachmentCommand {
    /// List a task's screenshots: those of review steps in step order, then the others
    List {
        /// The task's key, e.g. acme-12
        key: String,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Write a screenshot's bytes to FILE, or to stdout when it is not a terminal
    Get {
        /// The screenshot's id (`#12` or `12`)
        #[arg(value_parser = parse_id)]
        id: i64,
        /// The file to write (replaced when it exists); without it the bytes go to stdout
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Attach an image (PNG, JPEG, WebP or GIF) from this machine to a task or one of its review steps
    ///
    /// The file must lie in the project's repository, the temp folder or an attachment_roots folder, and not in
    /// relay's data folder; symlinks and `..` are resolved first, the type is told by the content, and the
    /// size limits are attachments_max_mb per file and attachments_task_max_mb per task. The same image on the
    /// same task is stored once.
    Add(AttachmentAddArgs),
    /// Set a screenshot's caption (markdown); `-` clears it
    Caption {
        /// The screenshot's id (`#12` or `12`)
        #[arg(value_parser = parse_id)]
        id: i64,
        /// The caption, at most 2000 characters; `-` clears it
        text: String,
        #[command(flatten)]
        writer: WriterArgs,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Remove a screenshot (its file is deleted)
    Rm {
        /// The screenshot's id (`#12` or `12`)
        #[arg(value_parser = parse_id)]
        id: i64,
        #[command(flatten)]
        writer: WriterArgs,
        #[command(flatten)]
        output: OutputArgs,
    },
}

#[derive(Args, Debug)]
pub struct AttachmentAddArgs {
    /// The task's key, e.g. acme-12
    pub key: String,
    /// The image file (a relative path is taken from the current folder); `-` reads the image from stdin, e.g.
    /// `wl-paste | relay attachment add acme-3 - --step 2`
    pub path: PathBuf,
    /// Attach it to this review step (its number)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(i64).range(1..))]
    pub step: Option<i64>,
    /// What it shows (markdown, at most 2000 characters)
    #[arg(long, value_name = "TEXT")]
    pub caption: Option<String>,
    /// The name people see instead of the file's name
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    #[command(flatten)]
    pub writer: WriterArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

pub async fn run(ctx: &Context, command: AttachmentCommand) -> Result<(), CliError> {
    match command {
        AttachmentCommand::List { key, output } => list(ctx, key, output).await,
        AttachmentCommand::Get { id, output } => get(ctx, id, output.as_deref()).await,
        AttachmentCommand::Add(args) => add(ctx, args).await,
        AttachmentCommand::Caption {
            id,
            text,
            writer,
            output,
        } => {
            let request = SetAttachmentCaptionRequest {
                id,
                caption: text,
                actor: format::actor(&writer),
            };
            let answer = daemon_client(ctx)
                .await?
                .review
                .set_attachment_caption(request)
                .await?
                .into_inner();
            print_write(answer, output, |a, changed| match (changed, &a.caption) {
                (false, _) => format!("#{} already has that caption", a.id),
                (true, Some(_)) => format!("captioned #{} on {}", a.id, place(a)),
                (true, None) => format!("cleared the caption of #{} on {}", a.id, place(a)),
            })
        }
        AttachmentCommand::Rm { id, writer, output } => {
            let request = RemoveAttachmentRequest {
                id,
                actor: format::actor(&writer),
            };
            let answer = daemon_client(ctx)
                .await?
                .review
                .remove_attachment(request)
                .await?
                .into_inner();
            print_write(answer, output, |a, _| {
                format!("removed #{} ({}) from {}", a.id, facts(a), place(a))
            })
        }
    }
}

async fn list(ctx: &Context, key: String, output: OutputArgs) -> Result<(), CliError> {
    let answer = daemon_client(ctx)
        .await?
        .review
        .list_attachments(ListAttachmentsRequest { key: key.clone() })
        .await?
        .into_inner();
    if output.json {
        return print_json(&Value::Array(
            answer.attachments.iter().map(format::to_json).collect(),
        ));
    }
    if answer.attachments.is_empty() {
        emit(&format!("{key} has no screenshots"))?;
        return Ok(());
    }
    let total = u64::try_from(answer.total_bytes).unwrap_or(0);
    let limit = u64::try_from(answer.max_bytes_per_task).unwrap_or(0);
    let mut text = format!(
        "{key}: {} screenshot{}, {} of {} per task\n",
        answer.attachments.len(),
        if answer.attachments.len() == 1 { "" } else { "s" },
        size(total),
        size(limit)
    );
    for attachment in &answer.attachments {
        let on = match (attachment.step, &attachment.step_title) {
            (Some(n), Some(title)) => format!("step {n} '{}'", format::first_line(title)),
            _ => "no step".to_owned(),
        };
        text.push_str(&format!(
            "  #{:<4} {on} · {} · {} by {}\n",
            attachment.id,
            facts(attachment),
            format::utc(attachment.created_at_ms),
            attachment.created_by
        ));
        if let Some(caption) = &attachment.caption {
            text.push_str(&format!("        {}\n", format::first_line(caption)));
        }
    }
    emit(text.trim_end())?;
    Ok(())
}

async fn get(ctx: &Context, id: i64, output: Option<&Path>) -> Result<(), CliError> {
    if output.is_none() && std::io::stdout().is_terminal() {
        return Err(CliError::Usage(format!(
            "screenshot #{id} is binary image data and stdout is a terminal; write it to a file with -o FILE, or \
             pipe it (relay attachment get {id} > shot.png)"
        )));
    }
    let mut stream = daemon_client(ctx)
        .await?
        .review
        .get_attachment(GetAttachmentRequest { id })
        .await?
        .into_inner();
    let mut sink = match output {
        Some(path) => Sink::file(path)?,
        None => Sink::Stdout(std::io::stdout().lock()),
    };
    let mut meta: Option<proto::Attachment> = None;
    while let Some(chunk) = stream.message().await? {
        if meta.is_none() {
            meta = chunk.attachment;
        }
        if !sink.write(&chunk.data)? {
            // The reader went away (`relay attachment get 3 | head -c 8`): stop quietly.
            return Ok(());
        }
    }
    let meta = meta.ok_or_else(|| CliError::Failed(format!("relayd sent no data for screenshot #{id}")))?;
    if let Sink::File { file, path } = sink {
        file.persist(path)
            .map_err(|err| CliError::Failed(format!("cannot write {}: {}", path.display(), err.error)))?;
        emit(&format!(
            "wrote {} (#{} · {})",
            path.display(),
            meta.id,
            facts(&meta)
        ))?;
    }
    Ok(())
}

/// Where `get` writes: stdout, or a temp file beside FILE that becomes it once complete.
enum Sink<'p> {
    Stdout(std::io::StdoutLock<'static>),
    File {
        file: tempfile::NamedTempFile,
        path: &'p Path,
    },
}

impl<'p> Sink<'p> {
    fn file(path: &'p Path) -> Result<Sink<'p>, CliError> {
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let file = tempfile::NamedTempFile::new_in(dir)
            .map_err(|err| CliError::Failed(format!("cannot write into {}: {err}", dir.display())))?;
        Ok(Sink::File { file, path })
    }

    /// `Ok(false)` when stdout's reader went away.
    fn write(&mut self, bytes: &[u8]) -> Result<bool, CliError> {
        let written = match self {
            Sink::Stdout(out) => out.write_all(bytes).and_then(|()| out.flush()),
            Sink::File { file, path } => file
                .write_all(bytes)
                .map_err(|err| std::io::Error::new(err.kind(), format!("{}: {err}", path.display()))),
        };
        match written {
            Ok(()) => Ok(true),
            Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
            Err(err) => Err(CliError::Failed(format!("cannot write the screenshot: {err}"))),
        }
    }
}

async fn add(ctx: &Context, args: AttachmentAddArgs) -> Result<(), CliError> {
    let (path, content) = if args.path.as_os_str() == "-" {
        (String::new(), Some(read_stdin()?))
    } else {
        let path = std::path::absolute(&args.path)
            .map_err(|err| CliError::Usage(format!("cannot make {} absolute: {err}", args.path.display())))?;
        let path = path
            .to_str()
            .ok_or_else(|| {
                CliError::Usage(format!("{} is not valid UTF-8; rename the file", path.display()))
            })?
            .to_owned();
        (path, None)
    };
    let request = AddAttachmentRequest {
        key: args.key,
        path,
        content,
        step: args.step,
        caption: args.caption,
        filename: args.name,
        actor: format::actor(&args.writer),
    };
    let answer = daemon_client(ctx)
        .await?
        .review
        .add_attachment(request)
        .await?
        .into_inner();
    print_write(answer, args.output, |a, changed| match changed {
        true => format!("attached #{} ({}) to {}", a.id, facts(a), place(a)),
        // The notes (on stderr) say where the same image already is.
        false => format!("#{} is already on {}", a.id, place(a)),
    })
}

/// The image piped in on stdin (`-`).
fn read_stdin() -> Result<Vec<u8>, CliError> {
    let mut stdin = std::io::stdin().lock();
    if stdin.is_terminal() {
        return Err(CliError::Usage(
            "`-` reads the image from stdin, but stdin is a terminal; pipe the image in (wl-paste | relay attachment \
             add KEY -) or give its path"
                .to_owned(),
        ));
    }
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut stdin, &mut bytes)
        .map_err(|err| CliError::Failed(format!("cannot read the image from stdin: {err}")))?;
    Ok(bytes)
}

/// A write's answer: notes on stderr, then one line (or the JSON document).
fn print_write(
    answer: proto::AttachmentWrite,
    output: OutputArgs,
    line: impl Fn(&proto::Attachment, bool) -> String,
) -> Result<(), CliError> {
    format::print_notes(answer.notes.as_ref());
    let attachment = answer
        .attachment
        .ok_or_else(|| CliError::Failed("relayd answered without the screenshot".to_owned()))?;
    if output.json {
        let body = json!({ "attachment": format::to_json(&attachment) });
        return print_json(&format::with_notes(body, answer.notes.as_ref()));
    }
    let changed = answer.notes.as_ref().is_none_or(|n| n.changed);
    emit(&line(&attachment, changed))?;
    Ok(())
}

/// `step 2 'Login' of acme-3`, or `acme-3`.
fn place(attachment: &proto::Attachment) -> String {
    match (attachment.step, &attachment.step_title) {
        (Some(n), Some(title)) => format!("step {n} '{}' of {}", format::first_line(title), attachment.key),
        _ => attachment.key.clone(),
    }
}

/// `PNG, 245 KB, login.png`.
fn facts(attachment: &proto::Attachment) -> String {
    let kind = match attachment.media_type.as_str() {
        "image/png" => "PNG",
        "image/jpeg" => "JPEG",
        "image/webp" => "WebP",
        "image/gif" => "GIF",
        other => other,
    };
    let mut facts = format!(
        "{kind}, {}",
        size(u64::try_from(attachment.size_bytes).unwrap_or(0))
    );
    if let Some(name) = &attachment.original_name {
        facts.push_str(&format!(", {name}"));
    }
    facts
}

/// Bytes as people read them (1 MB = 1,048,576 bytes), the way relayd's messages show them.
fn size(bytes: u64) -> String {
    relay_core::display::human_size(bytes)
}

/// `12` or `#12`.
fn parse_id(text: &str) -> Result<i64, String> {
    text.trim()
        .trim_start_matches('#')
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| format!("expected a screenshot id such as 12 or #12, got {text:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_id_takes_a_number_with_or_without_hash_when_positive() {
        assert_eq!(parse_id("12"), Ok(12));
        assert_eq!(parse_id("#7"), Ok(7));
        assert!(parse_id("0").is_err());
        assert!(parse_id("acme-1").unwrap_err().contains("such as 12 or #12"));
    }
}
