//! `devserve DIR [PORT]`: serves the files of one folder on 127.0.0.1 for
//! development and the browser tests. It is not part of the product (the
//! page needs no server code); it only gives the browser an http:// origin,
//! because ES modules and WebAssembly do not load from file://.
//!
//! - PORT defaults to 8080; 0 picks a free port.
//! - Prints one line, `Serving DIR at http://127.0.0.1:PORT/`, once it listens.
//! - GET and HEAD only; `/` and folders serve their `index.html`, and a
//!   folder named without its final slash (`/dist`) redirects (301) to the
//!   address with it (`/dist/`, query kept), so that the page's relative
//!   URLs resolve inside the folder.
//! - A path that would leave DIR (`..`, symlinks out) or names no file is 404.
//! - Content types come from `mime_guess`: `.wasm` is `application/wasm`,
//!   `.js` is `text/javascript`. Nothing is cached.
//! - Requests are answered at once, each on its own thread.

use std::fs::File;
use std::path::{Component, Path, PathBuf};
use std::process::ExitCode;

use percent_encoding::percent_decode_str;
use tiny_http::{Header, Method, Request, Response, Server, StatusCode};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (dir, port) = match args.as_slice() {
        [dir] => (dir.as_str(), Ok(8080)),
        [dir, port] => (dir.as_str(), port.parse::<u16>()),
        _ => {
            eprintln!("usage: devserve DIR [PORT]   (PORT 0 picks a free port; default 8080)");
            return ExitCode::from(2);
        }
    };
    let Ok(port) = port else {
        eprintln!("devserve: the port must be a number from 0 to 65535");
        return ExitCode::from(2);
    };
    let root = match std::fs::canonicalize(dir) {
        Ok(root) if root.is_dir() => root,
        _ => {
            eprintln!("devserve: {dir} is not a folder");
            return ExitCode::from(2);
        }
    };
    let server = match Server::http(("127.0.0.1", port)) {
        Ok(server) => server,
        Err(e) => {
            eprintln!("devserve: cannot listen on 127.0.0.1:{port}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let Some(addr) = server.server_addr().to_ip() else {
        eprintln!("devserve: the server has no IP address");
        return ExitCode::FAILURE;
    };
    println!("Serving {dir} at http://127.0.0.1:{}/", addr.port());
    // Each request is answered on its own thread: a client that stops
    // reading one response (a closed tab, a paused page) holds up no other.
    let root = std::sync::Arc::new(root);
    for request in server.incoming_requests() {
        let root = std::sync::Arc::clone(&root);
        std::thread::spawn(move || {
            if let Err(e) = answer(&root, request) {
                eprintln!("devserve: {e}");
            }
        });
    }
    ExitCode::SUCCESS
}

fn answer(root: &Path, request: Request) -> std::io::Result<()> {
    if !matches!(request.method(), Method::Get | Method::Head) {
        return request.respond(Response::empty(StatusCode(405)));
    }
    let path = match resolve(root, request.url()) {
        Some(Found::File(path)) => path,
        Some(Found::Folder(location)) => {
            let response = with_header(Response::empty(StatusCode(301)), "Location", &location);
            return request.respond(with_header(response, "Cache-Control", "no-store"));
        }
        None => {
            return request.respond(Response::from_string("404 Not Found\n").with_status_code(404))
        }
    };
    let file = File::open(&path)?;
    let mime = mime_guess::from_path(&path).first_or_octet_stream();
    let mut content_type = mime.essence_str().to_owned();
    if mime.type_() == mime_guess::mime::TEXT {
        content_type.push_str("; charset=utf-8");
    }
    // tiny_http leaves the body out of the answer to a HEAD request itself.
    let response = Response::from_file(file);
    let response = with_header(response, "Content-Type", &content_type);
    request.respond(with_header(response, "Cache-Control", "no-store"))
}

/// What a URL names under the served folder.
#[derive(Debug, PartialEq)]
enum Found {
    /// A file to send.
    File(PathBuf),
    /// A folder named without its final slash: the `Location` to redirect
    /// to, relative (`./name/?query`), so it can never leave this server.
    Folder(String),
}

/// The file under `root` that `url` names (a folder's `index.html` when it
/// ends in `/`), the redirect of a folder named without its final slash, or
/// `None` when there is none or it would lie outside `root`.
fn resolve(root: &Path, url: &str) -> Option<Found> {
    let url = url.split('#').next().unwrap_or_default();
    let (path, query) = url.find('?').map_or((url, ""), |i| url.split_at(i));
    let decoded = percent_decode_str(path).decode_utf8().ok()?;
    let mut full = root.to_path_buf();
    for part in Path::new(decoded.trim_start_matches('/')).components() {
        match part {
            Component::Normal(name) => full.push(name),
            Component::CurDir => {}
            _ => return None,
        }
    }
    // Symlinks may point anywhere: only what really lies under root is served.
    let under_root = |full: PathBuf| {
        let full = std::fs::canonicalize(full).ok()?;
        full.starts_with(root).then_some(full)
    };
    let mut full = under_root(full)?;
    if full.is_dir() {
        if let Some(name) = path.rsplit('/').next().filter(|name| !name.is_empty()) {
            return Some(Found::Folder(format!("./{name}/{query}")));
        }
        full = under_root(full.join("index.html"))?;
    }
    full.is_file().then_some(Found::File(full))
}

fn with_header<R: std::io::Read>(response: Response<R>, name: &str, value: &str) -> Response<R> {
    match Header::from_bytes(name, value) {
        Ok(h) => response.with_header(h),
        Err(()) => response,
    }
}

#[cfg(test)]
mod tests {
    use super::{resolve, Found};
    use std::fs;

    #[test]
    fn resolves_files_and_refuses_escapes() {
        let base = std::env::temp_dir().join(format!("devserve-test-{}", std::process::id()));
        let root = base.join("www");
        fs::create_dir_all(root.join("pkg")).unwrap();
        fs::write(root.join("index.html"), "<!doctype html>").unwrap();
        fs::write(root.join("pkg/app.js"), "").unwrap();
        fs::write(base.join("secret.txt"), "").unwrap();
        let root = fs::canonicalize(&root).unwrap();
        let file = |p: &str| Some(Found::File(root.join(p)));

        assert_eq!(resolve(&root, "/"), file("index.html"));
        assert_eq!(resolve(&root, "/?experiment=email"), file("index.html"));
        assert_eq!(resolve(&root, "/pkg/app.js#x"), file("pkg/app.js"));
        assert_eq!(resolve(&root, "/pkg/./%61pp.js"), file("pkg/app.js"));
        for escape in [
            "/../secret.txt",
            "/%2e%2e/secret.txt",
            "/pkg/../../secret.txt",
            "//etc/passwd",
            "/%2Fetc/passwd",
        ] {
            assert_eq!(resolve(&root, escape), None, "{escape}");
        }
        assert_eq!(resolve(&root, "/missing.js"), None);
        assert_eq!(resolve(&root, "/pkg/"), None, "a folder without index.html");

        // A folder without its final slash: the same address with it.
        fs::create_dir_all(root.join("course/dist")).unwrap();
        fs::write(root.join("course/dist/index.html"), "").unwrap();
        let folder = |l: &str| Some(Found::Folder(l.to_owned()));
        assert_eq!(resolve(&root, "/course/dist"), folder("./dist/"));
        assert_eq!(
            resolve(&root, "/course/dist?experiment=email&x=%2F"),
            folder("./dist/?experiment=email&x=%2F")
        );
        assert_eq!(resolve(&root, "/course/%64ist"), folder("./%64ist/"));
        assert_eq!(resolve(&root, "/pkg"), folder("./pkg/"));
        assert_eq!(
            resolve(&root, "/course/dist/"),
            file("course/dist/index.html")
        );
        assert_eq!(
            resolve(&root, "/course/dist/?a=b"),
            file("course/dist/index.html")
        );
        assert_eq!(resolve(&root, "/.."), None);

        fs::remove_dir_all(&base).unwrap();
    }
}
