//! The requests a text editor sends about a place in a document: hover, go to definition,
//! references, rename and completion. Each reads the document as it stands, the ids its game
//! lists ([`megahex::rulesets::symbols`]) and, for hovers, the last check's outcome.

use std::collections::HashMap;
use std::sync::Arc;

use lsp_server::{ErrorCode, Request, Response};
use lsp_types::request::{
    CodeActionRequest, Completion, GotoDefinition, HoverRequest, PrepareRenameRequest, References,
    Rename, Request as _,
};
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, CompletionItem,
    CompletionItemKind, CompletionParams, CompletionResponse, CompletionTextEdit,
    GotoDefinitionParams, GotoDefinitionResponse, Hover, HoverContents, HoverParams, Location,
    MarkupContent, MarkupKind, Position, PrepareRenameResponse, Range, ReferenceParams,
    RenameParams, TextDocumentPositionParams, TextEdit, Uri, WorkspaceEdit,
};
use megahex::language::symbols::{self, Symbol};
use megahex::language::{HoverQuestion, describe};
use megahex::yaml::{self, Document, Limits};
use megahex::{Checker, Outcome, rulesets};
use megahex_schema::Ruleset;
use serde_json::Value;

use super::diagnose::{catalog_reader, to_protocol};
use super::documents::Documents;
use super::text::{offset_at, range_of};

/// What the requests share.
pub struct Context {
    /// The checker, for the schema's descriptions and a quick read of a scenario.
    pub quick: Checker,
    /// The open documents and their last checks.
    pub documents: Documents,
}

/// The answer to `request`, or `None` for a method the server does not serve.
pub fn answer(context: &Context, request: &Request) -> Option<Response> {
    let id = request.id.clone();
    let params = request.params.clone();
    let result = match request.method.as_str() {
        HoverRequest::METHOD => parse::<HoverParams>(params)
            .map(|p| to_json(hover(context, &p.text_document_position_params))),
        GotoDefinition::METHOD => parse::<GotoDefinitionParams>(params)
            .map(|p| to_json(definition(context, &p.text_document_position_params))),
        References::METHOD => parse::<ReferenceParams>(params).map(|p| {
            to_json(references(
                context,
                &p.text_document_position,
                p.context.include_declaration,
            ))
        }),
        PrepareRenameRequest::METHOD => parse::<TextDocumentPositionParams>(params)
            .map(|p| to_json(prepare_rename(context, &p))),
        Rename::METHOD => parse::<RenameParams>(params)
            .and_then(|p| rename(context, &p.text_document_position, &p.new_name).map(to_json)),
        CodeActionRequest::METHOD => {
            parse::<CodeActionParams>(params).map(|p| to_json(code_actions(context, &p)))
        }
        Completion::METHOD => parse::<CompletionParams>(params)
            .map(|p| to_json(completion(context, &p.text_document_position))),
        _ => return None,
    };
    Some(match result {
        Ok(value) => Response::new_ok(id, value),
        Err((code, message)) => Response::new_err(id, code as i32, message),
    })
}

type Answer<T> = Result<T, (ErrorCode, String)>;

fn parse<P: serde::de::DeserializeOwned>(params: Value) -> Answer<P> {
    serde_json::from_value(params).map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
}

