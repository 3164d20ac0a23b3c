//! Draws a [`PageModel`] into the page, touching only what changed since
//! the previous model. No decision is made here: every label, enabled
//! state and status comes from the view model.

use gateway_core::view::{Choice, GateRow, PageModel};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};

use crate::dom::{child, clear, literal, set_attr, set_flag, set_optional_text, set_text};
use crate::layout::Elements;

pub fn render(
    doc: &Document,
    e: &Elements,
    m: &PageModel,
    last: Option<&PageModel>,
) -> Result<(), JsValue> {
    set_text(&e.title, m.experiment.title);
    set_text(&e.instructions, m.experiment.instructions);
    set_text(&e.goals_progress, &m.experiment.progress);
    if last.is_none_or(|l| l.experiment.goals != m.experiment.goals) {
        clear(&e.goals);
        for goal in &m.experiment.goals {
            let (state, mark) = if goal.reached {
                ("reached", "Reached: ")
            } else {
                ("open", "Not yet: ")
            };
            let li = child(
                doc,
                &e.goals,
                "li",
                &[("data-goal", goal.id), ("data-state", state)],
                None,
            )?;
            child(doc, &li, "span", &[("class", "goal-mark")], Some(mark))?;
            li.append_child(&doc.create_text_node(goal.text))?;
        }
    }

    if last.is_none_or(|l| l.tools != m.tools) {
        fill_select(doc, &e.tool, &m.tools, tool_placeholder(m))?;
    }
    if last.is_none_or(|l| l.examples != m.examples) {
        fill_select(
            doc,
            &e.example,
            &m.examples,
            Some("Edited (choose to load)"),
        )?;
    }
    set_value_input(&e.tool_name, &m.tool_name);
    if last.is_none_or(|l| l.policy != m.policy) {
        clear(&e.policy);
        for row in &m.policy {
            let tr = child(doc, &e.policy, "tr", &[], None)?;
            child(doc, &tr, "th", &[("scope", "row")], Some(row.risk))?;
            child(doc, &tr, "td", &[], Some(row.rule))?;
            child(doc, &tr, "td", &[], Some(&row.tools))?;
        }
    }
    for control in [&e.tool, &e.example, &e.args, &e.tool_name] {
        set_flag(control, "disabled", !m.request_editable);
    }
    render_turn(doc, e, m, last)?;
    set_value_textarea(&e.args, &m.args);
    set_text(&e.args_count, &m.args_count);
    set_attr(
        &e.args_count,
        "class",
        if m.args_over_cap {
            "count over"
        } else {
            "count"
        },
    );
    if last.is_none_or(|l| l.roles != m.roles) {
        fill_select(doc, &e.role, &m.roles, None)?;
    }
    if last.is_none_or(|l| l.hooks != m.hooks) {
        fill_select(doc, &e.hook, &m.hooks, None)?;
    }
    set_value_input(&e.key, &m.key);
    if let Some(reuse) = e.reuse.dyn_ref::<HtmlInputElement>() {
        reuse.set_checked(m.reuse.checked);
        reuse.set_disabled(!m.reuse.enabled);
    }

    // Approval: one toggle button.
    set_text(
        &e.approve,
        if m.approval.approved {
            "Revoke approval"
        } else {
            "Approve exact payload"
        },
    );
    set_attr(
        &e.approve,
        "aria-pressed",
        if m.approval.approved { "true" } else { "false" },
    );
    set_flag(
        &e.approve,
        "disabled",
        !(m.approval.can_approve || m.approval.can_revoke),
    );
    set_text(&e.approval_status, &m.approval.status);

    for (li, row) in e.gates.iter().zip(&m.gates) {
        render_gate(li, row);
    }
    set_text(&e.play, m.playback.play_label);
    let next_had_focus = doc.active_element().as_ref() == Some(&e.next);
    set_flag(&e.next, "disabled", !m.playback.next_enabled);
    if next_had_focus && !m.playback.next_enabled {
        // A disabled button keeps focus but does nothing: hand focus to
        // Play run, the next thing a keyboard user can do.
        if let Some(play) = crate::dom::html(&e.play) {
            let _ = play.focus();
        }
    }
    for (radio, choice) in e.speeds.iter().zip(&m.playback.speeds) {
        if let Some(r) = radio.dyn_ref::<HtmlInputElement>() {
            r.set_checked(choice.selected);
        }
    }
    set_text(&e.pace, &m.playback.pace);
    let width = if m.playback.finished {
        1000
    } else {
        m.playback.progress_permille
    };
    // Through the CSSOM, which a Content-Security-Policy without
    // 'unsafe-inline' still allows (a style attribute it would block).
    if let Some(bar) = crate::dom::html(&e.progress) {
        let _ = bar
            .style()
            .set_property("width", &format!("{}%", f64::from(width) / 10.0));
    }
    set_text(&e.progress_text, &progress_words(m));
    set_text(&e.caption, &m.caption);
    set_optional_text(&e.notice, m.notice.as_deref());

    if last.is_none_or(|l| l.preview != m.preview) {
        set_text(&e.preview_summary, &m.preview.summary);
        clear(&e.preview_rows);
        for row in &m.preview.rows {
            let text = format!(
                "{}: {} — {}",
                row.gate.label(),
                row.status.label(),
                row.reason
            );
            child(
                doc,
                &e.preview_rows,
                "li",
                &[("data-status", row.status.id())],
                Some(&text),
            )?;
        }
    }

    set_text(&e.request, &m.request);
    set_text(&e.output_note, &m.output_note);
    set_optional_text(&e.output, m.output.as_deref());

    if last.is_none_or(|l| l.ledger != m.ledger) {
        clear(&e.ledger_view);
        for section in &m.ledger {
            let div = child(
                doc,
                &e.ledger_view,
                "div",
                &[("class", "ledger-section")],
                None,
            )?;
            child(doc, &div, "h3", &[], Some(section.title))?;
            let ul = child(doc, &div, "ul", &[], None)?;
            for item in &section.items {
                child(doc, &ul, "li", &[], Some(item))?;
            }
        }
    }
    set_text(&e.ledger_json, &m.ledger_json);

    set_text(&e.capture, m.capture_label);
    set_flag(&e.clear_baseline, "disabled", m.baseline.is_none());
    if last.is_none_or(|l| l.baseline != m.baseline) {
        render_baseline(doc, &e.baseline, m)?;
    }
    if last.is_none_or(|l| l.runs != m.runs) {
        render_runs(doc, &e.runs, m)?;
    }
    Ok(())
}

