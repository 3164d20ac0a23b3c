//! Builds the page's fixed structure once and keeps handles to every part
//! that rendering or events touch. Labels here are the stable accessible
//! names tests and instructors' scripts rely on.

use gateway_core::declarations::Export;
use gateway_core::gates::Gate;
use gateway_core::published;
use gateway_core::view::PageModel;
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use crate::dom::{button, child, el, literal};

/// Handles to the live parts of the page.
#[derive(Debug, Clone)]
pub struct Elements {
    pub root: Element,
    pub title: Element,
    pub instructions: Element,
    pub goals: Element,
    pub goals_progress: Element,
    pub copy_link: Element,
    pub share_status: Element,
    pub share_link: Element,
    pub file_note: Element,
    pub export_text: Element,
    pub expand: Element,
    pub tool: Element,
    pub example: Element,
    pub tool_name: Element,
    pub policy: Element,
    pub decision: Element,
    pub start_turn: Element,
    pub end_turn: Element,
    pub turn_error: Element,
    pub turn_summary: Element,
    pub turn_calls: Element,
    pub turn_claims: Element,
    pub export_buttons: Vec<(Export, Element, Element)>,
    pub export_status: Element,
    pub args: Element,
    pub args_count: Element,
    pub role: Element,
    pub hook: Element,
    pub key: Element,
    pub reuse: Element,
    pub approve: Element,
    pub approval_status: Element,
    pub gates: Vec<Element>,
    pub play: Element,
    pub next: Element,
    pub restart: Element,
    pub reset: Element,
    pub speeds: Vec<Element>,
    pub pace: Element,
    pub progress: Element,
    pub progress_text: Element,
    pub caption: Element,
    pub notice: Element,
    pub preview_rows: Element,
    pub preview_summary: Element,
    pub request: Element,
    pub output_note: Element,
    pub output: Element,
    pub ledger_view: Element,
    pub ledger_json: Element,
    pub capture: Element,
    pub clear_baseline: Element,
    pub baseline: Element,
    pub runs: Element,
    pub notes: Element,
    pub export: Element,
    pub notes_status: Element,
}

/// A labelled form control: `<div class="field"><label for=id>…</label><tag id=id></div>`.
fn field(
    doc: &Document,
    parent: &Element,
    tag: &str,
    id: &str,
    label: &str,
) -> Result<Element, JsValue> {
    let wrap = child(doc, parent, "div", &[("class", "field")], None)?;
    child(doc, &wrap, "label", &[("for", id)], Some(label))?;
    child(doc, &wrap, tag, &[("id", id), ("name", id)], None)
}

fn section(doc: &Document, parent: &Element, id: &str, heading: &str) -> Result<Element, JsValue> {
    let s = child(
        doc,
        parent,
        "section",
        &[
            ("class", "panel"),
            ("aria-labelledby", id),
            ("data-panel", id.trim_start_matches("h-")),
        ],
        None,
    )?;
    child(doc, &s, "h2", &[("id", id)], Some(heading))?;
    Ok(s)
}

