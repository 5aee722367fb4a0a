//! A tmux server of a test's own, driving the real `relay` window in a real terminal: start a command in a
//! detached session of a fixed size, send keys, read the pane back. Used by the real-terminal e2e test and the
//! window's benchmark (`benches/tui.rs`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// How long one frame may take to show what the test waits for.
pub const FRAME_TIMEOUT: Duration = Duration::from_secs(15);
pub const POLL: Duration = Duration::from_millis(25);

/// A tmux server of its own (its socket in the scratch folder), killed when dropped — or, when the test process
/// is killed first, by the server's own watch on that process within a second.
pub struct Tmux {
    socket: PathBuf,
    session: String,
}

impl Tmux {
    /// `tmux` on the private socket, with an environment free of the caller's relay settings.
    pub fn command(socket: &Path) -> Command {
        let mut command = Command::new("tmux");
        command.arg("-S").arg(socket);
        crate::without_relay_env(&mut command).env_remove("TMUX");
        command
    }

    pub fn tmux(&self, args: &[&str]) -> std::process::Output {
        let output = Tmux::command(&self.socket)
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("cannot run tmux {args:?}: {e}"));
        assert!(
            output.status.success(),
            "tmux {args:?} failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        output
    }

    /// Starts `shell_command` in a new detached 200×50 session of its own server.
    pub fn start(scratch: &Path, shell_command: &str) -> Tmux {
        let socket = scratch.join("tmux.sock");
        let session = format!("relay-e2e-{}", std::process::id());
        let tmux = Tmux { socket, session };
        tmux.tmux(&[
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-x",
            "200",
            "-y",
            "50",
            "-s",
            &tmux.session,
            shell_command,
        ]);
        // Drop kills the server, but a killed test (nextest's timeout, Ctrl-C) never drops it: a job of the
        // server itself watches the test's process and kills the server, with the window in it, once it is gone.
        let watch = format!(
            "while kill -0 {pid} 2>/dev/null; do sleep 1; done; tmux -S {socket} kill-server >/dev/null 2>&1",
            pid = std::process::id(),
            socket = quoted(&tmux.socket)
        );
        tmux.tmux(&["run-shell", "-b", &watch]);
        tmux
    }

    pub fn capture(&self) -> String {
        let out = self.tmux(&["capture-pane", "-p", "-t", &self.session]);
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    pub fn send(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", self.session.as_str()];
        args.extend_from_slice(keys);
        self.tmux(&args);
    }

    /// Types `text` literally (no key names).
    pub fn type_text(&self, text: &str) {
        self.tmux(&["send-keys", "-t", &self.session, "-l", text]);
    }

    /// Resizes the session's window (and so the terminal the command sees) to `width`×`height`.
    pub fn resize(&self, width: u16, height: u16) {
        let (width, height) = (width.to_string(), height.to_string());
        self.tmux(&["resize-window", "-t", &self.session, "-x", &width, "-y", &height]);
    }

    /// A pane format, e.g. `#{pane_dead}`.
    pub fn pane(&self, format: &str) -> String {
        let out = self.tmux(&["display-message", "-p", "-t", &self.session, format]);
        String::from_utf8_lossy(&out.stdout).trim().to_owned()
    }

    /// Polls the pane until `what` holds for its text; fails with the last capture after the deadline.
    pub async fn wait_for(&self, description: &str, what: impl Fn(&str) -> bool) -> String {
        self.wait_for_within(description, FRAME_TIMEOUT, what).await
    }

    /// [`Tmux::wait_for`] for what comes later than a frame (a screen that refreshes on its own).
    pub async fn wait_for_within(
        &self,
        description: &str,
        timeout: Duration,
        what: impl Fn(&str) -> bool,
    ) -> String {
        let deadline = Instant::now() + timeout;
        loop {
            let screen = self.capture();
            if what(&screen) {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "the window never showed {description} within {timeout:?}; the last frame:\n{screen}"
            );
            tokio::time::sleep(POLL).await;
        }
    }

    /// The pid of the process the pane runs (the shell that runs the command).
    pub fn pane_pid(&self) -> u32 {
        let pid = self.pane("#{pane_pid}");
        pid.parse()
            .unwrap_or_else(|_| panic!("tmux gave no pane pid: {pid:?}"))
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Tmux::command(&self.socket).arg("kill-server").output();
    }
}

/// Quotes a word for the shell tmux runs the command with.
pub fn quoted(word: &Path) -> String {
    format!("'{}'", word.display().to_string().replace('\'', r"'\''"))
}
