//! The configuration layers, each key's parsing and messages, and the docs table, against real files.

use std::collections::HashMap;

use super::*;

fn home_with(config: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("config.toml"), config).unwrap();
    dir
}

fn load(home: &Path, env: &[(&str, &str)], flags: Flags) -> Result<Config, ConfigError> {
    let env: HashMap<String, String> = env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let flags = Flags {
        home: Some(home.to_path_buf()),
        ..flags
    };
    Config::load_with(&flags, |name| env.get(name).cloned())
}

#[test]
fn defaults_apply_when_nothing_is_configured() {
    let dir = tempfile::tempdir().unwrap();
    let config = load(dir.path(), &[], Flags::default()).unwrap();
    assert_eq!(config.port, DEFAULT_PORT);
    assert_eq!(config.host, IpAddr::from([127, 0, 0, 1]));
    assert_eq!(config.socket, dir.path().join("run").join("relayd-v2.sock"));
    assert_eq!(config.log_dir, dir.path().join("logs"));
    assert_eq!(config.log_level, LogLevel::Info);
    assert_eq!(config.event_buffer, DEFAULT_EVENT_BUFFER);
    assert_eq!(config.home_source, HomeSource::Flag);
    assert_eq!(config.rules_mode, RulesMode::Warn);
    assert!(config.rules.is_empty());
}

#[test]
fn lock_ttl_is_clamped_to_its_range_when_configured() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(load(dir.path(), &[], Flags::default()).unwrap().lock_ttl_secs, 15);
    let ttl = |value: &str| {
        load(dir.path(), &[("RELAY_LOCK_TTL_SECS", value)], Flags::default()).map(|c| c.lock_ttl_secs)
    };
    assert_eq!(ttl("60").unwrap(), 60);
    assert_eq!(ttl("1").unwrap(), 5);
    assert_eq!(ttl("3600").unwrap(), 300);
    let message = ttl("-3").unwrap_err().to_string();
    assert!(
        message.contains("`lock_ttl_secs`") && message.contains("RELAY_LOCK_TTL_SECS"),
        "{message}"
    );
    let dir = home_with("lock_ttl_secs = \"long\"\n");
    assert!(load(dir.path(), &[], Flags::default()).is_err());
}

#[test]
fn attachment_limits_and_roots_are_read_and_checked_when_configured() {
    let dir = tempfile::tempdir().unwrap();
    let defaults = load(dir.path(), &[], Flags::default()).unwrap();
    assert_eq!(
        (defaults.attachments_max_mb, defaults.attachments_task_max_mb),
        (10, 200)
    );
    assert!(defaults.attachment_roots.is_empty());
    let env = load(
        dir.path(),
        &[
            ("RELAY_ATTACHMENTS_MAX_MB", "3"),
            ("RELAY_ATTACHMENT_ROOTS", "/srv/shots, /home/dana/Pictures"),
        ],
        Flags::default(),
    )
    .unwrap();
    assert_eq!(env.attachments_max_mb, 3);
    assert_eq!(
        env.attachment_roots,
        vec![PathBuf::from("/srv/shots"), PathBuf::from("/home/dana/Pictures")]
    );
    let refused = |var: &str, value: &str| {
        load(dir.path(), &[(var, value)], Flags::default())
            .unwrap_err()
            .to_string()
    };
    let message = refused("RELAY_ATTACHMENTS_MAX_MB", "0");
    assert!(
        message.contains("`attachments_max_mb`") && message.contains("from 1 to 1024"),
        "{message}"
    );
    let message = refused("RELAY_ATTACHMENTS_TASK_MAX_MB", "lots");
    assert!(message.contains("`attachments_task_max_mb`"), "{message}");
    let message = refused("RELAY_ATTACHMENT_ROOTS", "shots");
    assert!(
        message.contains("`attachment_roots`") && message.contains("absolute folder paths"),
        "{message}"
    );
}

#[test]
fn rules_mode_is_read_from_file_and_env_when_set() {
    let dir = home_with("rules_mode = \"strict\"\n");
    let file = load(dir.path(), &[], Flags::default()).unwrap();
    assert_eq!(file.rules_mode, RulesMode::Strict);
    let env = load(dir.path(), &[("RELAY_RULES_MODE", "warn")], Flags::default()).unwrap();
    assert_eq!(env.rules_mode, RulesMode::Warn);
}