fn to_json<T: serde::Serialize>(value: T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// A document as the requests read it.
struct View {
    uri: Uri,
    text: Arc<str>,
    document: Document,
    ruleset: Option<Ruleset>,
    symbols: Vec<Symbol>,
}

impl View {
    fn open(context: &Context, uri: &Uri) -> Option<View> {
        let (text, _) = context.documents.text(uri)?;
        let document = yaml::load(&text, Limits::default()).ok()?;
        let ruleset = Ruleset::of(&document.value);
        let symbols = ruleset.map_or_else(Vec::new, |r| rulesets::symbols(r, &document.value));
        Some(View {
            uri: uri.clone(),
            text,
            document,
            ruleset,
            symbols,
        })
    }

    /// The node under a position, and whether it is a key.
    fn place(&self, position: Position) -> Option<(String, bool)> {
        self.document.pointer_at(offset_at(&self.text, position))
    }

    /// The symbol under a position.
    fn symbol(&self, position: Position) -> Option<&Symbol> {
        let (pointer, on_key) = self.place(position)?;
        symbols::at(&self.symbols, &pointer, on_key)
    }

    /// Where a symbol is written.
    fn range(&self, symbol: &Symbol) -> Option<Range> {
        let span = if symbol.on_key {
            self.document.key_span(&symbol.pointer)
        } else {
            self.document.value_span(&symbol.pointer)
        }?;
        Some(range_of(&self.text, span.offset, span.offset + span.len))
    }

    fn location(&self, symbol: &Symbol) -> Option<Location> {
        Some(Location::new(self.uri.clone(), self.range(symbol)?))
    }

    /// The line a pointer's node starts on, 1-based, for texts.
    fn line(&self, pointer: &str) -> Option<usize> {
        self.document.value_span(pointer).map(|span| span.line)
    }
}

fn hover(context: &Context, at: &TextDocumentPositionParams) -> Option<Hover> {
    let view = View::open(context, &at.text_document.uri)?;
    let (pointer, on_key) = view.place(at.position)?;
    // The last full check of this text, else a quick read for the scenario (claims then say
    // their verdict is coming).
    let checked = context.documents.outcome(&view.uri);
    let outcome: Option<Arc<Outcome>> = checked
        .clone()
        .or_else(|| quick_outcome(context, &view).map(Arc::new));
    let question = HoverQuestion {
        document: &view.document.value,
        pointer: &pointer,
        on_key,
        symbols: &view.symbols,
        findings: checked.as_ref().map(|o| o.diagnostics.as_slice()),
    };
    let game = outcome.as_ref().and_then(|outcome| {
        let scenario = outcome.scenario.as_ref()?;
        // Games without tiles check against no catalog of their own.
        let catalog = outcome
            .catalog
            .as_deref()
            .unwrap_or_else(|| context.quick.catalog());
        rulesets::hover(scenario, catalog, &question)
    });
    let symbol_text = || {
        let symbol = symbols::at(&view.symbols, &pointer, on_key)?;
        Some(symbol_summary(&view, symbol))
    };
    let mut parts: Vec<String> = game.or_else(symbol_text).into_iter().collect();
    if (on_key || parts.is_empty())
        && let Some(words) = describe(context.quick.schema(), &view.document.value, &pointer)
    {
        parts.push(words);
    }
    if parts.is_empty() {
        return None;
    }
    let span = if on_key {
        view.document.key_span(&pointer)
    } else {
        view.document.value_span(&pointer)
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: parts.join("\n\n---\n\n"),
        }),
        range: span.map(|s| range_of(&view.text, s.offset, s.offset + s.len)),
    })
}

/// The scenario read without the checks that play the rules, for a hover that comes before
/// the document's full check.
fn quick_outcome(context: &Context, view: &View) -> Option<Outcome> {
    let path = context.documents.path(&view.uri);
    let overlay = context.documents.by_path();
    let read = catalog_reader(&context.quick, path.as_deref(), &overlay);
    let outcome = context.quick.check_text(&view.text, &read);
    outcome.scenario.is_some().then_some(outcome)
}

/// The quick fixes of the findings in the asked range: each fix the check knows, written into
/// the text as the editor's save writes edits (comments and layout kept), the first of each
/// finding preferred.
fn code_actions(context: &Context, asked: &CodeActionParams) -> Option<Vec<CodeActionOrCommand>> {
    let uri = &asked.text_document.uri;
    let (text, _) = context.documents.text(uri)?;
    let outcome = match context.documents.outcome(uri) {
        Some(outcome) => outcome,
        None => {
            let view = View::open(context, uri)?;
            Arc::new(quick_outcome(context, &view)?)
        }
    };
    let mut actions = Vec::new();
    for finding in outcome.diagnostics.iter().filter(|d| !d.fixes.is_empty()) {
        let shown = to_protocol(finding, &text, finding.span);
        if !overlaps(shown.range, asked.range) {
            continue;
        }
        for (k, fix) in finding.fixes.iter().enumerate() {
            let Some(fixed) = megahex::language::fix::apply(&text, fix) else {
                continue;
            };
            let edit = TextEdit::new(changed_range(&text, &fixed), changed_text(&text, &fixed));
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: fix.title.clone(),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![shown.clone()]),
                edit: Some(WorkspaceEdit {
                    changes: Some(HashMap::from([(uri.clone(), vec![edit])])),
                    ..WorkspaceEdit::default()
                }),
                is_preferred: Some(k == 0),
                ..CodeAction::default()
            }));
        }
    }
    Some(actions)
}

fn overlaps(a: Range, b: Range) -> bool {
    let before = |x: Position, y: Position| (x.line, x.character) < (y.line, y.character);
    !(before(a.end, b.start) || before(b.end, a.start))
}

