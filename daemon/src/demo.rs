//! `relay demo --home DIR [--force]`: seeds a made-up workspace into a data directory, through the same board
//! service every client uses (relaybay §5 "demo"): projects acme-shop (with a repository folder) and demo-api,
//! eleven tasks across the six stages with descriptions, progress and reports, tracker badges (one logged done
//! task), a stale next step, a decision, a desktop session bound to a dev task and shown as working (one
//! synthetic hook event), a task in review with a three-step checklist and two generated PNG screenshots, bound
//! to a session whose hook id `demo-review-hook-session` is linked exactly, an M task in dev with an accepted
//! plan (one step done as planned with a report link, one done with a deviation, one in progress, one pending),
//! and an S task in dev without a plan whose session (`demo-todo-hook-session`, linked exactly) reported a
//! three-item todo.
//!
//! A database that already has a project or an event is refused; with `force` it is kept aside as
//! `relay.sqlite.before-demo-<YYYYMMDD-HHMMSS>` (with its WAL files and its attachments folder). The token is
//! not created: the first `relay --home DIR` start does that. A `config.toml` with `port = 0` is written when there
//! is none, so the demo's relayd runs beside the user's own.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use relay_core::board::PlanStepStatus;
use relay_core::config::Config;
use relay_core::hook::{Agent, Phase, read_event};
use serde_json::{Value, json};

use crate::attach::files;
use crate::board::{
    AttachInput, AttachSource, BoardError, Caller, DecisionInput, NewTask, ProjectInput, ReportInput,
    ReviewStepInput, StepChange, StepInput, TaskChange,
};
use crate::handle::DaemonHandle;
use crate::lock::{DataLock, LockError};
use crate::store::{Store, StoreError};
use crate::token::Token;

/// The hook id of the review task's session: a simulated hook event with it receives the owner's decisions.
pub const REVIEW_HOOK_SESSION: &str = "demo-review-hook-session";
/// The hook id of the S task's session, which reported a todo.
pub const TODO_HOOK_SESSION: &str = "demo-todo-hook-session";
/// The desktop session bound to the dev task with the accepted plan.
pub const DESKTOP_SESSION: &str = "local_0b7c6a52-demo-4d0e-9f3c-desk00000001";
const DESKTOP_HOOK_SESSION: &str = "demo-desktop-hook-session";

