#[cfg(feature = "daemon")]
use relayd::token::{Token, TokenFile};

use crate::client::Context;
use crate::error::CliError;

/// `relay token [--rotate]`: prints the token (creating it on first use).
#[cfg(feature = "daemon")]
pub fn run(ctx: &Context, rotate: bool) -> Result<(), CliError> {
    let data = &ctx.config.data_dir;
    relayd::create_private_dir(data.path()).map_err(CliError::failed)?;
    let token = if rotate {
        let token = Token::rotate(data).map_err(CliError::failed)?;
        eprintln!(
            "relay: new token {} written to {}",
            token.id(),
            data.token().display()
        );
        if relay_core::lock::is_held(data) {
            eprintln!(
                "relay: relayd still uses the old one; restart it: relay daemon stop && relay daemon start"
            );
        }
        token
    } else {
        let (token, file) = Token::load_or_create(data).map_err(CliError::failed)?;
        if let TokenFile::ReadableByOthers { mode } = file {
            eprintln!(
                "relay: warning: {} has mode {mode:o} and other users can read it; run chmod 600 {}",
                data.token().display(),
                data.token().display()
            );
        }
        token
    };
    println!("{}", token.expose());
    Ok(())
}

/// A client-only build neither creates nor rotates the token: relayd creates it at start.
#[cfg(not(feature = "daemon"))]
pub fn run(ctx: &Context, _rotate: bool) -> Result<(), CliError> {
    Err(CliError::no_daemon(
        "relay token",
        &format!(
            "relayd creates the token at start and keeps it in {}; rotate it with a relay installed with its default features",
            ctx.config.data_dir.token().display()
        ),
    ))
}

/// `relay daemon init-remote`: the remote listener's CA and server certificate, and an owner token shown once.
#[cfg(feature = "daemon")]
pub fn init_remote(ctx: &Context, names: &[String], force: bool) -> Result<(), CliError> {
    use relay_core::paths::RemoteFiles;
    use relay_core::remote::Scope;
    let data = &ctx.config.data_dir;
    relayd::create_private_dir(data.path()).map_err(CliError::failed)?;
    let files = RemoteFiles::of(data);
    let made = relayd::remote::certs::init(&files, names, force).map_err(CliError::failed)?;
    let token = relayd::remote::tokens::issue(&files, Scope::Owner, relay_core::time::now_ms())
        .map_err(CliError::failed)?;
    eprintln!(
        "relay: remote access set up in {}\n  server certificate {} for {}\n  owner token {} (shown once below; only its argon2 hash is kept)\nNext: set remote_listen = \"0.0.0.0:{}\" in {} and restart relayd; on the other machine run\n  RELAY_TOKEN=<token> relay --server https://HOST:{} …\nand check that the certificate it pins on first use is {}.",
        files.dir.display(),
        made.fingerprint,
        made.names.join(", "),
        token.id(),
        relay_core::remote::DEFAULT_REMOTE_PORT,
        data.config().display(),
        relay_core::remote::DEFAULT_REMOTE_PORT,
        made.fingerprint,
    );
    println!("{}", token.expose());
    Ok(())
}

/// `relay token --remote SCOPE [--rotate]`: lists the remote token of SCOPE by its fingerprint, or makes a new
/// one (shown once; the old one stops working at once).
#[cfg(feature = "daemon")]
pub fn remote(ctx: &Context, scope: &str, rotate: bool) -> Result<(), CliError> {
    use relay_core::paths::RemoteFiles;
    use relay_core::remote::Scope;
    let scope = Scope::parse(scope)
        .ok_or_else(|| CliError::Usage(format!("--remote {scope}: the scope is owner or agent")))?;
    let files = RemoteFiles::of(&ctx.config.data_dir);
    if rotate {
        relayd::create_private_dir(ctx.config.data_dir.path()).map_err(CliError::failed)?;
        let token = relayd::remote::tokens::issue(&files, scope, relay_core::time::now_ms())
            .map_err(CliError::failed)?;
        eprintln!(
            "relay: new remote {scope} token {} (shown once below; only its argon2 hash is kept in {}); relayd uses it at once and refuses the old one",
            token.id(),
            files.tokens().display()
        );
        println!("{}", token.expose());
        return Ok(());
    }
    let tokens = relayd::remote::tokens::list(&files).map_err(CliError::failed)?;
    match tokens.iter().find(|t| t.scope == scope) {
        Some(info) => {
            println!("{} {}", info.scope, info.fingerprint);
            eprintln!(
                "relay: a remote token is shown only when it is made; `relay token --remote {scope} --rotate` makes a new one"
            );
            Ok(())
        }
        None => Err(CliError::NotFound(format!(
            "no remote {scope} token; make one with `relay token --remote {scope} --rotate`"
        ))),
    }
}

/// `relay daemon client-cert NAME`: a client certificate for mTLS, signed by the remote CA.
#[cfg(feature = "daemon")]
pub fn client_cert(ctx: &Context, name: &str, out: &std::path::Path) -> Result<(), CliError> {
    use relay_core::paths::RemoteFiles;
    let ok = !name.is_empty()
        && name.len() <= 64
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    if !ok {
        return Err(CliError::Usage(format!(
            "client name {name:?}: use 1 to 64 letters, digits, `-`, `_` or `.`"
        )));
    }
    let files = RemoteFiles::of(&ctx.config.data_dir);
    let (cert, key, fingerprint) =
        relayd::remote::certs::client_cert(&files, name).map_err(CliError::failed)?;
    let (cert_path, key_path) = (out.join(format!("{name}.crt")), out.join(format!("{name}.key")));
    relayd::token::write_private(&key_path, key.as_bytes()).map_err(CliError::failed)?;
    relayd::token::write_private(&cert_path, cert.as_bytes()).map_err(CliError::failed)?;
    println!("{} {} {fingerprint}", cert_path.display(), key_path.display());
    eprintln!(
        "relay: client certificate {fingerprint} for {name}; use it with relay --server … --client-cert {} --client-key {}",
        cert_path.display(),
        key_path.display()
    );
    Ok(())
}

#[cfg(not(feature = "daemon"))]
pub fn init_remote(_ctx: &Context, _names: &[String], _force: bool) -> Result<(), CliError> {
    Err(CliError::no_daemon(
        "relay daemon init-remote",
        "run it on the machine relayd runs on, with a relay installed with its default features",
    ))
}

#[cfg(not(feature = "daemon"))]
pub fn remote(_ctx: &Context, _scope: &str, _rotate: bool) -> Result<(), CliError> {
    Err(CliError::no_daemon(
        "relay token --remote",
        "run it on the machine relayd runs on, with a relay installed with its default features",
    ))
}

#[cfg(not(feature = "daemon"))]
pub fn client_cert(_ctx: &Context, _name: &str, _out: &std::path::Path) -> Result<(), CliError> {
    Err(CliError::no_daemon(
        "relay daemon client-cert",
        "run it on the machine relayd runs on, with a relay installed with its default features",
    ))
}