/// Fills `root` with the workbench and returns handles to its parts.
pub fn build(doc: &Document, root: &Element, model: &PageModel) -> Result<Elements, JsValue> {
    root.set_attribute("class", "workbench")?;
    let header = child(doc, root, "header", &[("class", "masthead")], None)?;
    child(
        doc,
        &header,
        "p",
        &[("class", "eyebrow")],
        Some("Function Tools · Approval and Effect Workbench"),
    )?;
    let title = child(doc, &header, "h1", &[], Some(model.experiment.title))?;
    child(
        doc,
        &header,
        "p",
        &[("class", "lede")],
        Some("Edit real JSON arguments, inspect policy gates and watch an approved local function change a synthetic ledger."),
    )?;
    let expand = child(
        doc,
        &header,
        "button",
        &[("type", "button"), ("class", "expand")],
        Some("Expand experiment"),
    )?;
    let share = child(doc, &header, "div", &[("class", "share")], None)?;
    let copy_link = child(
        doc,
        &share,
        "button",
        &[("type", "button"), ("aria-describedby", "share-status")],
        Some("Copy link"),
    )?;
    let share_status = child(
        doc,
        &share,
        "p",
        &[
            ("id", "share-status"),
            ("class", "status-line"),
            ("role", "status"),
        ],
        Some("Copy link puts this setup (not the ledger, never an approval) into a link."),
    )?;
    let link_field = child(
        doc,
        &share,
        "div",
        &[("class", "field"), ("hidden", "")],
        None,
    )?;
    child(
        doc,
        &link_field,
        "label",
        &[("for", "share-link")],
        Some("Link to this setup"),
    )?;
    let share_link = child(
        doc,
        &link_field,
        "input",
        &[("type", "text"), ("id", "share-link"), ("readonly", "")],
        None,
    )?;
    let file_note = child(
        doc,
        &header,
        "p",
        &[("class", "file-note"), ("hidden", "")],
        None,
    )?;

    let main = child(doc, root, "main", &[("class", "layout")], None)?;

    // Your experiment.
    let intro = section(doc, &main, "h-experiment", "Your experiment")?;
    intro.set_attribute("class", "panel intro")?;
    let instructions = child(doc, &intro, "p", &[], None)?;
    child(doc, &intro, "h3", &[], Some("Goals"))?;
    let goals_progress = child(doc, &intro, "p", &[("class", "status-line")], None)?;
    let goals = child(doc, &intro, "ul", &[("class", "goals")], None)?;
    child(
        doc,
        &intro,
        "p",
        &[("class", "hint")],
        Some("Each gate takes eight inspection seconds, or use Next gate. Only reaching the final stage applies the planned local effect. Restart preserves the ledger; Reset synthetic ledger clears this page's fictional state."),
    )?;

    // The request builder.
    let build = section(doc, &main, "h-build", "Build the request")?;
    build.set_attribute("class", "panel builder")?;
    let row = child(doc, &build, "div", &[("class", "row")], None)?;
    let tool = field(doc, &row, "select", "tool", "Tool")?;
    let example = field(doc, &row, "select", "example", "Example")?;
    let tool_name = field(doc, &build, "input", "tool-name", "Tool name")?;
    tool_name.set_attribute("type", "text")?;
    tool_name.set_attribute("autocomplete", "off")?;
    tool_name.set_attribute("spellcheck", "false")?;
    tool_name.set_attribute("aria-describedby", "tool-name-hint")?;
    child(
        doc,
        &build,
        "p",
        &[("id", "tool-name-hint"), ("class", "hint")],
        Some("The name the call carries, as a model would send it. The registry looks it up exactly: a name it does not hold fails at the first gate."),
    )?;
    let args = field(doc, &build, "textarea", "arguments", "Arguments JSON")?;
    args.set_attribute("spellcheck", "false")?;
    args.set_attribute("rows", "9")?;
    args.set_attribute("aria-describedby", "arguments-count")?;
    let args_count = child(
        doc,
        &build,
        "p",
        &[("id", "arguments-count"), ("class", "count")],
        None,
    )?;
    let row = child(doc, &build, "div", &[("class", "row")], None)?;
    let role = field(doc, &row, "select", "role", "Role")?;
    let hook = field(doc, &row, "select", "hook", "Hook")?;
    let key = field(doc, &row, "input", "operation-key", "Operation key")?;
    key.set_attribute("type", "text")?;
    key.set_attribute("autocomplete", "off")?;
    key.set_attribute("spellcheck", "false")?;
    let check = child(doc, &build, "div", &[("class", "field check")], None)?;
    let reuse = child(
        doc,
        &check,
        "input",
        &[("type", "checkbox"), ("id", "reuse-receipts")],
        None,
    )?;
    child(
        doc,
        &check,
        "label",
        &[("for", "reuse-receipts")],
        Some("Reuse receipts"),
    )?;
    let approve_row = child(doc, &build, "div", &[("class", "row approve-row")], None)?;
    let approve = child(
        doc,
        &approve_row,
        "button",
        &[
            ("type", "button"),
            ("id", "approve"),
            ("aria-describedby", "approval-status"),
        ],
        Some("Approve exact payload"),
    )?;
    let approval_status = child(
        doc,
        &approve_row,
        "p",
        &[("id", "approval-status"), ("class", "status-line")],
        None,
    )?;

    // An agent turn: a scripted model decision, call by call.
    let turn = section(doc, &main, "h-turn", "Agent turn")?;
    child(
        doc,
        &turn,
        "p",
        &[("class", "hint")],
        Some("Paste what a model decided: a JSON array of calls {\"name\": …, \"args\": {…}}, optionally ending with {\"text\": …}, the model's final message. Each call goes through the same seven gates, with the same approval, keys and receipts. At most six calls are dispatched."),
    )?;
    let decision = field(doc, &turn, "textarea", "decision", "Model decision JSON")?;
    decision.set_attribute("rows", "8")?;
    decision.set_attribute("spellcheck", "false")?;
    let row = child(doc, &turn, "div", &[("class", "row")], None)?;
    let start_turn = button(doc, &row, "Start turn")?;
    let end_turn = button(doc, &row, "End turn")?;
    let turn_error = child(
        doc,
        &turn,
        "p",
        &[("class", "error-line"), ("role", "alert")],
        None,
    )?;
    let turn_summary = child(
        doc,
        &turn,
        "p",
        &[("class", "status-line"), ("role", "status")],
        None,
    )?;
    let turn_calls = child(doc, &turn, "ol", &[("class", "turn-calls")], None)?;
    let turn_claims = child(doc, &turn, "div", &[("class", "turn-claims")], None)?;

    // The request as the gateway sees it.
    let req = section(doc, &main, "h-request", "Request being reviewed")?;
    let request = child(
        doc,
        &req,
        "pre",
        &[
            ("class", "literal"),
            ("id", "request"),
            ("tabindex", "0"),
            ("aria-labelledby", "h-request"),
        ],
        None,
    )?;

    // The gateway.
    let gateway = section(doc, &main, "h-gateway", "Gateway")?;
    gateway.set_attribute("class", "panel gateway")?;
    child(
        doc,
        &gateway,
        "p",
        &[("class", "hint")],
        Some("Scroll the gateway sideways to inspect every gate. The caption, output and ledger JSON below give the same outcomes as text."),
    )?;
    let scroller = child(
        doc,
        &gateway,
        "div",
        &[
            ("class", "gateway-scroll"),
            ("role", "region"),
            ("aria-label", "Seven gates"),
            ("tabindex", "0"),
        ],
        None,
    )?;
    let list = child(doc, &scroller, "ol", &[("class", "gates")], None)?;
    let mut gates = Vec::with_capacity(Gate::ALL.len());
    for (i, g) in Gate::ALL.iter().enumerate() {
        let li = child(
            doc,
            &list,
            "li",
            &[
                ("class", "gate"),
                ("data-gate", g.id()),
                ("data-status", "pending"),
            ],
            None,
        )?;
        let head = child(doc, &li, "p", &[("class", "gate-head")], None)?;
        child(
            doc,
            &head,
            "span",
            &[("class", "gate-number")],
            Some(&(i + 1).to_string()),
        )?;
        child(
            doc,
            &head,
            "span",
            &[("class", "gate-name")],
            Some(g.label()),
        )?;
        child(doc, &li, "p", &[("class", "gate-status")], Some("pending"))?;
        child(doc, &li, "p", &[("class", "gate-reason")], None)?;
        gates.push(li);
    }
    let progress_wrap = child(
        doc,
        &gateway,
        "div",
        &[("class", "progress"), ("aria-hidden", "true")],
        None,
    )?;
    let progress = child(
        doc,
        &progress_wrap,
        "div",
        &[("class", "progress-fill")],
        None,
    )?;
    let progress_text = child(doc, &gateway, "p", &[("class", "progress-text")], None)?;

    let controls = child(doc, &gateway, "div", &[("class", "controls")], None)?;
    let control = |label: &str| button(doc, &controls, label);
    let play = control("Play run")?;
    let next = control("Next gate")?;
    let restart = control("Restart inspection")?;
    let reset = control("Reset synthetic ledger")?;
    let speed = child(
        doc,
        &gateway,
        "div",
        &[
            ("class", "speed"),
            ("role", "radiogroup"),
            ("aria-labelledby", "speed-label"),
        ],
        None,
    )?;
    child(
        doc,
        &speed,
        "span",
        &[("id", "speed-label"), ("class", "speed-label")],
        Some("Speed"),
    )?;
    let mut speeds = Vec::new();
    for choice in &model.playback.speeds {
        let id = format!("speed-{}", choice.value);
        let label = child(doc, &speed, "label", &[("for", &id)], None)?;
        let radio = el(
            doc,
            "input",
            &[
                ("type", "radio"),
                ("name", "speed"),
                ("id", &id),
                ("value", choice.value),
            ],
            None,
        )?;
        label.append_child(&radio)?;
        label.append_child(&doc.create_text_node(choice.label))?;
        speeds.push(radio);
    }
    let pace = child(doc, &gateway, "p", &[("class", "pace")], None)?;
    let caption = child(
        doc,
        &gateway,
        "p",
        &[
            ("id", "gate-caption"),
            ("role", "status"),
            ("class", "caption"),
        ],
        None,
    )?;
    let notice = child(
        doc,
        &gateway,
        "p",
        &[("class", "notice"), ("role", "status")],
        None,
    )?;
    let details = child(doc, &gateway, "details", &[("class", "preview")], None)?;
    child(
        doc,
        &details,
        "summary",
        &[],
        Some("Complete-run preview (reveals the outcome before inspection)"),
    )?;
    let preview_summary = child(doc, &details, "p", &[], None)?;
    let preview_rows = child(doc, &details, "ol", &[("class", "preview-rows")], None)?;

    // Returned output.
    let out = section(doc, &main, "h-output", "Returned output")?;
    let output_note = child(doc, &out, "p", &[("class", "status-line")], None)?;
    let output = child(
        doc,
        &out,
        "pre",
        &[
            ("class", "literal"),
            ("id", "output"),
            ("tabindex", "0"),
            ("aria-labelledby", "h-output"),
        ],
        None,
    )?;

    // Runs log.
    let log = section(doc, &main, "h-runs", "Runs log")?;
    let runs = child(
        doc,
        &log,
        "ol",
        &[("class", "runs"), ("reversed", "")],
        None,
    )?;

    // What the model is told: declarations and their exports.
    let decl = section(doc, &main, "h-declarations", "Declarations the model sees")?;
    decl.set_attribute("class", "panel declarations")?;
    child(
        doc,
        &decl,
        "p",
        &[("class", "hint")],
        Some("The model is given each tool's name, description, risk and argument schema, never its implementation. A description is not a permission: only risk and policy grant anything, so a prompt that rewrites a description gains nothing. What a tool returns is untrusted data, not instructions: a page that feeds output back to a model must keep it marked as data."),
    )?;
    let exports = child(doc, &decl, "div", &[("class", "exports")], None)?;
    let mut export_buttons = Vec::new();
    for export in Export::ALL {
        let row = child(doc, &exports, "div", &[("class", "row")], None)?;
        let copy = button(doc, &row, &format!("Copy {}", export.label()))?;
        let download = button(doc, &row, &format!("Download {}", export.label()))?;
        export_buttons.push((export, copy, download));
    }
    let export_status = child(
        doc,
        &decl,
        "p",
        &[("class", "status-line"), ("role", "status")],
        None,
    )?;
    for tool in published::tools() {
        let item = child(
            doc,
            &decl,
            "details",
            &[("class", "declaration"), ("data-tool", &tool.name)],
            None,
        )?;
        child(
            doc,
            &item,
            "summary",
            &[],
            Some(&format!("{} · risk: {}", tool.name, tool.risks.join(", "))),
        )?;
        child(doc, &item, "p", &[], Some(&tool.description))?;
        child(doc, &item, "h3", &[], Some("MCP annotations"))?;
        literal(
            doc,
            &item,
            &format!("{} annotations", tool.name),
            &tool.annotations,
        )?;
        child(doc, &item, "h3", &[], Some("Argument schema"))?;
        literal(
            doc,
            &item,
            &format!("{} argument schema", tool.name),
            &tool.schema,
        )?;
    }

    // Policy by risk.
    let pol = section(doc, &main, "h-policy", "Policy by risk")?;
    child(
        doc,
        &pol,
        "p",
        &[("class", "hint")],
        Some("Only risk and policy grant anything; a tool's description never does. No fixture tool can delete or share, and no operation may be added to give one."),
    )?;
    let table = child(doc, &pol, "table", &[("class", "policy")], None)?;
    let head = child(doc, &table, "thead", &[], None)?;
    let tr = child(doc, &head, "tr", &[], None)?;
    for h in ["Risk", "Policy", "Registered tools"] {
        child(doc, &tr, "th", &[("scope", "col")], Some(h))?;
    }
    let policy = child(doc, &table, "tbody", &[], None)?;

    // Ledger.
    let led = section(doc, &main, "h-ledger", "Synthetic ledger")?;
    led.set_attribute("class", "panel ledger")?;
    let ledger_view = child(doc, &led, "div", &[("class", "ledger-view")], None)?;
    child(
        doc,
        &led,
        "h3",
        &[("id", "h-ledger-json")],
        Some("Ledger as JSON"),
    )?;
    let ledger_json = child(
        doc,
        &led,
        "pre",
        &[
            ("class", "literal"),
            ("id", "ledger-json"),
            ("aria-labelledby", "h-ledger-json"),
            ("tabindex", "0"),
        ],
        None,
    )?;

    // Baseline.
    let base = section(doc, &main, "h-baseline", "Baseline")?;
    let row = child(doc, &base, "div", &[("class", "row")], None)?;
    let capture = button(doc, &row, "Capture baseline")?;
    let clear_baseline = button(doc, &row, "Clear baseline")?;
    let baseline = child(doc, &base, "div", &[("class", "baseline")], None)?;

    // Notes.
    let notes_panel = section(doc, &main, "h-notes", "Notes")?;
    let notes = field(doc, &notes_panel, "textarea", "notes", "Notes")?;
    notes.set_attribute("rows", "5")?;
    let row = child(doc, &notes_panel, "div", &[("class", "row")], None)?;
    let export = button(doc, &row, "Export notes")?;
    let notes_status = child(
        doc,
        &notes_panel,
        "p",
        &[("class", "status-line"), ("role", "status")],
        None,
    )?;
    let export_fallback = child(
        doc,
        &notes_panel,
        "div",
        &[("class", "field"), ("hidden", "")],
        None,
    )?;
    child(
        doc,
        &export_fallback,
        "label",
        &[("for", "export-text")],
        Some("Export text"),
    )?;
    child(
        doc,
        &export_fallback,
        "p",
        &[("class", "hint"), ("id", "export-hint")],
        Some("If no download started (an embedding page may forbid downloads), select this text and copy it."),
    )?;
    let export_text = child(
        doc,
        &export_fallback,
        "textarea",
        &[
            ("id", "export-text"),
            ("readonly", ""),
            ("rows", "8"),
            ("aria-describedby", "export-hint"),
        ],
        None,
    )?;

    let footer = child(doc, root, "footer", &[("class", "disclaimer")], None)?;
    child(doc, &footer, "p", &[], Some(model.disclaimer))?;

    Ok(Elements {
        root: root.clone(),
        title,
        instructions,
        goals,
        goals_progress,
        copy_link,
        share_status,
        share_link,
        file_note,
        export_text,
        expand,
        tool,
        example,
        tool_name,
        policy,
        decision,
        start_turn,
        end_turn,
        turn_error,
        turn_summary,
        turn_calls,
        turn_claims,
        export_buttons,
        export_status,
        args,
        args_count,
        role,
        hook,
        key,
        reuse,
        approve,
        approval_status,
        gates,
        play,
        next,
        restart,
        reset,
        speeds,
        pace,
        progress,
        progress_text,
        caption,
        notice,
        preview_rows,
        preview_summary,
        request,
        output_note,
        output,
        ledger_view,
        ledger_json,
        capture,
        clear_baseline,
        baseline,
        runs,
        notes,
        export,
        notes_status,
    })
}