#[test]
fn invalid_rules_mode_names_the_key_and_origin_when_loading() {
    let dir = tempfile::tempdir().unwrap();
    let message = load(dir.path(), &[("RELAY_RULES_MODE", "loose")], Flags::default())
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("`rules_mode`")
            && message.contains("RELAY_RULES_MODE")
            && message.contains("warn or strict"),
        "{message}"
    );
    let dir = home_with("rules_mode = true\n");
    let message = load(dir.path(), &[], Flags::default()).unwrap_err().to_string();
    assert!(
        message.contains("`rules_mode`") && message.contains("config.toml"),
        "{message}"
    );
}

#[test]
fn rules_table_becomes_the_global_layer_when_present() {
    let dir = home_with(
        "port = 9000\n\n[rules]\nguidance = \"Small steps.\"\n\n[rules.stage_requirements]\n\
         review = [{ kind = \"field_present\", field = \"branch\" }]\ndev = []\n",
    );
    let config = load(dir.path(), &[], Flags::default()).unwrap();
    assert_eq!(config.port, 9000);
    let expected = crate::rules::RulesLayer::from_json(
        r#"{"guidance": "Small steps.", "stage_requirements": {"review": [{"kind": "field_present", "field": "branch"}], "dev": []}}"#,
    )
    .unwrap();
    assert_eq!(config.rules, expected);
    let rules = crate::rules::effective(&config.rules, None, config.rules_mode);
    assert!(
        rules
            .summary_line()
            .ends_with(": branch before review, report before test, progress before done")
    );
}

#[test]
fn invalid_rules_table_names_the_key_path_and_file_when_loading() {
    let dir = home_with("[rules.stage_requirements]\ntset = []\n");
    let err = load(dir.path(), &[], Flags::default()).unwrap_err();
    assert!(matches!(err, ConfigError::Rules { .. }), "{err}");
    let message = err.to_string();
    assert!(
        message.starts_with("invalid configuration: `rules.stage_requirements.tset` in "),
        "{message}"
    );
    assert!(message.contains("config.toml"), "{message}");
    assert!(
        message.ends_with(": unknown stage `tset`; stages are plan, dev, review, test, live, done"),
        "{message}"
    );
    let dir = home_with("rules = \"strict\"\n");
    let message = load(dir.path(), &[], Flags::default()).unwrap_err().to_string();
    assert!(
        message.contains("`rules`") && message.contains("expected a table"),
        "{message}"
    );
}

#[test]
fn later_layers_win_when_a_key_is_set_in_several() {
    let dir = home_with("port = 9000\nlog_level = \"debug\"\nallowed_hosts = [\"Relay.Example\"]\n");
    let file_only = load(dir.path(), &[], Flags::default()).unwrap();
    assert_eq!(file_only.port, 9000);
    assert_eq!(file_only.log_level, LogLevel::Debug);
    assert_eq!(file_only.allowed_hosts, vec!["relay.example".to_string()]);

    let env = load(dir.path(), &[("RELAY_PORT", "9100")], Flags::default()).unwrap();
    assert_eq!(env.port, 9100);
    assert_eq!(env.log_level, LogLevel::Debug);

    let flag = load(
        dir.path(),
        &[("RELAY_PORT", "9100")],
        Flags {
            port: Some(9200),
            ..Flags::default()
        },
    )
    .unwrap();
    assert_eq!(flag.port, 9200);
}

#[test]
fn invalid_file_value_names_the_key_and_file_when_loading() {
    let dir = home_with("port = \"eighty\"\n");
    let err = load(dir.path(), &[], Flags::default()).unwrap_err();
    let message = err.to_string();
    assert!(message.contains("`port`"), "{message}");
    assert!(message.contains("config.toml"), "{message}");
    assert!(message.contains("\"eighty\""), "{message}");
}