/// With a tool name the registry does not hold, the select shows it as such.
fn tool_placeholder(m: &PageModel) -> Option<&'static str> {
    (!m.tools.iter().any(|c| c.selected)).then_some("Unregistered name")
}

fn render_gate(li: &Element, row: &GateRow) {
    set_attr(li, "data-status", row.status.id());
    if row.current {
        set_attr(li, "aria-current", "step");
    } else {
        set_flag(li, "aria-current", false);
    }
    if let Ok(Some(status)) = li.query_selector(".gate-status") {
        set_text(&status, row.status.label());
    }
    if let Ok(Some(reason)) = li.query_selector(".gate-reason") {
        set_text(&reason, &row.reason);
    }
}

fn progress_words(m: &PageModel) -> String {
    match m.playback.stage {
        None => "Run finished.".into(),
        Some(stage) => format!(
            "Gate {} of 7 · {} s of inspection left{}",
            stage + 1,
            m.playback.seconds_left,
            if m.playback.playing { "" } else { " (paused)" }
        ),
    }
}

/// Replaces a select's options; `placeholder` adds a first disabled option
/// that is selected when no choice is.
fn fill_select(
    doc: &Document,
    select: &Element,
    choices: &[Choice],
    placeholder: Option<&str>,
) -> Result<(), JsValue> {
    clear(select);
    let none_selected = !choices.iter().any(|c| c.selected);
    if let Some(text) = placeholder {
        let opt = child(
            doc,
            select,
            "option",
            &[("value", ""), ("disabled", "")],
            Some(text),
        )?;
        if none_selected {
            opt.set_attribute("selected", "")?;
        }
    }
    for c in choices {
        let opt = child(doc, select, "option", &[("value", c.value)], Some(c.label))?;
        if c.selected {
            opt.set_attribute("selected", "")?;
        }
        if !c.enabled {
            opt.set_attribute("disabled", "")?;
        }
    }
    if let Some(s) = select.dyn_ref::<HtmlSelectElement>() {
        let value = choices.iter().find(|c| c.selected).map_or("", |c| c.value);
        s.set_value(value);
        s.set_disabled(choices.iter().all(|c| !c.enabled));
    }
    Ok(())
}

fn set_value_textarea(e: &Element, value: &str) {
    if let Some(t) = e.dyn_ref::<HtmlTextAreaElement>() {
        if t.value() != value {
            t.set_value(value);
        }
    }
}

fn set_value_input(e: &Element, value: &str) {
    if let Some(i) = e.dyn_ref::<HtmlInputElement>() {
        if i.value() != value {
            i.set_value(value);
        }
    }
}

