//! Browser tests of the page shell, run in headless Chromium by
//! wasm-bindgen-test-runner (`scripts/test` sets it up):
//!
//! ```text
//! CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
//!   cargo test -p gateway-web --target wasm32-unknown-unknown
//! ```
//!
//! Each test mounts the app into a fresh `<div>` of the test page. The file
//! is empty on native targets, so `cargo test --workspace` skips it.
#![cfg(target_arch = "wasm32")]

use gateway_core::ExperimentId;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::Element;

wasm_bindgen_test_configure!(run_in_browser);

/// A new empty `<div>` appended to the test page's body, with the English
/// catalogue installed (the page fetches it; a test has it compiled in).
fn fresh_root() -> Result<Element, JsValue> {
    gateway_core::text::install(gateway_core::text::DATA[0].1)
        .map_err(|e| JsValue::from_str(&format!("{e:?}")))?;
    let doc = gateway_web::dom::document()?;
    let div = doc.create_element("div")?;
    doc.body()
        .ok_or("the test page has no body")?
        .append_child(&div)?;
    Ok(div)
}

/// Every element under `root` that `selector` matches, in document order.
fn select_all(root: &Element, selector: &str) -> Result<Vec<Element>, JsValue> {
    let list = root.query_selector_all(selector)?;
    (0..list.length())
        .filter_map(|i| list.item(i))
        .map(|node| node.dyn_into::<Element>().map_err(JsValue::from))
        .collect()
}

#[wasm_bindgen_test]
fn mount_draws_seven_pending_gates() -> Result<(), JsValue> {
    let root = fresh_root()?;
    let _shell = gateway_web::app::mount(&root, ExperimentId::Email)?;
    let gates = select_all(&root, "li[data-gate]")?;
    assert_eq!(gates.len(), 7, "seven gate rows");
    for li in &gates {
        assert_eq!(
            li.get_attribute("data-status").as_deref(),
            Some("pending"),
            "gate {:?} is pending after mount",
            li.get_attribute("data-gate")
        );
    }
    root.remove();
    Ok(())
}