#[test]
fn invalid_env_value_names_the_variable_when_loading() {
    let dir = tempfile::tempdir().unwrap();
    let err = load(dir.path(), &[("RELAY_PORT", "70000")], Flags::default()).unwrap_err();
    let message = err.to_string();
    assert!(
        message.contains("`port`") && message.contains("RELAY_PORT"),
        "{message}"
    );
    let err = load(dir.path(), &[("RELAY_LOG_LEVEL", "loud")], Flags::default()).unwrap_err();
    assert!(err.to_string().contains("`log_level`"), "{err}");
}

#[test]
fn unknown_key_is_refused_with_the_known_keys_listed() {
    let dir = home_with("prot = 1\n");
    let message = load(dir.path(), &[], Flags::default()).unwrap_err().to_string();
    assert!(
        message.contains("`prot`")
            && message.contains("port, host")
            && message.ends_with(", [rules], [keys], [profiles]"),
        "{message}"
    );
}

#[test]
fn profiles_are_read_and_a_relative_command_is_refused_naming_the_key() {
    let dir = home_with("[profiles.build]\ncommand = \"/usr/bin/make\"\n");
    let config = load(dir.path(), &[], Flags::default()).unwrap();
    assert_eq!(config.profiles.names(), vec!["shell", "claude", "build"]);
    let dir = home_with("[profiles.build]\ncommand = \"make\"\n");
    let err = load(dir.path(), &[], Flags::default()).unwrap_err().to_string();
    assert!(
        err.contains("`profiles.build.command`") && err.contains("not an absolute path"),
        "{err}"
    );
    let dir = home_with("detach_key = \"alt-x\"\n");
    let err = load(dir.path(), &[], Flags::default()).unwrap_err().to_string();
    assert!(err.contains("`detach_key`") && err.contains("ctrl-b d"), "{err}");
}

#[test]
fn toml_syntax_error_names_the_file() {
    let dir = home_with("port = = 3\n");
    let err = load(dir.path(), &[], Flags::default()).unwrap_err();
    assert!(matches!(err, ConfigError::Syntax { .. }), "{err}");
    assert!(err.to_string().contains("config.toml"), "{err}");
}

#[test]
fn config_reference_in_docs_matches_the_key_table() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/CONFIG.md")).unwrap();
    assert!(
        doc.contains(&reference_table()),
        "docs/CONFIG.md is out of date; paste this table into it:\n{}",
        reference_table()
    );
}

#[test]
fn rules_example_in_docs_is_accepted_when_loaded() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/CONFIG.md")).unwrap();
    let section = &doc[doc.find("## Working rules").unwrap()..];
    let start = section.find("```toml\n").unwrap() + "```toml\n".len();
    let example = &section[start..start + section[start..].find("```\n").unwrap()];
    let dir = home_with(example);
    let config = load(dir.path(), &[], Flags::default()).unwrap();
    assert_eq!(config.rules_mode, RulesMode::Warn);
    let rules = crate::rules::effective(&config.rules, None, config.rules_mode);
    assert!(
        rules
            .summary_line()
            .ends_with(": accepted plan before dev, branch and report before review, report before test"),
        "{}",
        rules.summary_line()
    );
    assert_eq!(rules.doc().guidance(), "Run `make check` before every report.");
}

