//! relayd's logs: daily-rotated files in the log directory through tracing-appender, plus stderr when
//! the daemon runs in the foreground of a terminal.

use relay_core::config::{Config, LogFormat};
use relay_core::paths::{LOG_FILE_PREFIX, LOG_FILE_SUFFIX};
use tracing_appender::non_blocking::WorkerGuard;
use tracing_appender::rolling::{RollingFileAppender, Rotation};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer};

use crate::error::DaemonError;

/// Daily files are named `relayd.YYYY-MM-DD.log`; this many are kept.
const KEPT_LOG_FILES: usize = 14;

/// Keeps the background log writer alive; dropping it flushes the last lines.
#[derive(Debug)]
pub struct LogGuard {
    _file: WorkerGuard,
}

/// Installs the global subscriber. `to_stderr` also prints to stderr (foreground runs).
pub fn init(config: &Config, to_stderr: bool) -> Result<LogGuard, DaemonError> {
    // The log files are the first files a daemon creates.
    crate::fsutil::set_private_umask();
    crate::fsutil::create_private_dir(&config.log_dir)?;
    let appender = RollingFileAppender::builder()
        .rotation(Rotation::DAILY)
        .filename_prefix(LOG_FILE_PREFIX)
        .filename_suffix(LOG_FILE_SUFFIX)
        .max_log_files(KEPT_LOG_FILES)
        .build(&config.log_dir)
        .map_err(|err| DaemonError::Logs {
            dir: config.log_dir.clone(),
            problem: err.to_string(),
        })?;
    let (writer, guard) = tracing_appender::non_blocking(appender);
    let level = config.log_level.as_str();
    let filter = || {
        EnvFilter::new(format!(
            "{level},h2=warn,hyper=warn,hyper_util=warn,tower=warn,sqlx=warn,rmcp=warn"
        ))
    };
    let file_layer = match config.log_format {
        LogFormat::Text => tracing_subscriber::fmt::layer()
            .with_ansi(false)
            .with_writer(writer)
            .boxed(),
        LogFormat::Json => tracing_subscriber::fmt::layer()
            .json()
            .with_writer(writer)
            .boxed(),
    };
    let stderr_layer = to_stderr.then(|| {
        tracing_subscriber::fmt::layer()
            .with_writer(std::io::stderr)
            .with_filter(filter())
    });
    // A second init in one process (tests) keeps the first subscriber.
    log_panics();
    let _ = tracing_subscriber::registry()
        .with(file_layer.with_filter(filter()))
        .with(stderr_layer)
        .try_init();
    Ok(LogGuard { _file: guard })
}

/// A daemon started in the background has no terminal: panics go to the log too.
fn log_panics() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        tracing::error!(panic = %info, "relayd panicked");
        previous(info);
    }));
}
