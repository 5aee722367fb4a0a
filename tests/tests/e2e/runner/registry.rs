//! A Docker registry on loopback, serving the read side of the registry API (v2) for one image, made from an image
//! the engine already has — so a pull can be tested for real on a machine with no registry in reach. The engine
//! treats a registry on 127.0.0.0/8 as insecure and speaks plain HTTP to it.

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::State;
use axum::http::{Method, StatusCode, Uri, header};
use axum::response::Response;
use sha2::{Digest, Sha256};

const MANIFEST_TYPE: &str = "application/vnd.docker.distribution.manifest.v2+json";

/// One image served at `127.0.0.1:<port>/<name>:<tag>`; stops when dropped.
pub struct Registry {
    pub image: String,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Registry {
    fn drop(&mut self) {
        self.task.abort();
    }
}

struct Served {
    manifest: Vec<u8>,
    /// By digest (`sha256:…`): the image's config and its layers, gzipped.
    blobs: HashMap<String, Vec<u8>>,
}

fn digest(bytes: &[u8]) -> String {
    format!("sha256:{:x}", Sha256::digest(bytes))
}

fn run(command: &mut Command) -> Vec<u8> {
    let out = command.output().expect("the command starts");
    assert!(
        out.status.success(),
        "{command:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

impl Registry {
    /// Serves `source` (an image the engine has) as `name:tag`, with one more layer of 4 MB of random bytes
    /// (`/pulled.bin`), which no engine has: the pull downloads it, telling its progress.
    pub async fn serving(source: &str, name: &str, tag: &str, scratch: &Path) -> Registry {
        let dir = scratch.join("registry");
        std::fs::create_dir_all(&dir).unwrap();
        let archive = dir.join("image.tar");
        run(Command::new("docker")
            .arg("save")
            .arg("-o")
            .arg(&archive)
            .arg(source));
        run(Command::new("tar").arg("-xf").arg(&archive).arg("-C").arg(&dir));
        // `docker save`'s manifest: the config file and the layers' tar files, in order.
        let listed: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap();
        let mut config: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.join(listed[0]["Config"].as_str().unwrap())).unwrap())
                .unwrap();
        let extra = dir.join("extra");
        std::fs::create_dir_all(&extra).unwrap();
        run(Command::new("sh").arg("-c").arg(format!(
            "head -c 4194304 /dev/urandom > {0}/pulled.bin && tar -C {0} -cf {0}.tar pulled.bin",
            extra.display()
        )));
        let extra_tar = std::fs::read(dir.join("extra.tar")).unwrap();
        config["rootfs"]["diff_ids"]
            .as_array_mut()
            .unwrap()
            .push(digest(&extra_tar).into());
        let config = serde_json::to_vec(&config).unwrap();
        let mut tars: Vec<std::path::PathBuf> = listed[0]["Layers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|layer| dir.join(layer.as_str().unwrap()))
            .collect();
        tars.push(dir.join("extra.tar"));
        let mut blobs = HashMap::new();
        let mut layers = Vec::new();
        for tar in tars {
            let gzipped = run(Command::new("gzip").args(["-c", "-n"]).arg(&tar));
            layers.push(serde_json::json!({
                "mediaType": "application/vnd.docker.image.rootfs.diff.tar.gzip",
                "size": gzipped.len(),
                "digest": digest(&gzipped),
            }));
            blobs.insert(digest(&gzipped), gzipped);
        }
        let manifest = serde_json::to_vec(&serde_json::json!({
            "schemaVersion": 2,
            "mediaType": MANIFEST_TYPE,
            "config": {
                "mediaType": "application/vnd.docker.container.image.v1+json",
                "size": config.len(),
                "digest": digest(&config),
            },
            "layers": layers,
        }))
        .unwrap();
        blobs.insert(digest(&config), config);
        let served = Arc::new(Served { manifest, blobs });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let app = axum::Router::new().fallback(answer).with_state(served);
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Registry {
            image: format!("127.0.0.1:{port}/{name}:{tag}"),
            task,
        }
    }
}

async fn answer(State(served): State<Arc<Served>>, method: Method, uri: Uri) -> Response {
    let path = uri.path();
    let respond = |status: StatusCode, kind: &str, body: Vec<u8>, digest: Option<String>| {
        let mut response = Response::builder()
            .status(status)
            .header("Docker-Distribution-API-Version", "registry/2.0")
            .header(header::CONTENT_TYPE, kind)
            .header(header::CONTENT_LENGTH, body.len());
        if let Some(digest) = digest {
            response = response.header("Docker-Content-Digest", digest);
        }
        let body = if method == Method::HEAD { Vec::new() } else { body };
        response.body(Body::from(body)).unwrap()
    };
    if path == "/v2/" || path == "/v2" {
        return respond(StatusCode::OK, "application/json", b"{}".to_vec(), None);
    }
    if path.starts_with("/v2/") && path.contains("/manifests/") {
        let body = served.manifest.clone();
        let digest = digest(&body);
        return respond(StatusCode::OK, MANIFEST_TYPE, body, Some(digest));
    }
    if let Some((_, wanted)) = path.split_once("/blobs/")
        && let Some(blob) = served.blobs.get(wanted)
    {
        return respond(
            StatusCode::OK,
            "application/octet-stream",
            blob.clone(),
            Some(wanted.to_owned()),
        );
    }
    respond(
        StatusCode::NOT_FOUND,
        "application/json",
        br#"{"errors":[{"code":"NAME_UNKNOWN","message":"not served here"}]}"#.to_vec(),
        None,
    )
}