#[test]
fn every_key_in_the_table_is_accepted_by_the_parser() {
    let samples = [
        ("port", "1"),
        ("host", "\"::1\""),
        ("socket", "\"/tmp/x.sock\""),
        ("allowed_hosts", "[\"a.example\"]"),
        ("log_dir", "\"/tmp/logs\""),
        ("log_level", "\"warn\""),
        ("log_format", "\"json\""),
        ("event_buffer", "64"),
        ("rules_mode", "\"strict\""),
        ("lock_ttl_secs", "30"),
        ("attachments_max_mb", "5"),
        ("attachments_task_max_mb", "50"),
        ("attachment_roots", "[\"/srv/shots\", \"//nas/screens\"]"),
        ("plan_reminder_every", "0"),
        ("owner_names", "[\"Ana\", \"owner\"]"),
        ("require_tracker_log", "true"),
        ("done_window_days", "14"),
        ("mcp_answer_tokens", "4000"),
        ("max_sessions_total", "3"),
        ("max_sessions_per_project", "2"),
        ("scrollback_lines", "500"),
        ("snapshot_max_lines", "50"),
        ("session_creation_timeout_s", "60"),
        ("undo_max_file_mb", "10"),
        ("undo_wait_ms", "100"),
        ("undo_keep_days", "30"),
        ("undo_keep_per_repo", "50"),
        ("git_allowed_protocols", "[\"https\", \"http\"]"),
        ("git_allow_private_addresses", "true"),
        ("git_clone_timeout_s", "30"),
        ("git_min_free_disk_mb", "0"),
        ("low_disk_warning_mb", "2048"),
        ("local_sandbox", "true"),
        ("docker_socket", "\"unix:///run/docker.sock\""),
        ("docker_default_image", "\"relay-test/busybox:1\""),
        (
            "docker_allowed_images",
            "[\"relay-test/busybox:1\", \"ubuntu:24.04\"]",
        ),
        ("docker_cpu_percent", "50"),
        ("docker_memory_limit_mb", "64"),
        ("docker_pids_limit", "64"),
        ("docker_network", "\"relay-test\""),
        ("docker_network_mode", "\"per-session\""),
        ("docker_log_max_size_mb", "1"),
        ("docker_log_max_files", "2"),
        ("docker_pull_min_free_disk_mb", "512"),
        ("docker_pull_timeout_s", "60"),
        ("graph_ingest", "false"),
        ("graph_text", "false"),
        ("graph_text_days", "30"),
        ("graph_pre_tool_brief", "false"),
        ("graph_url", "\"falkor://127.0.0.1:6379\""),
        ("graph_server_backend", "\"process\""),
        ("graph_server_image", "\"relay-test/falkordb:1\""),
        ("graph_server_port", "6390"),
        ("graph_server_redis", "\"/opt/falkordb/redis-server\""),
        ("graph_server_module", "\"/opt/falkordb/falkordb.so\""),
        ("graph_server_python", "\"/opt/venv/bin/python\""),
        ("transcript_roots", "[\"/home/ana\"]"),
        ("detach_key", "\"ctrl-a q\""),
        ("notify_review", "false"),
        ("desktop_link_template", "\"claude://session/{id}\""),
        ("guard_mode", "\"block\""),
        ("permission_defaults", "{ live = \"none\", test = \"ask\" }"),
        ("stage_labels", "{ dev = \"Build\", live = \"Shipped\" }"),
        ("remote_listen", "\"0.0.0.0:50051\""),
        ("remote_require_mtls", "true"),
        ("mdns_advertise", "true"),
        ("mdns_instance_name", "\"Ana's relay\""),
    ];
    assert_eq!(samples.len(), KEYS.len());
    for (key, value) in samples {
        let dir = home_with(&format!("{key} = {value}\n"));
        load(dir.path(), &[], Flags::default()).unwrap_or_else(|e| panic!("{key}: {e}"));
    }
}

#[test]
fn remote_listen_is_off_by_default_and_refuses_an_address_without_a_port() {
    let dir = home_with("");
    assert_eq!(
        load(dir.path(), &[], Flags::default()).unwrap().remote_listen.0,
        None
    );
    let dir = home_with("remote_listen = \"[::1]:7000\"\n");
    let config = load(dir.path(), &[], Flags::default()).unwrap();
    assert_eq!(config.remote_listen.0.map(|a| a.port()), Some(7000));
    let dir = home_with("remote_listen = \"0.0.0.0\"\n");
    let err = load(dir.path(), &[], Flags::default()).unwrap_err().to_string();
    assert!(
        err.contains("remote_listen") && err.contains("0.0.0.0:50051"),
        "{err}"
    );
}

#[test]
fn keys_table_is_carried_as_written_when_loaded() {
    let dir = home_with("port = 1\n[keys]\n\"board.move_stage\" = [\"M\"]\nnonsense = 3\n");
    let config = load(dir.path(), &[], Flags::default()).unwrap();
    let keys = config.keys.unwrap();
    let table = keys.as_table().unwrap();
    assert_eq!(table.len(), 2);
    assert_eq!(table["board.move_stage"], toml::Value::Array(vec!["M".into()]));
    // A wrong shape is the window's to report: relayd still starts.
    let dir = home_with("keys = 5\n");
    assert_eq!(
        load(dir.path(), &[], Flags::default()).unwrap().keys,
        Some(toml::Value::Integer(5))
    );
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(load(dir.path(), &[], Flags::default()).unwrap().keys, None);
}

