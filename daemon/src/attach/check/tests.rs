//! Every refusal of the path checks, on real files: symlinks, `..`, FIFOs, devices, swaps, sizes, network
//! paths, relative paths and relay's own data folder.

use std::os::unix::fs::symlink;

use super::*;

/// An allowed folder (standing in for the repository), a folder outside it, and relay's data folder inside
/// the allowed one (the data folder must lose even then).
struct Setup {
    _root: tempfile::TempDir,
    allowed: PathBuf,
    outside: PathBuf,
    data: PathBuf,
    temp: PathBuf,
}

impl Setup {
    fn new() -> Setup {
        let root = tempfile::tempdir().unwrap();
        let allowed = root.path().join("repo");
        let outside = root.path().join("elsewhere");
        let temp = root.path().join("tmp");
        let data = allowed.join("relay-data");
        for dir in [&allowed, &outside, &temp, &data] {
            std::fs::create_dir_all(dir).unwrap();
        }
        Setup {
            _root: root,
            allowed,
            outside,
            data,
            temp,
        }
    }

    fn policy(&self, roots: &[PathBuf], max_bytes: u64) -> Policy {
        Policy::new(
            Folders {
                repo: Some(&self.allowed),
                temp: &self.temp,
                roots,
                data_dir: &self.data,
            },
            max_bytes,
        )
    }

    fn file(&self, dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }
}

fn text(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn check_accepts_a_regular_file_in_the_repository_and_open_returns_it_when_unchanged() {
    let setup = Setup::new();
    let path = setup.file(&setup.allowed, "shot.png", b"\x89PNG\r\n\x1a\nrest");
    let policy = setup.policy(&[], 1024);
    let checked = policy.check(text(&path)).unwrap();
    assert_eq!(checked.real, std::fs::canonicalize(&path).unwrap());
    assert_eq!(checked.size, 12);
    let mut file = policy.open(&checked).unwrap();
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut file, &mut bytes).unwrap();
    assert_eq!(bytes, b"\x89PNG\r\n\x1a\nrest");
}

#[test]
fn check_accepts_the_temp_folder_and_attachment_roots_when_the_file_lies_there() {
    let setup = Setup::new();
    let in_temp = setup.file(&setup.temp, "a.png", b"x");
    let in_root = setup.file(&setup.outside, "b.png", b"x");
    let without_root = setup.policy(&[], 1024);
    assert!(without_root.check(text(&in_temp)).is_ok());
    assert!(matches!(
        without_root.check(text(&in_root)),
        Err(AttachError::OutsideAllowed { .. })
    ));
    let with_root = setup.policy(std::slice::from_ref(&setup.outside), 1024);
    assert!(with_root.check(text(&in_root)).is_ok());
}

#[test]
fn check_resolves_a_symlink_inside_the_folder_to_its_target_when_the_target_is_allowed() {
    let setup = Setup::new();
    let target = setup.file(&setup.allowed, "real.png", b"x");
    let link = setup.allowed.join("link.png");
    symlink(&target, &link).unwrap();
    let checked = setup.policy(&[], 1024).check(text(&link)).unwrap();
    assert_eq!(checked.real, std::fs::canonicalize(&target).unwrap());
}

#[test]
fn check_refuses_a_symlink_pointing_out_of_the_allowed_folder_when_resolved() {
    let setup = Setup::new();
    let secret = setup.file(&setup.outside, "secret.png", b"x");
    let link = setup.allowed.join("innocent.png");
    symlink(&secret, &link).unwrap();
    let err = setup.policy(&[], 1024).check(text(&link)).unwrap_err();
    let message = err.to_string();
    assert!(matches!(err, AttachError::OutsideAllowed { .. }), "{message}");
    assert!(
        message.contains(&format!(
            "really {}",
            std::fs::canonicalize(&secret).unwrap().display()
        )),
        "{message}"
    );
    assert!(
        message.contains("add its folder to attachment_roots") && message.contains("the repository "),
        "{message}"
    );
}