#[derive(Debug, thiserror::Error)]
pub enum DemoError {
    #[error(transparent)]
    Locked(#[from] LockError),
    #[error(transparent)]
    Folder(#[from] crate::DaemonError),
    #[error(
        "{db} already holds a board ({projects} projects, {events} events); relay demo seeds only an empty data \
         directory. Pass --force to keep the old database aside and seed a new one, or choose another --home"
    )]
    NotEmpty { db: PathBuf, projects: i64, events: i64 },
    #[error("cannot {action} {path}: {source}")]
    Io {
        action: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("seeding the demo failed: {0}")]
    Board(#[from] BoardError),
}

/// What was seeded, for the command's answer.
#[derive(Debug, Clone)]
pub struct Seeded {
    pub projects: usize,
    pub tasks: usize,
    /// Where the old database went, with --force.
    pub kept_aside: Option<PathBuf>,
}

/// Seeds the demo workspace into `config`'s data directory (see the module documentation).
pub async fn seed(config: Config, force: bool) -> Result<Seeded, DemoError> {
    // The database and everything beside it private to the user (0600 / 0700), as relayd creates them.
    crate::fsutil::set_private_umask();
    let data = config.data_dir.clone();
    crate::create_private_dir(data.path())?;
    let _lock = DataLock::acquire(&data)?;
    let db = data.db();
    let mut kept_aside = None;
    if db.exists() {
        let (projects, events) = board_size(&db).await?;
        if projects > 0 || events > 0 {
            if !force {
                return Err(DemoError::NotEmpty { db, projects, events });
            }
            kept_aside = Some(keep_aside(&db, data.path())?);
        }
    }
    write_config(&data.config())?;
    let store = Store::open(&db).await?;
    let addr: SocketAddr = SocketAddr::from(([127, 0, 0, 1], 0));
    let handle = DaemonHandle::new(config, store, Token::ephemeral(), addr);
    let seeded = Demo { handle: &handle }.seed(data.path()).await;
    handle.store().close().await;
    let (projects, tasks) = seeded?;
    Ok(Seeded {
        projects,
        tasks,
        kept_aside,
    })
}

/// The demo's daemon picks a free port, so it runs beside the user's own relayd on 8765. An existing
/// config.toml is left as it is.
fn write_config(path: &Path) -> Result<(), DemoError> {
    if path.exists() {
        return Ok(());
    }
    let text = "# Written by `relay demo`: the demo's relayd takes a free port, beside your own on 8765.\nport = 0\n";
    crate::token::write_private(path, text.as_bytes()).map_err(|err| DemoError::Io {
        action: "write",
        path: path.to_path_buf(),
        source: std::io::Error::other(err.to_string()),
    })
}

async fn board_size(db: &Path) -> Result<(i64, i64), DemoError> {
    let store = Store::open(db).await?;
    let counted = async {
        let mut conn = store.read().await?;
        crate::store::board::size(&mut conn).await
    }
    .await;
    store.close().await;
    Ok(counted?)
}

/// Renames the database, its WAL files and the attachments folder to `…before-demo-<stamp>`.
fn keep_aside(db: &Path, data_dir: &Path) -> Result<PathBuf, DemoError> {
    let stamp = relay_core::time::stamp(relay_core::time::now_ms());
    let aside = PathBuf::from(format!("{}.before-demo-{stamp}", db.display()));
    let rename = |from: &Path, to: &Path| {
        std::fs::rename(from, to).map_err(|source| DemoError::Io {
            action: "rename",
            path: from.to_path_buf(),
            source,
        })
    };
    rename(db, &aside)?;
    for suffix in ["-wal", "-shm"] {
        let file = PathBuf::from(format!("{}{suffix}", db.display()));
        if file.exists() {
            rename(&file, &PathBuf::from(format!("{}{suffix}", aside.display())))?;
        }
    }
    let attachments = files::root(data_dir);
    if attachments.exists() {
        rename(
            &attachments,
            &data_dir.join(format!("{}.before-demo-{stamp}", files::ATTACHMENTS_DIR)),
        )?;
    }
    Ok(aside)
}

struct Demo<'h> {
    handle: &'h DaemonHandle,
}

fn owner() -> Caller {
    Caller::demo()
}

/// The demo's agents write as agents do, over MCP.
fn agent(session: &str) -> Caller {
    Caller::mcp_token().with_session(Some(session.to_owned()), None)
}

fn fields(pairs: &[(&str, &str)]) -> Vec<(String, Value)> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), Value::String((*v).to_owned())))
        .collect()
}

