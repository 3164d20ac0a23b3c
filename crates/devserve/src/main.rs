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
//! - Each connection is served on its own thread and closed after one
//!   answer; the request's head is parsed by `httparse`.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use percent_encoding::percent_decode_str;

/// The most a request's head may take (request line and headers).
const MAX_HEAD: usize = 16 * 1024;

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
    let listener = match TcpListener::bind(("127.0.0.1", port)) {
        Ok(listener) => listener,
        Err(e) => {
            eprintln!("devserve: cannot listen on 127.0.0.1:{port}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let port = match listener.local_addr() {
        Ok(addr) => addr.port(),
        Err(e) => {
            eprintln!("devserve: the server has no address: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("Serving {dir} at http://127.0.0.1:{port}/");
    // Each connection is served on its own thread, and closed after one
    // answer: a client that keeps a connection idle, or stops reading an
    // answer, holds up no other. (tiny_http, used before, queued a new
    // connection behind idle keep-alive ones in its task pool, and a
    // browser's request then waited about 30 s: course.test's first page
    // hung so on main.js.)
    let root = Arc::new(root);
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        let root = Arc::clone(&root);
        std::thread::spawn(move || {
            if let Err(e) = serve(&root, stream) {
                eprintln!("devserve: {e}");
            }
        });
    }
    ExitCode::SUCCESS
}

/// Reads one request's head from `stream` (parsed by `httparse`) and
/// answers it.
fn serve(root: &Path, mut stream: TcpStream) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let mut head = Vec::new();
    let mut chunk = [0_u8; 4096];
    loop {
        let n = stream.read(&mut chunk)?;
        if n == 0 {
            return Ok(());
        }
        head.extend_from_slice(&chunk[..n]);
        let mut headers = [httparse::EMPTY_HEADER; 64];
        let mut request = httparse::Request::new(&mut headers);
        match request.parse(&head) {
            Ok(httparse::Status::Complete(_)) => {
                let method = request.method.unwrap_or_default();
                let url = request.path.unwrap_or_default();
                return answer(root, &mut stream, method, url);
            }
            Ok(httparse::Status::Partial) if head.len() < MAX_HEAD => {}
            _ => {
                return send(
                    &mut stream,
                    "400 Bad Request",
                    &[],
                    Body::Text("400 Bad Request\n"),
                )
            }
        }
    }
}

/// What an answer carries after its head.
enum Body<'a> {
    None,
    Text(&'a str),
    File(std::fs::File),
}

fn answer(root: &Path, stream: &mut TcpStream, method: &str, url: &str) -> std::io::Result<()> {
    let head_only = method == "HEAD";
    if !matches!(method, "GET" | "HEAD") {
        return send(stream, "405 Method Not Allowed", &[], Body::None);
    }
    let path = match resolve(root, url) {
        Some(Found::File(path)) => path,
        Some(Found::Folder(location)) => {
            return send(
                stream,
                "301 Moved Permanently",
                &[("Location", &location)],
                Body::None,
            );
        }
        None => {
            let body = if head_only {
                Body::None
            } else {
                Body::Text("404 Not Found\n")
            };
            return send(stream, "404 Not Found", &[], body);
        }
    };
    let mime = mime_guess::from_path(&path).first_or_octet_stream();
    let mut content_type = mime.essence_str().to_owned();
    if mime.type_() == mime_guess::mime::TEXT {
        content_type.push_str("; charset=utf-8");
    }
    let file = std::fs::File::open(&path)?;
    let length = file.metadata()?.len().to_string();
    let headers = [
        ("Content-Type", content_type.as_str()),
        ("Content-Length", length.as_str()),
    ];
    let body = if head_only {
        Body::None
    } else {
        Body::File(file)
    };
    send(stream, "200 OK", &headers, body)
}

/// Writes an answer: `status`, `headers`, no caching, the connection
/// closed after it, and `body`.
fn send(
    stream: &mut TcpStream,
    status: &str,
    headers: &[(&str, &str)],
    body: Body,
) -> std::io::Result<()> {
    let mut head = format!("HTTP/1.1 {status}\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    if let Body::Text(text) = &body {
        head.push_str(&format!("Content-Length: {}\r\n", text.len()));
    } else if matches!(body, Body::None) && !headers.iter().any(|(n, _)| *n == "Content-Length") {
        head.push_str("Content-Length: 0\r\n");
    }
    head.push_str("Cache-Control: no-store\r\nConnection: close\r\n\r\n");
    stream.write_all(head.as_bytes())?;
    match body {
        Body::None => {}
        Body::Text(text) => stream.write_all(text.as_bytes())?,
        Body::File(mut file) => {
            std::io::copy(&mut file, stream)?;
        }
    }
    stream.flush()
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
