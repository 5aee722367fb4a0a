//! The remote listener's certificates (Relay Cloud §13 "what init generates"): a CA of its own, a server
//! certificate it signs for the names and addresses clients dial, and client certificates for mTLS. Keys are
//! ECDSA P-256 (rcgen's default), written 0600 in a 0700 folder; certificates 0644.

use std::net::IpAddr;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use rcgen::{
    BasicConstraints, CertificateParams, DistinguishedName, DnType, ExtendedKeyUsagePurpose, IsCa, Issuer,
    KeyPair, KeyUsagePurpose, SanType,
};
use relay_core::paths::RemoteFiles;
use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;

use super::RemoteError;
use crate::token::write_private;

/// What `init` made: the server certificate's fingerprint (what clients pin) and the names it holds.
#[derive(Clone, Debug)]
pub struct Initialised {
    pub fingerprint: String,
    pub names: Vec<String>,
}

fn rcgen_error(err: rcgen::Error) -> RemoteError {
    RemoteError::Certificate(err.to_string())
}

/// The CA's parameters. Always the same, so the CA's key alone (with these) signs client certificates later:
/// an issuer is its name, its key usages and its key.
fn ca_params() -> Result<CertificateParams, RemoteError> {
    let mut params = CertificateParams::new(Vec::<String>::new()).map_err(rcgen_error)?;
    params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    let mut name = DistinguishedName::new();
    name.push(DnType::CommonName, "relay remote CA");
    name.push(DnType::OrganizationName, "relay");
    params.distinguished_name = name;
    params.key_usages = vec![
        KeyUsagePurpose::KeyCertSign,
        KeyUsagePurpose::CrlSign,
        KeyUsagePurpose::DigitalSignature,
    ];
    Ok(params)
}

/// The names a server certificate holds: always `localhost`, `127.0.0.1` and `::1`, then the ones given.
pub fn server_names(extra: &[String]) -> Vec<String> {
    let mut names: Vec<String> = ["localhost", "127.0.0.1", "::1"].map(str::to_owned).to_vec();
    for name in extra {
        let name = name.trim().to_owned();
        if !name.is_empty() && !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// A DNS name a certificate may hold: labels of letters, digits and `-`, joined by dots, at most 253 bytes.
fn host_name_ok(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 253
        && name.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
                && !label.starts_with('-')
        })
}

fn write_public(path: &Path, text: &str) -> Result<(), RemoteError> {
    write_private(path, text.as_bytes()).map_err(|err| RemoteError::Io {
        action: "write",
        path: path.to_path_buf(),
        source: std::io::Error::other(err.to_string()),
    })?;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o644)).map_err(|source| RemoteError::Io {
        action: "set the mode of",
        path: path.to_path_buf(),
        source,
    })
}

fn write_secret(path: &Path, text: &str) -> Result<(), RemoteError> {
    write_private(path, text.as_bytes()).map_err(|err| RemoteError::Io {
        action: "write",
        path: path.to_path_buf(),
        source: std::io::Error::other(err.to_string()),
    })
}

fn read_text(path: &Path) -> Result<String, RemoteError> {
    std::fs::read_to_string(path).map_err(|source| RemoteError::Io {
        action: "read",
        path: path.to_path_buf(),
        source,
    })
}