impl Demo<'_> {
    async fn seed(&self, data_dir: &Path) -> Result<(usize, usize), DemoError> {
        let board = self.handle.board();
        let repo = data_dir.join("acme-shop");
        crate::create_private_dir(&repo)?;
        let repo_text = repo.to_string_lossy().into_owned();
        for (slug, name, repo, description) in [
            (
                "acme-shop",
                "Acme Shop",
                Some(repo_text.as_str()),
                "The web shop: catalogue, cart, checkout and the customer's account.",
            ),
            (
                "demo-api",
                "Demo API",
                None,
                "The public HTTP API partners use to place and track orders.",
            ),
        ] {
            let input = ProjectInput {
                slug: slug.to_owned(),
                name: Some(name.to_owned()),
                repo_path: repo.map(str::to_owned),
                description: Some(description.to_owned()),
            };
            board.upsert_project(input, &owner()).await?;
        }

        let tasks = [
            self.plan_task().await?,
            self.checkout_with_plan().await?,
            self.typo_with_todo().await?,
            self.login_in_review().await?,
            self.search_in_test().await?,
            self.emails_live().await?,
            self.sdk_done_logged().await?,
            self.zoom_with_stale_next_step().await?,
            self.rate_limit_dev().await?,
            self.openapi_done().await?,
            self.health_plan().await?,
        ];
        board
            .add_decision(
                DecisionInput {
                    project: "acme-shop".into(),
                    task: None,
                    text:
                        "Card details go through the payment provider's hosted fields; the shop never sees a \
                           card number."
                            .into(),
                    decided_by: Some("owner".into()),
                    source: Some("security review, week 47".into()),
                    ..DecisionInput::default()
                },
                &owner(),
            )
            .await?;
        Ok((2, tasks.len()))
    }

    async fn task(
        &self,
        project: &str,
        title: &str,
        pairs: &[(&str, &str)],
        session: Option<&str>,
    ) -> Result<String, DemoError> {
        let new = NewTask {
            project: project.to_owned(),
            title: title.to_owned(),
            fields: fields(pairs),
            session: session.map(str::to_owned),
        };
        let caller = session.map_or_else(owner, agent);
        Ok(self.handle.board().create_task(new, &caller).await?.value.key())
    }

    async fn update(&self, key: &str, pairs: &[(&str, &str)], caller: &Caller) -> Result<(), DemoError> {
        let change = TaskChange {
            fields: fields(pairs),
            expected_version: None,
        };
        self.handle.board().update_task(key, change, caller).await?;
        Ok(())
    }

    async fn report(&self, key: &str, body: &str, session: &str) -> Result<i64, DemoError> {
        let input = ReportInput {
            key: key.to_owned(),
            body: body.to_owned(),
            ..ReportInput::default()
        };
        Ok(self
            .handle
            .board()
            .add_report(input, &agent(session))
            .await?
            .value
            .id)
    }

    /// One synthetic Claude Code hook call, as its hooks would send it.
    async fn hook(&self, phase: Phase, cc: &str, extra: Value) -> Result<(), DemoError> {
        let name = phase.events(Agent::Claude).first().copied().unwrap_or_default();
        let mut body =
            json!({ "session_id": cc, "cwd": "/home/demo/src/acme-shop", "hook_event_name": name });
        if let (Value::Object(body), Value::Object(extra)) = (&mut body, extra) {
            body.extend(extra);
        }
        let event = read_event(Agent::Claude, phase, body.to_string().as_bytes())
            .map_err(|err| BoardError::Invalid(format!("demo hook payload: {err}")))?;
        self.handle.claude().hook(&event, true).await?;
        Ok(())
    }

    async fn plan_task(&self) -> Result<String, DemoError> {
        self.task(
            "acme-shop",
            "Address book page",
            &[
                (
                    "description",
                    "Customers keep several delivery addresses and pick one at checkout.",
                ),
                ("waiting_on", "owner"),
                ("next_step", "Agree on the fields of an address with the owner"),
                ("priority", "2"),
            ],
            None,
        )
        .await
    }

    async fn checkout_with_plan(&self) -> Result<String, DemoError> {
        let board = self.handle.board();
        let key = self
            .task(
                "acme-shop",
                "Checkout: pay with a saved card",
                &[
                    (
                        "description",
                        "Returning customers pay with a card they saved before, without typing it again.",
                    ),
                    ("size", "M"),
                    ("branch", "feature/saved-cards"),
                    ("tracker_ref", "SHOP-142"),
                    ("tracker_name", "Jira"),
                    ("tracker_url", "https://jira.example.com/browse/SHOP-142"),
                    ("priority", "1"),
                ],
                Some(DESKTOP_SESSION),
            )
            .await?;
        let steps = [
            (
                "Store card tokens",
                "Keep the provider's token per customer, never the card number.",
            ),
            (
                "Saved cards list",
                "Show the saved cards at checkout, newest first.",
            ),
            ("Pay with a saved card", "Charge the token; handle 3-D Secure."),
            ("Remove a card", "Customers delete a saved card in their account."),
        ];
        let steps = steps
            .iter()
            .map(|(title, details)| StepInput {
                title: (*title).to_owned(),
                details: Some((*details).to_owned()),
            })
            .collect();
        let desk = agent(DESKTOP_SESSION);
        board
            .set_plan(&key, steps, Some("first plan from PLAN.md".into()), &desk)
            .await?;
        board.accept_plan(&key, &owner()).await?;
        self.update(&key, &[("stage", "dev")], &desk).await?;
        let report = self
            .report(
                &key,
                "committed · M · card tokens stored per customer\n\nMigration adds `card_token`; tokens come from the provider's vault.",
                DESKTOP_SESSION,
            )
            .await?;
        let step = |n: i64,
                    status: PlanStepStatus,
                    conformance: Option<&str>,
                    outcome: Option<&str>,
                    link: Option<String>| {
            StepChange {
                step: n,
                status: Some(status.as_str().to_owned()),
                conformance: conformance.map(str::to_owned),
                outcome: outcome.map(str::to_owned),
                link,
                details: None,
            }
        };
        for change in [
            step(
                1,
                PlanStepStatus::Done,
                Some("as planned"),
                Some("tokens stored, no card numbers"),
                Some(format!("report:{report}")),
            ),
            step(
                2,
                PlanStepStatus::Done,
                Some("deviation: the provider's list endpoint is paginated, so the list loads lazily"),
                Some("list shown at checkout"),
                None,
            ),
            step(3, PlanStepStatus::InProgress, None, None, None),
        ] {
            board.update_plan_step(&key, change, &desk).await?;
        }
        self.update(
            &key,
            &[
                (
                    "progress",
                    "Tokens are stored and listed at checkout; paying with a token is next.",
                ),
                (
                    "next_step",
                    "Handle the 3-D Secure challenge when paying with a saved card",
                ),
            ],
            &desk,
        )
        .await?;
        // The desktop app's Claude Code session starts and edits: the session shows as working.
        self.hook(
            Phase::SessionStart,
            DESKTOP_HOOK_SESSION,
            json!({"source": "startup", "relay_host_session": DESKTOP_SESSION, "relay_host_attended": "1"}),
        )
        .await?;
        self.hook(
            Phase::PreTool,
            DESKTOP_HOOK_SESSION,
            json!({"tool_name": "Edit", "tool_input": {"file_path": "/home/demo/src/acme-shop/src/checkout.rs"}}),
        )
        .await?;
        Ok(key)
    }

    async fn typo_with_todo(&self) -> Result<String, DemoError> {
        let session = "typo-fixer";
        let key = self
            .task(
                "acme-shop",
                "Fix the typo on the pricing page",
                &[
                    ("description", "\"Anual\" should read \"Annual\" on /pricing."),
                    ("size", "S"),
                    ("stage", "dev"),
                ],
                Some(session),
            )
            .await?;
        self.handle
            .claude()
            .link_hook_session(session, TODO_HOOK_SESSION)
            .await?;
        for (id, subject, active) in [
            ("1", "Find every \"Anual\" in the templates", "Finding the typo"),
            (
                "2",
                "Fix the pricing page and the invoice email",
                "Fixing the typo",
            ),
            ("3", "Check the page in the browser", "Checking the page"),
        ] {
            self.hook(
                Phase::PostTool,
                TODO_HOOK_SESSION,
                json!({"tool_name": "TaskCreate", "tool_input": {"subject": subject, "activeForm": active},
                       "tool_response": {"task": {"id": id}}}),
            )
            .await?;
        }
        self.hook(
            Phase::PostTool,
            TODO_HOOK_SESSION,
            json!({"tool_name": "TaskUpdate", "tool_input": {"taskId": "1", "status": "completed"}}),
        )
        .await?;
        self.hook(
            Phase::PostTool,
            TODO_HOOK_SESSION,
            json!({"tool_name": "TaskUpdate", "tool_input": {"taskId": "2", "status": "in_progress"}}),
        )
        .await?;
        Ok(key)
    }

    async fn login_in_review(&self) -> Result<String, DemoError> {
        let board = self.handle.board();
        let session = "login-agent";
        let key = self
            .task(
                "acme-shop",
                "Login with two-factor authentication",
                &[
                    (
                        "description",
                        "Customers can turn on a one-time code from an authenticator app.",
                    ),
                    ("size", "M"),
                    ("branch", "feature/2fa"),
                    ("tracker_ref", "SHOP-131"),
                    ("tracker_name", "Jira"),
                ],
                Some(session),
            )
            .await?;
        let caller = agent(session);
        board
            .set_plan(
                &key,
                vec![
                    StepInput {
                        title: "TOTP secrets".into(),
                        details: None,
                    },
                    StepInput {
                        title: "Login form asks for the code".into(),
                        details: None,
                    },
                ],
                None,
                &caller,
            )
            .await?;
        board.accept_plan(&key, &owner()).await?;
        self.update(&key, &[("stage", "dev")], &caller).await?;
        self.report(
            &key,
            "verified locally · M · two-factor login works end to end\n\nTested with Google Authenticator and 1Password.",
            session,
        )
        .await?;
        let steps = [
            (
                "Turn on two-factor login",
                "Account → Security → Turn on. Scan the QR code with an authenticator app.",
            ),
            (
                "Log in with the code",
                "Log out, log in: after the password the form asks for the 6-digit code.",
            ),
            (
                "A wrong code is refused",
                "Type 000000: the form says the code is wrong and keeps the email.",
            ),
        ];
        let steps: Vec<ReviewStepInput> = steps
            .iter()
            .map(|(title, details)| ReviewStepInput {
                title: (*title).to_owned(),
                details: Some((*details).to_owned()),
            })
            .collect();
        board.set_review_steps(&key, &steps, &caller).await?;
        for (step, caption, shade) in [
            (1, "The security page with the QR code", [46, 125, 50]),
            (2, "The login form asking for the code", [21, 101, 192]),
        ] {
            board
                .attach(
                    AttachInput {
                        key: key.clone(),
                        source: AttachSource::Bytes(screenshot(shade)),
                        step: Some(step),
                        caption: Some(caption.to_owned()),
                        filename: Some(format!("step-{step}.png")),
                    },
                    &caller,
                )
                .await?;
        }
        self.update(
            &key,
            &[
                ("stage", "review"),
                ("waiting_on", "owner"),
                ("next_step", "The owner checks the three steps of the Owner check"),
                (
                    "progress",
                    "Two-factor login is built and tested locally; waiting for the owner's check.",
                ),
            ],
            &caller,
        )
        .await?;
        self.handle
            .claude()
            .link_hook_session(session, REVIEW_HOOK_SESSION)
            .await?;
        self.hook(Phase::Stop, REVIEW_HOOK_SESSION, json!({})).await?;
        Ok(key)
    }

    async fn search_in_test(&self) -> Result<String, DemoError> {
        let session = "search-agent";
        let key = self
            .task(
                "acme-shop",
                "Search suggestions while typing",
                &[
                    ("description", "Suggest products after three letters."),
                    ("size", "S"),
                ],
                Some(session),
            )
            .await?;
        let caller = agent(session);
        self.update(&key, &[("stage", "dev")], &caller).await?;
        self.report(
            &key,
            "pushed · S · suggestions after three letters\n\nDebounced at 150 ms; the top 8 products by sales.",
            session,
        )
        .await?;
        self.update(
            &key,
            &[
                ("stage", "test"),
                ("waiting_on", "QA"),
                ("next_step", "QA runs the search checklist on staging"),
            ],
            &caller,
        )
        .await
        .map(|()| key)
    }

    async fn emails_live(&self) -> Result<String, DemoError> {
        let key = self
            .task(
                "acme-shop",
                "Order emails in Spanish",
                &[
                    (
                        "description",
                        "Customers with a Spanish locale get their order emails in Spanish.",
                    ),
                    ("size", "S"),
                    ("progress", "Templates translated and live since Tuesday."),
                ],
                None,
            )
            .await?;
        self.report(&key, "pushed · S · Spanish templates live", "mail-agent")
            .await?;
        self.update(
            &key,
            &[
                ("stage", "live"),
                ("next_step", "Watch the bounce rate for a week"),
            ],
            &owner(),
        )
        .await
        .map(|()| key)
    }

    async fn sdk_done_logged(&self) -> Result<String, DemoError> {
        let key = self
            .task(
                "acme-shop",
                "Upgrade the payment SDK to v5",
                &[
                    ("description", "v4 reaches its end of life in March."),
                    ("size", "S"),
                    ("tracker_ref", "SHOP-120"),
                    ("tracker_name", "Jira"),
                    ("tracker_url", "https://jira.example.com/browse/SHOP-120"),
                ],
                None,
            )
            .await?;
        self.report(
            &key,
            "committed · S · SDK v5, all payment tests green",
            "sdk-agent",
        )
        .await?;
        self.update(
            &key,
            &[("progress", "Upgraded; the old webhooks keep working.")],
            &owner(),
        )
        .await?;
        self.update(&key, &[("stage", "done")], &owner()).await?;
        self.update(&key, &[("tracker_logged", "true")], &owner()).await?;
        Ok(key)
    }

    async fn zoom_with_stale_next_step(&self) -> Result<String, DemoError> {
        let key = self
            .task(
                "acme-shop",
                "Zoom into product images",
                &[
                    (
                        "description",
                        "A click on a product image opens it full screen with pinch zoom.",
                    ),
                    (
                        "next_step",
                        "Decide between the lightbox library and our own viewer",
                    ),
                ],
                None,
            )
            .await?;
        // The stage moves on without a new next step: the old one is now stale. Staleness compares millisecond
        // times, so the move must come at least a millisecond after the next step was written.
        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
        self.update(&key, &[("stage", "dev")], &owner()).await?;
        Ok(key)
    }

    async fn rate_limit_dev(&self) -> Result<String, DemoError> {
        self.task(
            "demo-api",
            "Rate limiting for /v1/orders",
            &[
                (
                    "description",
                    "100 requests a minute per key; 429 with Retry-After above it.",
                ),
                ("stage", "dev"),
                ("size", "S"),
                ("progress", "Token bucket in place; headers next."),
                ("next_step", "Send X-RateLimit-Remaining on every answer"),
            ],
            Some("api-agent"),
        )
        .await
    }

    async fn openapi_done(&self) -> Result<String, DemoError> {
        let key = self
            .task(
                "demo-api",
                "Publish the OpenAPI document",
                &[
                    ("description", "Serve /openapi.json and render it at /docs."),
                    ("tracker_ref", "#12"),
                    ("tracker_name", "GitHub"),
                    ("tracker_url", "https://github.com/example/demo-api/issues/12"),
                    (
                        "progress",
                        "Generated from the handlers; rendered with the vendored viewer.",
                    ),
                ],
                None,
            )
            .await?;
        self.report(&key, "pushed · S · /openapi.json and /docs live", "api-agent")
            .await?;
        self.update(&key, &[("stage", "done")], &owner()).await?;
        Ok(key)
    }

    async fn health_plan(&self) -> Result<String, DemoError> {
        self.task(
            "demo-api",
            "Health endpoint for the load balancer",
            &[(
                "description",
                "GET /healthz answers 200 when the database answers.",
            )],
            None,
        )
        .await
    }
}

/// A small generated screenshot: a window with a title bar in `shade`, a form and a button (PNG, 320×200).
pub fn screenshot(shade: [u8; 3]) -> Vec<u8> {
    const W: u32 = 320;
    const H: u32 = 200;
    let mut pixels = Vec::with_capacity((W * H * 3) as usize);
    for y in 0..H {
        for x in 0..W {
            let colour = if y < 28 {
                shade
            } else if (60..84).contains(&y) && (40..280).contains(&x)
                || (100..124).contains(&y) && (40..280).contains(&x)
            {
                [255, 255, 255]
            } else if (150..176).contains(&y) && (180..280).contains(&x) {
                shade
            } else {
                [236, 239, 241]
            };
            pixels.extend_from_slice(&colour);
        }
    }
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, W, H);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        // Writing into a Vec cannot fail; an error would leave an empty image, which attach refuses loudly.
        if let Ok(mut writer) = encoder.write_header() {
            let _ = writer.write_image_data(&pixels);
        }
    }
    out
}

#[cfg(test)]
#[path = "demo_tests.rs"]
mod tests;