#[test]
fn stage_labels_and_the_desktop_link_are_read_from_the_file_and_the_environment_and_checked() {
    use crate::board::Stage;
    let dir = home_with("[stage_labels]\ndev = \"Build\"\nlive = \"Shipped\"\n");
    let config = load(dir.path(), &[], Flags::default()).unwrap();
    assert_eq!(config.stage_labels.label(Stage::Dev), "Build");
    assert_eq!(config.stage_labels.label(Stage::Plan), "Plan");
    assert_eq!(config.desktop_link_template, "", "off unless set");
    let config = load(
        dir.path(),
        &[
            ("RELAY_STAGE_LABELS", "review = Check, done=Closed"),
            ("RELAY_DESKTOP_LINK_TEMPLATE", " claude://session/{id} "),
        ],
        Flags::default(),
    )
    .unwrap();
    assert_eq!(config.stage_labels.label(Stage::Review), "Check");
    assert_eq!(
        config.stage_labels.label(Stage::Dev),
        "Dev",
        "the environment replaces the file's table"
    );
    assert_eq!(config.desktop_link_template, "claude://session/{id}");
    for bad in [
        "stage_labels = { deploy = \"Ship\" }",
        "stage_labels = { dev = \"\" }",
        "stage_labels = { dev = \"Plan\" }",
        "stage_labels = { dev = 3 }",
        "stage_labels = \"dev=Build\"",
        "desktop_link_template = \"claude://session/\"",
        "desktop_link_template = \"-x {id}\"",
    ] {
        let dir = home_with(&format!("{bad}\n"));
        let err = load(dir.path(), &[], Flags::default()).unwrap_err().to_string();
        let key = bad.split(' ').next().unwrap();
        assert!(
            err.contains(&format!("`{key}`")) && err.contains("config.toml"),
            "{bad}: {err}"
        );
    }
    let empty = tempfile::tempdir().unwrap();
    let err = load(empty.path(), &[("RELAY_STAGE_LABELS", "dev")], Flags::default()).unwrap_err();
    assert!(err.to_string().contains("RELAY_STAGE_LABELS"), "{err}");
}

#[test]
fn graph_url_is_checked_and_its_password_never_shown_when_set() {
    let dir = home_with("graph_url = \"falkor://default:s3cret@db.example:6380\"\n");
    let config = load(dir.path(), &[], Flags::default()).unwrap();
    assert_eq!(config.graph_url, "falkor://default:s3cret@db.example:6380");
    assert_eq!(
        graph_url_shown(&config.graph_url),
        "falkor://default:***@db.example:6380"
    );
    assert_eq!(
        graph_url_shown("falkor://127.0.0.1:6379"),
        "falkor://127.0.0.1:6379"
    );
    let config = load(
        dir.path(),
        &[("RELAY_GRAPH_URL", " redis://127.0.0.1:7000 ")],
        Flags::default(),
    )
    .unwrap();
    assert_eq!(
        config.graph_url, "redis://127.0.0.1:7000",
        "the environment wins over the file"
    );
    let empty = tempfile::tempdir().unwrap();
    assert_eq!(
        load(empty.path(), &[], Flags::default()).unwrap().graph_url,
        "",
        "no graph unless set"
    );
    for bad in [
        "http://127.0.0.1:6379",
        "falkor://127.0.0.1",
        "falkor://:6379",
        "falkor://127.0.0.1:0",
        "falkor://127.0.0.1:99999",
        "falkor://127.0.0.1:6379 x",
    ] {
        let dir = home_with(&format!("graph_url = \"{bad}\"\n"));
        let err = load(dir.path(), &[], Flags::default()).unwrap_err().to_string();
        assert!(
            err.contains("`graph_url`") && err.contains("falkor://"),
            "{bad}: {err}"
        );
    }
}