#[test]
fn check_refuses_a_dot_dot_escape_when_it_leaves_the_allowed_folder() {
    let setup = Setup::new();
    setup.file(&setup.outside, "secret.png", b"x");
    let escape = format!("{}/../elsewhere/secret.png", setup.allowed.display());
    let err = setup.policy(&[], 1024).check(&escape).unwrap_err();
    assert!(matches!(err, AttachError::OutsideAllowed { .. }), "{err}");
    // `..` that stays inside is fine once resolved.
    setup.file(&setup.allowed, "ok.png", b"x");
    let inside = format!("{}/sub/../ok.png", setup.allowed.display());
    std::fs::create_dir(setup.allowed.join("sub")).unwrap();
    assert!(setup.policy(&[], 1024).check(&inside).is_ok());
}

#[test]
fn check_refuses_a_fifo_when_it_is_not_a_regular_file() {
    let setup = Setup::new();
    let fifo = setup.allowed.join("pipe.png");
    rustix::fs::mknodat(
        rustix::fs::CWD,
        &fifo,
        rustix::fs::FileType::Fifo,
        Mode::from_raw_mode(0o600),
        0,
    )
    .unwrap();
    let err = setup.policy(&[], 1024).check(text(&fifo)).unwrap_err();
    assert!(matches!(err, AttachError::NotRegular { .. }), "{err}");
    assert!(
        err.to_string()
            .contains("a named pipe (FIFO), not a regular file"),
        "{err}"
    );
}

#[test]
fn check_refuses_a_device_whether_or_not_its_folder_is_allowed() {
    let setup = Setup::new();
    let outside = setup.policy(&[], 1024).check("/dev/zero").unwrap_err();
    assert!(matches!(outside, AttachError::OutsideAllowed { .. }), "{outside}");
    let dev_allowed = setup.policy(&[PathBuf::from("/dev")], 1024);
    let err = dev_allowed.check("/dev/zero").unwrap_err();
    assert!(matches!(err, AttachError::NotRegular { .. }), "{err}");
    assert!(err.to_string().contains("a character device"), "{err}");
}

#[test]
fn check_refuses_a_folder_when_given_instead_of_a_file() {
    let setup = Setup::new();
    let err = setup.policy(&[], 1024).check(text(&setup.allowed)).unwrap_err();
    assert!(
        err.to_string().contains("is a folder, not a regular file"),
        "{err}"
    );
}

#[test]
fn open_refuses_a_file_swapped_between_check_and_open() {
    let setup = Setup::new();
    let path = setup.file(&setup.allowed, "shot.png", b"checked content");
    let other = setup.file(&setup.allowed, "other.png", b"swapped content");
    let policy = setup.policy(&[], 1024);
    let checked = policy.check(text(&path)).unwrap();
    std::fs::rename(&other, &path).unwrap();
    let err = policy.open(&checked).unwrap_err();
    assert!(matches!(err, AttachError::Swapped { .. }), "{err}");
    assert!(
        err.to_string().contains("changed between the check and the open"),
        "{err}"
    );
}

#[test]
fn open_refuses_a_symlink_swapped_in_between_check_and_open() {
    let setup = Setup::new();
    let path = setup.file(&setup.allowed, "shot.png", b"checked content");
    let secret = setup.file(&setup.outside, "secret.png", b"secret");
    let policy = setup.policy(&[], 1024);
    let checked = policy.check(text(&path)).unwrap();
    std::fs::remove_file(&path).unwrap();
    symlink(&secret, &path).unwrap();
    let err = policy.open(&checked).unwrap_err();
    assert!(matches!(err, AttachError::Swapped { .. }), "{err}");
}

#[test]
fn open_does_not_block_when_a_fifo_is_swapped_in_after_the_check() {
    let setup = Setup::new();
    let path = setup.file(&setup.allowed, "shot.png", b"checked content");
    let policy = setup.policy(&[], 1024);
    let checked = policy.check(text(&path)).unwrap();
    std::fs::remove_file(&path).unwrap();
    rustix::fs::mknodat(
        rustix::fs::CWD,
        &path,
        rustix::fs::FileType::Fifo,
        Mode::from_raw_mode(0o600),
        0,
    )
    .unwrap();
    let err = policy.open(&checked).unwrap_err();
    assert!(matches!(err, AttachError::Swapped { .. }), "{err}");
}