/// Creates the CA and a server certificate for `names` in `files.dir`. Refuses when a CA is there, unless
/// `replace` (every client pinned the old server certificate and will refuse the new one until told).
pub fn init(files: &RemoteFiles, names: &[String], replace: bool) -> Result<Initialised, RemoteError> {
    if files.ca_cert().exists() && !replace {
        return Err(RemoteError::AlreadyInitialised {
            dir: files.dir.clone(),
        });
    }
    crate::fsutil::create_private_dir(&files.dir).map_err(|err| RemoteError::Io {
        action: "create",
        path: files.dir.clone(),
        source: std::io::Error::other(err.to_string()),
    })?;
    let ca_key = KeyPair::generate().map_err(rcgen_error)?;
    let ca_cert = ca_params()?.self_signed(&ca_key).map_err(rcgen_error)?;
    let issuer = Issuer::new(ca_params()?, &ca_key);

    let names = server_names(names);
    let mut params = CertificateParams::new(Vec::<String>::new()).map_err(rcgen_error)?;
    params.subject_alt_names = names
        .iter()
        .map(|name| match name.parse::<IpAddr>() {
            Ok(ip) => Ok(SanType::IpAddress(ip)),
            Err(_) if host_name_ok(name) => name
                .clone()
                .try_into()
                .map(SanType::DnsName)
                .map_err(|_| RemoteError::BadName(name.clone())),
            Err(_) => Err(RemoteError::BadName(name.clone())),
        })
        .collect::<Result<_, _>>()?;
    params.distinguished_name.push(DnType::CommonName, "relayd");
    params.extended_key_usages = vec![ExtendedKeyUsagePurpose::ServerAuth];
    params.key_usages = vec![KeyUsagePurpose::DigitalSignature];
    let server_key = KeyPair::generate().map_err(rcgen_error)?;
    let server_cert = params.signed_by(&server_key, &issuer).map_err(rcgen_error)?;

    write_secret(&files.ca_key(), &ca_key.serialize_pem())?;
    write_public(&files.ca_cert(), &ca_cert.pem())?;
    write_secret(&files.server_key(), &server_key.serialize_pem())?;
    write_public(&files.server_cert(), &server_cert.pem())?;
    Ok(Initialised {
        fingerprint: relay_core::remote::cert_fingerprint(server_cert.der()),
        names,
    })
}

/// A client certificate for mTLS, signed by the CA: `(certificate PEM, key PEM, fingerprint)`. Its common name
/// is `name`; relayd identifies the client by the certificate it presents, never by a header.
pub fn client_cert(files: &RemoteFiles, name: &str) -> Result<(String, String, String), RemoteError> {
    if !files.ca_key().exists() {
        return Err(RemoteError::NotInitialised {
            dir: files.dir.clone(),
        });
    }
    let ca_key = KeyPair::from_pem(&read_text(&files.ca_key())?).map_err(rcgen_error)?;
    let issuer = Issuer::new(ca_params()?, &ca_key);
    let mut params = CertificateParams::new(Vec::<String>::new()).map_err(rcgen_error)?;
    params.distinguished_name.push(DnType::CommonName, name);
    params.extended_key_usages = vec![ExtendedKeyUsagePurpose::ClientAuth];
    params.key_usages = vec![KeyUsagePurpose::DigitalSignature];
    let key = KeyPair::generate().map_err(rcgen_error)?;
    let cert = params.signed_by(&key, &issuer).map_err(rcgen_error)?;
    Ok((
        cert.pem(),
        key.serialize_pem(),
        relay_core::remote::cert_fingerprint(cert.der()),
    ))
}

/// The fingerprint of the server certificate in `files`, if there is one.
pub fn server_fingerprint(files: &RemoteFiles) -> Result<String, RemoteError> {
    let der = CertificateDer::from_pem_file(files.server_cert()).map_err(|err| RemoteError::Damaged {
        path: files.server_cert(),
        problem: err.to_string(),
    })?;
    Ok(relay_core::remote::cert_fingerprint(&der))
}

#[cfg(test)]
mod tests {
    use relay_core::paths::DataDir;

    use super::*;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn init_writes_the_ca_and_a_server_certificate_with_private_keys() {
        let dir = tempfile::tempdir().unwrap();
        let files = RemoteFiles::of(&DataDir::new(dir.path()));
        let made = init(&files, &["relay.example".to_owned()], false).unwrap();
        assert_eq!(mode(&files.dir), 0o700);
        assert_eq!(mode(&files.ca_key()), 0o600);
        assert_eq!(mode(&files.server_key()), 0o600);
        assert_eq!(mode(&files.ca_cert()), 0o644);
        assert_eq!(mode(&files.server_cert()), 0o644);
        assert_eq!(server_fingerprint(&files).unwrap(), made.fingerprint);
        assert!(made.names.contains(&"relay.example".to_owned()));

        let again = init(&files, &[], false).unwrap_err().to_string();
        assert!(again.contains("--force"), "{again}");
        let replaced = init(&files, &[], true).unwrap();
        assert_ne!(replaced.fingerprint, made.fingerprint);
    }

    #[test]
    fn a_bad_name_is_refused_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let files = RemoteFiles::of(&DataDir::new(dir.path()));
        let err = init(&files, &["bad name".to_owned()], false)
            .unwrap_err()
            .to_string();
        assert!(err.contains("bad name"), "{err}");
    }
}