#[test]
fn the_legacy_guard_mode_and_permission_defaults_are_the_config_policy_layer_when_set() {
    use crate::policy::{Capability, EnvKind, GuardMode, LayerSource, Level, effective};
    let dir = tempfile::tempdir().unwrap();
    let config = load(dir.path(), &[], Flags::default()).unwrap();
    assert_eq!(
        config.legacy_policy().layer(),
        None,
        "no layer unless a key is set"
    );

    let dir = home_with("guard_mode = \"block\"\n[permission_defaults]\nlive = \"none\"\ntest = \"ask\"\n");
    let config = load(dir.path(), &[], Flags::default()).unwrap();
    assert_eq!(config.guard_mode, Some(GuardMode::Block));
    let layer = config.legacy_policy().layer().unwrap();
    let policy = effective(vec![(LayerSource::Config, Ok(layer))]);
    assert_eq!(policy.guard_mode.value, GuardMode::Block);
    assert_eq!(policy.guard_mode.source, LayerSource::Config);
    let live_db = policy.level(EnvKind::Live, Capability::Db);
    assert_eq!(
        (live_db.value, live_db.source.to_string()),
        (Level::None, "config".to_owned())
    );
    assert_eq!(policy.level(EnvKind::Test, Capability::Ssh).value, Level::Ask);
    assert_eq!(policy.level(EnvKind::Local, Capability::Ssh).value, Level::Full);

    // The environment wins over the file, as for every key.
    let config = load(
        dir.path(),
        &[
            ("RELAY_GUARD_MODE", " log "),
            ("RELAY_PERMISSION_DEFAULTS", "live=read, local = ask"),
        ],
        Flags::default(),
    )
    .unwrap();
    assert_eq!(config.guard_mode, Some(GuardMode::Log));
    assert_eq!(
        config.permission_defaults,
        BTreeMap::from([(EnvKind::Local, Level::Ask), (EnvKind::Live, Level::Read)])
    );

    for bad in [
        "guard_mode = \"loud\"",
        "guard_mode = 3",
        "permission_defaults = { staging = \"read\" }",
        "permission_defaults = { live = \"write\" }",
        "permission_defaults = \"live=read\"",
    ] {
        let dir = home_with(&format!("{bad}\n"));
        let err = load(dir.path(), &[], Flags::default()).unwrap_err().to_string();
        let key = bad.split(' ').next().unwrap();
        assert!(
            err.contains(&format!("`{key}`")) && err.contains("config.toml"),
            "{bad}: {err}"
        );
    }
    let empty = tempfile::tempdir().unwrap();
    let err = load(
        empty.path(),
        &[("RELAY_PERMISSION_DEFAULTS", "live")],
        Flags::default(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("RELAY_PERMISSION_DEFAULTS"), "{err}");
}

#[test]
fn graph_url_is_set_in_place_keeping_every_other_line_and_comment() {
    let text = "# mine\nport = 7000 # keep\ngraph_url = \"falkor://old:1\"\n\n[rules]\n# a rule comment\n";
    let written = with_top_level_string(text, "graph_url", "falkor://db:6380").unwrap();
    assert_eq!(
        written,
        "# mine\nport = 7000 # keep\ngraph_url = \"falkor://db:6380\"\n\n[rules]\n# a rule comment\n"
    );
    // No line yet: added before the first table, so it stays a top-level key.
    let written = with_top_level_string("port = 1\n[rules]\nx = 1\n", "graph_url", "").unwrap();
    assert_eq!(written, "port = 1\ngraph_url = \"\"\n[rules]\nx = 1\n");
    assert_eq!(
        with_top_level_string("", "graph_url", "a").unwrap(),
        "graph_url = \"a\"\n"
    );
    // A graph_url inside a table is not the top-level key.
    let written = with_top_level_string("[profiles.x]\ngraph_url = 1\n", "graph_url", "a").unwrap();
    assert!(
        written.starts_with("graph_url = \"a\"\n[profiles.x]"),
        "{written}"
    );
    let err = with_top_level_string("port = = 1", "graph_url", "a").unwrap_err();
    assert!(err.contains("not valid TOML"), "{err}");

    assert_eq!(graph_url_source(true, Some("graph_url = \"x\"")), "env");
    assert_eq!(graph_url_source(false, Some("graph_url = \"x\"")), "file");
    assert_eq!(graph_url_source(false, Some("port = 1")), "default");
    assert_eq!(graph_url_source(false, None), "default");
}