fn render_baseline(doc: &Document, div: &Element, m: &PageModel) -> Result<(), JsValue> {
    clear(div);
    let Some(b) = &m.baseline else {
        child(doc, div, "p", &[("class", "status-line")], Some("No baseline captured. Capture baseline saves the current inputs and result to compare with later ones."))?;
        return Ok(());
    };
    let grid = child(doc, div, "div", &[("class", "compare")], None)?;
    let col = |title: &str| -> Result<Element, JsValue> {
        let c = child(doc, &grid, "div", &[("class", "compare-col")], None)?;
        child(doc, &c, "h3", &[], Some(title))?;
        Ok(c)
    };
    let base = col("Baseline")?;
    let setup = format!(
        "Role: {} · Hook: {} · Key: {} · {}",
        b.role,
        b.hook,
        b.key,
        if b.approved {
            "approved"
        } else {
            "not approved"
        }
    );
    child(doc, &base, "p", &[], Some(&setup))?;
    literal(doc, &base, "Baseline request", &b.request)?;
    let ol = child(doc, &base, "ol", &[("class", "compare-rows")], None)?;
    for (gate, verdict, reason) in &b.rows {
        child(
            doc,
            &ol,
            "li",
            &[],
            Some(&format!("{gate}: {verdict} — {reason}")),
        )?;
    }
    child(doc, &base, "p", &[], Some(&b.summary))?;
    if let Some(out) = &b.output {
        literal(doc, &base, "Baseline output", out)?;
    }

    let live = col("Live")?;
    child(
        doc,
        &live,
        "p",
        &[],
        Some(&format!("Key: {} · {}", m.key, m.approval.status)),
    )?;
    literal(doc, &live, "Live request", &m.request)?;
    let ol = child(doc, &live, "ol", &[("class", "compare-rows")], None)?;
    for row in &m.preview.rows {
        child(
            doc,
            &ol,
            "li",
            &[],
            Some(&format!(
                "{}: {} — {}",
                row.gate.id(),
                row.status.label(),
                row.reason
            )),
        )?;
    }
    child(doc, &live, "p", &[], Some(&m.preview.summary))?;
    Ok(())
}

fn render_turn(
    doc: &Document,
    e: &Elements,
    m: &PageModel,
    last: Option<&PageModel>,
) -> Result<(), JsValue> {
    let t = &m.turn;
    set_value_textarea(&e.decision, &t.decision);
    set_flag(&e.end_turn, "disabled", !t.active);
    set_optional_text(&e.turn_error, t.error.as_deref());
    set_text(&e.turn_summary, &t.summary);
    if last.is_some_and(|l| l.turn == m.turn) {
        return Ok(());
    }
    clear(&e.turn_calls);
    for call in &t.calls {
        let li = child(
            doc,
            &e.turn_calls,
            "li",
            &[("data-state", call.state)],
            None,
        )?;
        child(doc, &li, "code", &[], Some(&call.name))?;
        li.append_child(&doc.create_text_node(&format!(" — {}", call.detail)))?;
    }
    clear(&e.turn_claims);
    if !t.claims.is_empty() || !t.completed.is_empty() {
        child(
            doc,
            &e.turn_claims,
            "h3",
            &[],
            Some("Claims against completed operations"),
        )?;
        let ul = child(doc, &e.turn_claims, "ul", &[], None)?;
        for c in &t.claims {
            let (state, verdict) = if c.backed {
                (
                    "backed",
                    format!("backed by a {} effect or receipt in this turn", c.tool),
                )
            } else {
                (
                    "unbacked",
                    format!("flagged: no {} effect or receipt stands behind it", c.tool),
                )
            };
            let li = child(doc, &ul, "li", &[("data-claim", state)], None)?;
            child(doc, &li, "q", &[], Some(&c.sentence))?;
            li.append_child(&doc.create_text_node(&format!(" — {verdict}")))?;
        }
        let done = if t.completed.is_empty() {
            "Completed operations: none.".to_string()
        } else {
            format!("Completed operations: {}.", t.completed.join("; "))
        };
        child(doc, &e.turn_claims, "p", &[], Some(&done))?;
    }
    Ok(())
}

fn render_runs(doc: &Document, ol: &Element, m: &PageModel) -> Result<(), JsValue> {
    clear(ol);
    if m.runs.is_empty() {
        child(
            doc,
            ol,
            "li",
            &[("class", "empty")],
            Some("No finished runs yet."),
        )?;
        return Ok(());
    }
    for r in &m.runs {
        let li = child(doc, ol, "li", &[("value", &r.seq.to_string())], None)?;
        let summary = format!(
            "Run {} · {:.1} s after the page opened · {} experiment · {} · {} · hook {} · key {} · effect: {}",
            r.seq,
            r.at_ms as f64 / 1000.0,
            r.experiment,
            r.tool,
            r.role.label(),
            r.hook.label(),
            r.key,
            r.effect.id()
        );
        child(doc, &li, "p", &[], Some(&summary))?;
        let outcomes = r.outcomes.map(|v| v.label()).join(", ");
        child(
            doc,
            &li,
            "p",
            &[("class", "outcomes")],
            Some(&format!("Gates: {outcomes}")),
        )?;
        if let Some(output) = &r.output {
            let details = child(doc, &li, "details", &[], None)?;
            child(doc, &details, "summary", &[], Some("Returned output"))?;
            literal(
                doc,
                &details,
                &format!("Returned output of run {}", r.seq),
                output,
            )?;
        }
    }
    Ok(())
}