#[test]
fn check_refuses_a_file_over_the_size_limit_when_checked() {
    let setup = Setup::new();
    let path = setup.file(&setup.allowed, "big.png", &[0u8; 101]);
    let policy = setup.policy(&[], 100);
    let err = policy.check(text(&path)).unwrap_err();
    assert!(matches!(err, AttachError::TooLarge { .. }), "{err}");
    assert!(
        err.to_string()
            .contains("is 101 bytes; the limit is 100 bytes per screenshot (attachments_max_mb)"),
        "{err}"
    );
    let exact = setup.file(&setup.allowed, "exact.png", &[0u8; 100]);
    assert!(policy.check(text(&exact)).is_ok());
}

#[test]
fn check_refuses_network_and_device_paths_by_their_text() {
    let setup = Setup::new();
    let policy = setup.policy(&[], 1024);
    for given in [
        "//server/share/shot.png",
        r"\\server\share\shot.png",
        r"\\?\C:\Users\dana\shot.png",
        r"\\.\pipe\relay",
        r"\\.\PhysicalDrive0",
        r"/\server\share\shot.png",
    ] {
        let err = policy.check(given).unwrap_err();
        assert!(matches!(err, AttachError::NetworkPath { .. }), "{given}: {err}");
        assert!(
            err.to_string().contains("list its share in attachment_roots"),
            "{err}"
        );
    }
}

#[test]
fn check_lets_a_path_under_a_listed_share_past_the_text_check_when_configured() {
    let setup = Setup::new();
    let policy = setup.policy(&[PathBuf::from("//NAS/Screens")], 1024);
    // Past the text rule; this machine has no such share, so resolving it fails next.
    let err = policy.check("//nas/screens/shot.png").unwrap_err();
    assert!(matches!(err, AttachError::Unresolvable { .. }), "{err}");
    for given in [
        "//nas/other/shot.png",
        "//nas/screens/../other/shot.png",
        "//nas/screensaver/a.png",
    ] {
        let err = policy.check(given).unwrap_err();
        assert!(matches!(err, AttachError::NetworkPath { .. }), "{given}: {err}");
    }
}

#[test]
fn check_refuses_relative_and_empty_paths_before_touching_the_disk() {
    let setup = Setup::new();
    let policy = setup.policy(&[], 1024);
    for given in ["shot.png", "./shot.png", "../repo/shot.png", r"C:\shot.png"] {
        let err = policy.check(given).unwrap_err();
        assert!(matches!(err, AttachError::Relative { .. }), "{given}: {err}");
        assert!(err.to_string().contains("is not an absolute path"), "{err}");
    }
    assert!(matches!(policy.check("  "), Err(AttachError::EmptyPath)));
    assert!(matches!(
        policy.check("/tmp/a\0b.png"),
        Err(AttachError::NulInPath { .. })
    ));
}

#[test]
fn check_refuses_relay_data_folder_and_its_attachments_even_inside_an_allowed_folder() {
    let setup = Setup::new();
    let policy = setup.policy(&[], 1024);
    let stored_dir = setup.data.join("attachments/acme/acme-1");
    std::fs::create_dir_all(&stored_dir).unwrap();
    for path in [
        setup.file(&setup.data, "token", b"secret"),
        setup.file(&stored_dir, "0123abcd.png", b"x"),
        setup.data.clone(),
    ] {
        let err = policy.check(text(&path)).unwrap_err();
        assert!(
            matches!(err, AttachError::DataFolder { .. }),
            "{}: {err}",
            path.display()
        );
        assert!(err.to_string().contains("relay's own data folder"), "{err}");
    }
    // A symlink from the repository into the data folder is resolved first, then refused.
    let link = setup.allowed.join("token.png");
    symlink(setup.data.join("token"), &link).unwrap();
    assert!(matches!(
        policy.check(text(&link)),
        Err(AttachError::DataFolder { .. })
    ));
}

#[test]
fn check_refuses_a_missing_file_naming_the_path_when_it_cannot_be_resolved() {
    let setup = Setup::new();
    let missing = setup.allowed.join("nope.png");
    let err = setup.policy(&[], 1024).check(text(&missing)).unwrap_err();
    assert!(matches!(err, AttachError::Unresolvable { .. }), "{err}");
    assert!(err.to_string().contains("nope.png"), "{err}");
}