/// `hide=` is checked against the core's list of panels: it must be exactly
/// the panels the shell builds, in page order (the goals, beside the
/// ledger, are part of the experiment's panel).
#[wasm_bindgen_test]
fn the_panels_hide_can_name_are_the_panels_of_the_page() -> Result<(), JsValue> {
    let root = fresh_root()?;
    let _shell = gateway_web::app::mount(&root, ExperimentId::Email)?;
    let mut names: Vec<String> = Vec::new();
    for name in select_all(&root, "[data-panel]")?
        .iter()
        .filter_map(|e| e.get_attribute("data-panel"))
    {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    assert_eq!(names, gateway_core::embed::PANELS);
    root.remove();
    Ok(())
}

/// The first element under `root` that `selector` matches.
fn one(root: &Element, selector: &str) -> Result<Element, JsValue> {
    root.query_selector(selector)?
        .ok_or_else(|| JsValue::from_str(&format!("nothing matches {selector}")))
}

fn text(root: &Element, selector: &str) -> Result<String, JsValue> {
    Ok(one(root, selector)?.text_content().unwrap_or_default())
}

/// Sets a select's value and fires `change`, as a person choosing does.
fn choose(root: &Element, selector: &str, value: &str) -> Result<(), JsValue> {
    let select: web_sys::HtmlSelectElement = one(root, selector)?.dyn_into()?;
    select.set_value(value);
    select.dispatch_event(&web_sys::Event::new("change")?)?;
    Ok(())
}

/// Clicks the button whose text is `label`.
fn click(root: &Element, label: &str) -> Result<(), JsValue> {
    for b in select_all(root, "button")? {
        if b.text_content().as_deref() == Some(label) {
            b.dyn_into::<web_sys::HtmlElement>()?.click();
            return Ok(());
        }
    }
    Err(JsValue::from_str(&format!("no button {label:?}")))
}

fn statuses(root: &Element) -> Result<Vec<String>, JsValue> {
    Ok(select_all(root, "li[data-gate]")?
        .iter()
        .map(|li| li.get_attribute("data-status").unwrap_or_default())
        .collect())
}

#[wasm_bindgen_test]
fn dom_events_drive_the_core_and_the_ledger_changes_after_the_last_gate() -> Result<(), JsValue> {
    let root = fresh_root()?;
    let _shell = gateway_web::app::mount(&root, ExperimentId::Email)?;
    choose(&root, "#role", "operator")?;
    click(&root, "Approve exact payload")?;
    assert!(one(&root, "#approve")?.text_content().as_deref() == Some("Revoke approval"));
    for _ in 0..6 {
        click(&root, "Next gate")?;
        assert!(!text(&root, "#ledger-json")?.contains("email-1"));
        assert!(one(&root, "#output")?.has_attribute("hidden"));
    }
    click(&root, "Next gate")?;
    assert_eq!(
        statuses(&root)?.iter().filter(|s| *s == "rejected").count(),
        0
    );
    assert!(text(&root, "#ledger-json")?.contains("\"id\": \"email-1\""));
    assert!(text(&root, "#output")?.contains("learner@example.test"));
    let next = select_all(&root, "button")?
        .into_iter()
        .find(|b| b.text_content().as_deref() == Some("Next gate"))
        .ok_or("no Next gate button")?;
    assert!(
        next.has_attribute("disabled"),
        "Next gate is disabled after a finished run"
    );
    assert!(text(&root, "#gate-caption")?.starts_with("Run finished: effect committed"));
    root.remove();
    Ok(())
}

#[wasm_bindgen_test]
fn learner_text_is_set_as_text_never_as_markup() -> Result<(), JsValue> {
    let attack = "<img src=x onerror=alert(1)><script>alert(2)</script>";
    let root = fresh_root()?;
    let shell = gateway_web::app::mount(&root, ExperimentId::Email)?;
    let args = serde_json_args(attack);
    gateway_web::app::dispatch(shell, gateway_core::Msg::EditArgs(args));
    gateway_web::app::dispatch(
        shell,
        gateway_core::Msg::SetRole(gateway_core::Role::Operator),
    );
    gateway_web::app::dispatch(shell, gateway_core::Msg::Approve);
    for _ in 0..7 {
        gateway_web::app::dispatch(shell, gateway_core::Msg::NextGate);
    }
    assert!(
        text(&root, "#request")?.contains(attack),
        "request shows it literally"
    );
    assert!(
        text(&root, "#output")?.contains(attack),
        "output shows it literally"
    );
    assert!(
        text(&root, "#ledger-json")?.contains(attack),
        "ledger shows it literally"
    );
    assert_eq!(
        select_all(&root, "img, script")?.len(),
        0,
        "no element was made from it"
    );
    root.remove();
    Ok(())
}

/// Email arguments whose subject and body carry `s`.
fn serde_json_args(s: &str) -> String {
    let quoted = gateway_core::json::quote(s);
    format!(r#"{{"to":"learner@example.test","subject":{quoted},"body":{quoted}}}"#)
}

/// The core reads the query as this browser's `URLSearchParams` does.
#[wasm_bindgen_test]
fn the_core_reads_the_query_as_the_browser_does() {
    use gateway_core::command::Read;
    use gateway_core::opening::{open, Address, Opening, Query};
    for query in [
        "?experiment=%3Cb%3E",
        "?embed=1&experiment=no+such",
        "?experiment=%E2%9C%93&experiment=email",
        "experiment=a%20b",
    ] {
        let browser = web_sys::UrlSearchParams::new_with_str(query)
            .ok()
            .and_then(|p| p.get("experiment"));
        let address = Address {
            query: &Query::parse(query),
            fragment: "",
            framed: false,
            from_file: false,
            single_file: false,
            locale: Default::default(),
            inflated: None,
        };
        let core = match open(address, &|_| Read::Absent) {
            Opening::Unknown { id, .. } => Some(id),
            Opening::Workbench(wb) => Some(wb.experiment().id.clone()),
            // No fragment here: no link can be broken.
            Opening::BrokenLink { .. } => None,
        };
        assert_eq!(core, browser, "{query}");
    }
}

/// The shell hands the core the query as this browser's `URLSearchParams`
/// reads it, pair for pair as the core's own reader of native callers
/// (`Query::parse`) reads it, on the cases that reader's tests hold to
/// URLSearchParams' answers.
#[wasm_bindgen_test]
fn the_shell_reads_the_page_query_as_the_core_reads_it() -> Result<(), JsValue> {
    use gateway_core::opening::Query;
    let window = web_sys::window().ok_or("no window")?;
    let history = window.history()?;
    let before = window.location().href()?;
    for query in [
        "?experiment=email&lang=zh-TW",
        "?q=%E4%B8%AD%E6%96%87&x=%e4%b8%ad",
        "?a==b&=&&=x&name",
        "?plus=a+b%2Bc",
        "?pct=%&pct2=%2&pct3=%zz",
        "?bad=%FF&half=%E4%B8&two=%FF%FE",
        "?&&",
        "",
    ] {
        history.replace_state_with_url(
            &JsValue::NULL,
            "",
            Some(&format!("{}{query}", window.location().pathname()?)),
        )?;
        assert_eq!(gateway_web::query(), Query::parse(query), "{query}");
    }
    history.replace_state_with_url(&JsValue::NULL, "", Some(&before))?;
    Ok(())
}

/// Every text node and accessible name under `root`.
fn words(root: &Element) -> Result<Vec<String>, JsValue> {
    fn texts(node: &web_sys::Node, found: &mut Vec<String>) {
        if node.node_type() == web_sys::Node::TEXT_NODE {
            let text = node.text_content().unwrap_or_default();
            if !text.trim().is_empty() {
                found.push(text);
            }
        }
        let children = node.child_nodes();
        for i in 0..children.length() {
            if let Some(child) = children.item(i) {
                texts(&child, found);
            }
        }
    }
    let mut found = Vec::new();
    texts(root, &mut found);
    for el in select_all(root, "[aria-label], [title], [placeholder]")? {
        for name in ["aria-label", "title", "placeholder"] {
            if let Some(v) = el.get_attribute(name) {
                found.push(v);
            }
        }
    }
    Ok(found)
}

/// Fails on any word of the page that the core's view model (or its
/// declarations view) does not hold: the shell writes no words of its own.
fn assert_every_word_is_the_models(
    root: &Element,
    shell: &gateway_web::app::Shared,
    state: &str,
) -> Result<(), JsValue> {
    let app = shell.app.borrow();
    let model = app.model().ok_or("nothing drawn")?;
    let declarations = app.wb.declarations_view();
    let source = format!("{model:?}{declarations:?}");
    for word in words(root)? {
        assert!(
            source.contains(&format!("{word:?}")),
            "{state}: {word:?} is not a string of the PageModel"
        );
    }
    Ok(())
}

#[wasm_bindgen_test]
fn every_word_on_the_page_comes_from_the_page_model() -> Result<(), JsValue> {
    use gateway_core::Msg;
    use gateway_web::app::dispatch;
    let root = fresh_root()?;
    let shell = gateway_web::app::mount(&root, ExperimentId::Registry)?;
    assert_every_word_is_the_models(&root, &shell, "fresh")?;
    for _ in 0..3 {
        dispatch(shell, Msg::NextGate);
    }
    assert_every_word_is_the_models(&root, &shell, "mid-run")?;
    for _ in 0..4 {
        dispatch(shell, Msg::NextGate);
    }
    assert_every_word_is_the_models(&root, &shell, "finished")?;
    dispatch(shell, Msg::EditArgs("{".into()));
    for _ in 0..7 {
        dispatch(shell, Msg::NextGate);
    }
    assert_every_word_is_the_models(&root, &shell, "rejected")?;
    dispatch(shell, Msg::CaptureBaseline);
    dispatch(shell, Msg::StartTurn);
    for _ in 0..7 {
        dispatch(shell, Msg::NextGate);
    }
    assert_every_word_is_the_models(&root, &shell, "a turn's finished call on show")?;
    dispatch(shell, Msg::NextCall);
    dispatch(shell, Msg::NextGate);
    assert_every_word_is_the_models(&root, &shell, "during a turn")?;
    // Next call is ignored while a call is inspected, Next gate once it finished.
    for _ in 0..40 {
        dispatch(shell, Msg::NextGate);
        dispatch(shell, Msg::NextCall);
    }
    assert_every_word_is_the_models(&root, &shell, "turn finished")?;
    // As an Operator the turn's calendar create waits at the approval gate.
    dispatch(shell, Msg::EndTurn);
    dispatch(shell, Msg::SetRole(gateway_core::Role::Operator));
    dispatch(shell, Msg::StartTurn);
    for _ in 0..10 {
        dispatch(shell, Msg::NextGate);
        dispatch(shell, Msg::NextCall);
    }
    let pending = select_all(&root, ".pending:not([hidden])")?;
    assert_eq!(pending.len(), 1, "the pending approval shows");
    assert_every_word_is_the_models(&root, &shell, "pending approval")?;
    dispatch(shell, Msg::Reject);
    assert!(select_all(&root, ".pending:not([hidden])")?.is_empty());
    dispatch(shell, Msg::EndTurn);
    dispatch(shell, Msg::Play);
    dispatch(shell, Msg::Hidden);
    dispatch(shell, Msg::ExportNotes);
    dispatch(
        shell,
        Msg::Notice(gateway_core::notice::Notice::BaselineStorageUnreadable),
    );
    assert!(
        !shell
            .app
            .borrow()
            .model()
            .ok_or("nothing drawn")?
            .gateway
            .notices
            .is_empty(),
        "the notices state has notices"
    );
    assert_every_word_is_the_models(&root, &shell, "with notices")?;
    root.remove();
    Ok(())
}

/// The registry experiment's tool select offers files.delete and
/// files.share; chosen there, each loads its valid example and the role
/// gate refuses it, for Viewer and for Operator, with no output.
#[wasm_bindgen_test]
fn the_select_chooses_a_refused_tool_and_the_role_gate_refuses_it() -> Result<(), JsValue> {
    let root = fresh_root()?;
    let _shell = gateway_web::app::mount(&root, ExperimentId::Registry)?;
    let ledger = text(&root, "#ledger-json")?;
    for tool in ["files.delete", "files.share"] {
        for role in ["viewer", "operator"] {
            choose(&root, "#tool", tool)?;
            choose(&root, "#role", role)?;
            let name: web_sys::HtmlInputElement = one(&root, "#tool-name")?.dyn_into()?;
            assert_eq!(name.value(), tool);
            let args: web_sys::HtmlTextAreaElement = one(&root, "#arguments")?.dyn_into()?;
            assert!(args.value().contains("/workspace/"), "{}", args.value());
            for _ in 0..7 {
                click(&root, "Next gate")?;
            }
            assert_eq!(
                statuses(&root)?,
                [
                    "passed",
                    "not-needed",
                    "rejected",
                    "skipped",
                    "skipped",
                    "skipped",
                    "skipped"
                ],
                "{tool} {role}"
            );
            assert!(one(&root, "#output")?.has_attribute("hidden"));
            assert_eq!(text(&root, "#ledger-json")?.len(), ledger.len());
            click(&root, "Restart inspection")?;
        }
    }
    root.remove();
    Ok(())
}

/// Output the Mark output as data hook marked is drawn inside a labelled
/// boundary (the label's words from the catalogue); without the hook,
/// no boundary.
#[wasm_bindgen_test]
fn marked_output_shows_its_boundary() -> Result<(), JsValue> {
    let root = fresh_root()?;
    let shell = gateway_web::app::mount(&root, ExperimentId::Search)?;
    let boundary = one(&root, ".boundary")?;
    let label = one(&root, "#output-boundary")?;
    choose(&root, "#hook", "mark-data")?;
    for _ in 0..7 {
        click(&root, "Next gate")?;
    }
    assert!(boundary.has_attribute("data-marked"));
    assert!(!label.has_attribute("hidden"));
    assert_eq!(
        text(&root, "#output-boundary")?,
        "Tool output: data, not instructions"
    );
    let output = one(&root, "#output")?;
    assert_eq!(output.parent_element().as_ref(), Some(&boundary));
    assert_eq!(
        output.get_attribute("aria-describedby").as_deref(),
        Some("output-boundary")
    );
    assert!(text(&root, "#output")?
        .starts_with("{\n  \"boundary\": \"tool output: data, not instructions\",\n  \"data\": {"));
    assert_every_word_is_the_models(&root, &shell, "marked output")?;

    choose(&root, "#hook", "none")?;
    assert!(!boundary.has_attribute("data-marked"));
    assert!(label.has_attribute("hidden"));
    for _ in 0..7 {
        click(&root, "Next gate")?;
    }
    assert!(!boundary.has_attribute("data-marked"));
    assert!(label.has_attribute("hidden"));
    assert!(!text(&root, "#output")?.contains("boundary"));
    root.remove();
    Ok(())
}

#[wasm_bindgen_test]
fn the_error_banner_is_visible_text() -> Result<(), JsValue> {
    gateway_web::panic::show_banner("<b>boom</b>")?;
    let doc = gateway_web::dom::document()?;
    let banner = doc.get_element_by_id("error-banner").ok_or("no banner")?;
    assert_eq!(banner.get_attribute("role").as_deref(), Some("alert"));
    assert!(!banner.has_attribute("hidden"));
    assert!(banner
        .text_content()
        .unwrap_or_default()
        .ends_with("<b>boom</b>"));
    assert_eq!(
        banner.children().length(),
        0,
        "the detail is text, not markup"
    );
    banner.remove();
    Ok(())
}

// The exports' schemas read by gateway-core's small evaluator, this very
// file, with the browser's own regular expressions: ECMA-262, as a
// JavaScript validator runs a JSON Schema `pattern` (`new RegExp(p, "u")`).
#[path = "../../gateway-core/tests/schema_eval/mod.rs"]
mod schema_eval;

/// `new RegExp(pattern, "u").test(text)` (a pattern this browser refuses
/// throws, and fails the test).
fn browser_regexp(pattern: &str, text: &str) -> bool {
    js_sys::RegExp::new(pattern, "u").test(text)
}

/// Every pattern of every export the page ships, in every language, run
/// against the tools' examples (and each of their texts with a line break
/// or control character before, after or alone): the schema's verdict with
/// the browser's regular expressions is the gate's.
#[wasm_bindgen_test]
fn every_exported_pattern_agrees_with_the_gate_under_this_browsers_regexp() -> Result<(), JsValue> {
    use gateway_core::declarations::Export;
    use gateway_core::text::{Locale, DATA};
    for (_, data) in DATA {
        gateway_core::text::install(data).map_err(|e| JsValue::from_str(&format!("{e:?}")))?;
    }
    let mut patterns = 0;
    for locale in Locale::ALL {
        for export in Export::ALL {
            let text =
                gateway_core::published::text(export, &gateway_core::Registry::fixtures(), locale);
            let value: serde_json::Value =
                serde_json::from_str(&text).map_err(|e| JsValue::from_str(&e.to_string()))?;
            let found = schema_eval::examples_against_the_gate(export, &value, &mut browser_regexp);
            assert!(
                found.disagreements.is_empty(),
                "{}: {:#?}",
                locale.id(),
                found.disagreements
            );
            assert!(
                found.unused_patterns.is_empty(),
                "{export}: {:?}",
                found.unused_patterns
            );
            assert!(found.cases > 100, "{export}: {} cases", found.cases);
            for (_, schema) in schema_eval::parameter_schemas(export, &value) {
                let mut all = Vec::new();
                schema_eval::patterns(&schema, &mut all);
                patterns += all.len();
            }
        }
    }
    assert!(patterns > 50, "only {patterns} patterns");
    Ok(())
}

// The number table of gateway-core's tests, this very file: here it runs
// against the wasm build with the features the page ships.
#[path = "../../gateway-core/tests/number_table/mod.rs"]
mod number_table;

/// This browser's `JSON.parse(text)`, and `String()` of the result.
fn browser_json_parse(text: &str) -> Result<(f64, String), String> {
    let value = js_sys::JSON::parse(text).map_err(|e| format!("{e:?}"))?;
    let x = value.as_f64().ok_or("not a number")?;
    let printed = js_sys::Number::from(x)
        .to_string_with_radix(10)
        .map_err(|e| format!("{e:?}"))?;
    Ok((x, String::from(printed)))
}

#[wasm_bindgen_test]
fn numbers_parse_as_this_browsers_json_parse_reads_them() {
    let problems = number_table::number_problems(Some(&browser_json_parse));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[wasm_bindgen_test]
fn numbers_of_many_digits_meet_the_gates_as_javascript_reads_them() {
    let problems = number_table::gate_problems();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The same calls typed into the page: the arguments field's `input`
/// event, the role select, Approve where it is offered, seven Next gate
/// presses; then what the gate rows, the output and the ledger show.
#[wasm_bindgen_test]
fn numbers_of_many_digits_typed_into_the_page() -> Result<(), JsValue> {
    use number_table::{Expect, GATE_CASES};
    for case in GATE_CASES {
        let root = fresh_root()?;
        let shell = gateway_web::app::mount(&root, case.experiment)?;
        gateway_web::app::dispatch(shell, gateway_core::Msg::SelectTool(case.tool));
        let args: web_sys::HtmlTextAreaElement = one(&root, "#arguments")?.dyn_into()?;
        args.set_value(case.args);
        args.dispatch_event(&web_sys::Event::new("input")?)?;
        choose(&root, "#role", "operator")?;
        if !one(&root, "#approve")?.has_attribute("disabled") {
            click(&root, "Approve exact payload")?;
        }
        for _ in 0..7 {
            click(&root, "Next gate")?;
        }
        let schema = one(&root, "li[data-gate=\"schema\"]")?;
        let ledger = text(&root, "#ledger-json")?;
        match case.expect {
            Expect::Result(want) => {
                assert_eq!(
                    statuses(&root)?.iter().filter(|s| *s == "rejected").count(),
                    0,
                    "{}: {}",
                    case.args,
                    text(&root, "#gate-caption")?
                );
                let output = text(&root, "#output")?;
                assert!(
                    output.contains(&format!("\"result\": {want}\n")),
                    "{}: {output}",
                    case.args
                );
            }
            Expect::SchemaRejects(want) => {
                assert_eq!(
                    schema.get_attribute("data-status").as_deref(),
                    Some("rejected"),
                    "{}",
                    case.args
                );
                assert_eq!(text(&schema, ".gate-reason")?, want);
                assert!(ledger.contains("\"seats\": 120,"), "{ledger}");
            }
        }
        root.remove();
    }
    Ok(())
}

/// `deflate::inflate`'s answer, awaited.
async fn inflated(bytes: &[u8]) -> Result<String, String> {
    let answer = std::rc::Rc::new(std::cell::RefCell::new(None));
    let (set, got) = (answer.clone(), answer.clone());
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let set = set.clone();
        gateway_web::deflate::inflate(bytes, move |r| {
            *set.borrow_mut() = Some(r);
            let _ = resolve.call0(&JsValue::NULL);
        });
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    let answer = got.borrow_mut().take();
    answer.unwrap_or_else(|| Err("no answer".into()))
}

/// A link's experiment is inflated by the browser's own
/// `DecompressionStream("deflate-raw")`: raw deflate (zlib's, wbits -15,
/// no header) comes back as it was; bytes that are not deflate give the
/// browser's words, which the core puts in its notice.
#[wasm_bindgen_test]
async fn a_links_bytes_are_inflated_by_the_browser() {
    let raw = [
        171u8, 86, 202, 76, 81, 178, 82, 80, 202, 72, 205, 201, 201, 87, 170, 85, 0, 211, 200, 36,
        0,
    ];
    assert_eq!(
        inflated(&raw).await.as_deref(),
        Ok("{\"id\": \"hello\"} hello hello hello")
    );
    // A zlib header is not raw deflate.
    let zlib = [120u8, 156, 203, 72, 205, 201, 201, 7, 0, 6, 44, 2, 21];
    let refused = inflated(&zlib).await;
    assert!(
        refused.as_ref().is_err_and(|why| !why.is_empty()),
        "{refused:?}"
    );
    assert!(inflated(&[]).await.is_err_and(|why| !why.is_empty()));
}

/// The author build compresses what the learner's page inflates.
#[cfg(feature = "author")]
#[wasm_bindgen_test]
async fn the_author_builds_deflate_is_what_the_page_inflates() {
    let text = gateway_core::experiments::FILES[1].as_bytes();
    let answer = std::rc::Rc::new(std::cell::RefCell::new(None));
    let (set, got) = (answer.clone(), answer.clone());
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let set = set.clone();
        gateway_web::deflate::deflate(text, move |r| {
            *set.borrow_mut() = Some(r);
            let _ = resolve.call0(&JsValue::NULL);
        });
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    let deflated = got
        .borrow_mut()
        .take()
        .unwrap_or(Err(String::new()))
        .unwrap_or_default();
    assert!(!deflated.is_empty() && deflated.len() < text.len() / 2);
    assert_eq!(
        inflated(&deflated).await.as_deref().map(str::as_bytes),
        Ok(text)
    );
}