/// The bytes of `old` and `new` that differ: their common start and end left out, so an edit
/// touches only what changed (and never splits a character).
fn changed_bytes(old: &str, new: &str) -> (usize, usize, usize) {
    let mut start = old
        .bytes()
        .zip(new.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    while !old.is_char_boundary(start) || !new.is_char_boundary(start) {
        start -= 1;
    }
    let room = old.len().min(new.len()) - start;
    let mut common_end = old
        .bytes()
        .rev()
        .zip(new.bytes().rev())
        .take(room)
        .take_while(|(a, b)| a == b)
        .count();
    while !old.is_char_boundary(old.len() - common_end)
        || !new.is_char_boundary(new.len() - common_end)
    {
        common_end -= 1;
    }
    (start, old.len() - common_end, new.len() - common_end)
}

fn changed_range(old: &str, new: &str) -> Range {
    let (start, old_end, _) = changed_bytes(old, new);
    range_of(old, start, old_end)
}

fn changed_text(old: &str, new: &str) -> String {
    let (start, _, new_end) = changed_bytes(old, new);
    new[start..new_end].to_owned()
}

/// An id in words: what it is, where it is defined and how often it is named.
fn symbol_summary(view: &View, symbol: &Symbol) -> String {
    let all = symbols::occurrences(&view.symbols, symbol);
    let defined: Vec<String> = all
        .iter()
        .filter(|s| s.role == symbols::Role::Definition)
        .filter_map(|s| view.line(&s.pointer).map(|l| format!("line {l}")))
        .collect();
    let uses = all
        .iter()
        .filter(|s| s.role == symbols::Role::Reference)
        .count();
    let defined = if defined.is_empty() {
        "not defined in this file".to_owned()
    } else {
        format!("defined at {}", defined.join(", "))
    };
    format!(
        "**{} `{}`**: {defined}; named {uses} time(s)",
        symbol.kind, symbol.id
    )
}

fn definition(
    context: &Context,
    at: &TextDocumentPositionParams,
) -> Option<GotoDefinitionResponse> {
    let view = View::open(context, &at.text_document.uri)?;
    let symbol = view.symbol(at.position)?;
    let found: Vec<Location> = symbols::occurrences(&view.symbols, symbol)
        .into_iter()
        .filter(|s| s.role == symbols::Role::Definition)
        .filter_map(|s| view.location(s))
        .collect();
    (!found.is_empty()).then_some(GotoDefinitionResponse::Array(found))
}

fn references(
    context: &Context,
    at: &TextDocumentPositionParams,
    with_definition: bool,
) -> Option<Vec<Location>> {
    let view = View::open(context, &at.text_document.uri)?;
    let symbol = view.symbol(at.position)?;
    Some(
        symbols::occurrences(&view.symbols, symbol)
            .into_iter()
            .filter(|s| with_definition || s.role == symbols::Role::Reference)
            .filter_map(|s| view.location(s))
            .collect(),
    )
}

/// Tile numbers are the box's, not the designer's: they are not renamed.
fn renamable(symbol: &Symbol) -> bool {
    symbol.kind != "tile"
}

fn prepare_rename(
    context: &Context,
    at: &TextDocumentPositionParams,
) -> Option<PrepareRenameResponse> {
    let view = View::open(context, &at.text_document.uri)?;
    let symbol = view.symbol(at.position).filter(|s| renamable(s))?;
    view.range(symbol).map(PrepareRenameResponse::Range)
}

fn rename(
    context: &Context,
    at: &TextDocumentPositionParams,
    new_name: &str,
) -> Answer<Option<WorkspaceEdit>> {
    let Some(view) = View::open(context, &at.text_document.uri) else {
        return Ok(None);
    };
    let Some(symbol) = view.symbol(at.position) else {
        return Ok(None);
    };
    if !renamable(symbol) {
        return Err((
            ErrorCode::InvalidRequest,
            "tile numbers are the box's: place another tile instead".to_owned(),
        ));
    }
    if !is_id(new_name) {
        return Err((
            ErrorCode::InvalidParams,
            format!(
                "`{new_name}` is not an id: use letters, digits, '-', '_' and '.', starting with a letter or digit"
            ),
        ));
    }
    let clash = view
        .symbols
        .iter()
        .any(|s| s.kind == symbol.kind && s.id == new_name && s.role == symbols::Role::Definition);
    if clash {
        return Err((
            ErrorCode::InvalidParams,
            format!("{} `{new_name}` already exists", symbol.kind),
        ));
    }
    let written = yaml_word(new_name);
    let edits: Vec<TextEdit> = symbols::occurrences(&view.symbols, symbol)
        .into_iter()
        .filter_map(|s| {
            let range = view.range(s)?;
            let start = offset_at(&view.text, range.start);
            let quote = view.text[start..]
                .chars()
                .next()
                .filter(|c| *c == '"' || *c == '\'');
            let text = match quote {
                Some(q) => format!("{q}{new_name}{q}"),
                None => written.clone(),
            };
            Some(TextEdit::new(range, text))
        })
        .collect();
    Ok(Some(WorkspaceEdit {
        changes: Some(HashMap::from([(view.uri.clone(), edits)])),
        ..WorkspaceEdit::default()
    }))
}

/// Letters, digits, '-', '_' and '.', starting with a letter or digit: the schema's ids.
fn is_id(name: &str) -> bool {
    name.chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// An id as YAML must write it to stay a string: quoted where it would read as a number, a
/// boolean or null.
fn yaml_word(id: &str) -> String {
    match serde_yaml::from_str::<serde_yaml::Value>(id) {
        Ok(serde_yaml::Value::String(read)) if read == id => id.to_owned(),
        _ => format!("\"{id}\""),
    }
}

fn completion(context: &Context, at: &TextDocumentPositionParams) -> Option<CompletionResponse> {
    let view = View::open(context, &at.text_document.uri)?;
    let ruleset = view.ruleset?;
    let slots = rulesets::symbol_slots(ruleset);
    let offset = offset_at(&view.text, at.position);
    // The node under the cursor, else (after `key: ` with no value yet) the line's key.
    let (pointer, on_key, kinds) = [offset, line_key(&view.text, offset)]
        .into_iter()
        .filter_map(|at| view.document.pointer_at(at))
        .find_map(|(pointer, on_key)| {
            let kinds = symbols::expected_at(slots, &pointer)?;
            Some((pointer, on_key, kinds))
        })?;
    // Typing over a word replaces it whole: ids hold '-' and '.', where editors end words.
    let replaced = (!on_key)
        .then(|| view.document.value_span(&pointer))
        .flatten()
        .filter(|_| {
            view.document
                .value
                .pointer(&pointer)
                .is_some_and(Value::is_string)
        })
        .map(|span| range_of(&view.text, span.offset, span.offset + span.len));
    let items = symbols::defined(&view.symbols, kinds)
        .into_iter()
        .map(|symbol| CompletionItem {
            label: symbol.id.clone(),
            kind: Some(CompletionItemKind::REFERENCE),
            detail: Some(symbol.kind.to_owned()),
            text_edit: replaced
                .map(|range| CompletionTextEdit::Edit(TextEdit::new(range, yaml_word(&symbol.id)))),
            ..CompletionItem::default()
        })
        .collect();
    Some(CompletionResponse::Array(items))
}

/// The offset of the key on the line of `offset`, for a cursor after `key: ` where no value
/// is written yet.
fn line_key(text: &str, offset: usize) -> usize {
    let offset = offset.min(text.len());
    let start = text[..offset].rfind('\n').map_or(0, |n| n + 1);
    let indent = text[start..offset]
        .find(|c: char| c != ' ' && c != '-')
        .unwrap_or(0);
    start + indent
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edit_covers_only_what_changed() {
        let old = "a: 1\nb: 2\nc: 3\n";
        let new = "a: 1\nb: 22\nc: 3\n";
        // "a: 1\nb: 2" is common (9 bytes), then one "2" is new.
        assert_eq!(changed_bytes(old, new), (9, 9, 10));
        assert_eq!(changed_text(old, new), "2");
        assert_eq!(changed_bytes("x", "x"), (1, 1, 1));
        // Never inside a character: é and è share their first byte.
        let (start, _, _) = changed_bytes("é", "è");
        assert_eq!(start, 0);
        let (start, end, _) = changed_bytes("aaa", "aa");
        assert_eq!(start, 2);
        assert_eq!(end, 3);
    }

    #[test]
    fn ids_that_yaml_reads_otherwise_are_quoted() {
        assert_eq!(yaml_word("blade"), "blade");
        assert_eq!(yaml_word("true"), "\"true\"");
        assert_eq!(yaml_word("12"), "\"12\"");
        assert_eq!(yaml_word("1.5"), "\"1.5\"");
        assert!(is_id("ra-2.b_c"));
        assert!(!is_id("-ra"));
        assert!(!is_id("ra ra"));
        assert!(!is_id(""));
    }
}
