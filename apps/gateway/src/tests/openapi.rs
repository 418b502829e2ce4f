//! The OpenAPI document must say what the server does, since clients are generated from it
//! and fuzzers (schemathesis) test the server against it.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::mount;

/// Request bodies whose fields may all be left out, and why; any other body with properties
/// names the ones the server needs in `required`.
const OPTIONAL_ON_PURPOSE: &[(&str, &str)] = &[
    (
        "AdminUserListRequest",
        "every field has a default: no fields is everyone, first page",
    ),
    (
        "AdminBlogListRequest",
        "every field has a default: no fields is the first page of every article",
    ),
    (
        "ModerationListRequest",
        "every field has a default: no fields is the first page of open cases",
    ),
    (
        "ReviewListRequest",
        "every field has a default: no fields is the first page, those under review first",
    ),
    (
        "AuditLogRequest",
        "every field has a default: no fields is the first page of every entry",
    ),
    (
        "PageRequest",
        "every field has a default: no fields is the first page",
    ),
    ("FeedRequest", "fromId 0 (the default) is the newest page"),
    (
        "KnowledgeListRequest",
        "every field has a default: no fields is the list's first page",
    ),
    ("BoardRef", "kcId 0 (the default) is the global board"),
    (
        "ConversationListRequest",
        "every field has a default: no fields is the member's first 20 conversations",
    ),
    (
        "MasteredListRequest",
        "every field has a default: no fields is the member's own first page",
    ),
    (
        "ResourceListRequest",
        "every field has a default: no fields is the first page of every resource",
    ),
    (
        "ExamListRequest",
        "fromId 0 (the default) is the newest page",
    ),
    (
        "ResultListRequest",
        "no examId lists every result of the member",
    ),
    (
        "AdvancedSearchRequest",
        "every filter is optional: no filters is everyone, first page",
    ),
    (
        "MyProfileRequest",
        "the uuid may be left out: the caller's own profile",
    ),
    (
        "UpdateProfileRequest",
        "every field left out keeps its value: a client saves what it changed",
    ),
    (
        "CreateMomentRequest",
        "text or images are needed, but neither one alone",
    ),
    (
        "RechargeListRequest",
        "every field has a default: no fields is the first page of every method",
    ),
    (
        "TransactionListRequest",
        "every field has a default: no fields is the first page of CNY rows",
    ),
];

/// Operations called by an outside service that reads its own error format, not ours.
const OUTSIDE_ERROR_FORMATS: &[(&str, &str)] = &[(
    "receive_wechatpay_notification",
    "WeChat Pay reads {code: FAIL, message} and retries",
)];

const ERROR_ENVELOPE: &str = "#/components/schemas/ErrorEnvelope";

fn as_json(document: &utoipa::openapi::OpenApi) -> Value {
    serde_json::to_value(document).expect("serialise the document")
}

fn schemas(document: &Value) -> serde_json::Map<String, Value> {
    document
        .pointer("/components/schemas")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default()
}

/// Every operation of the document as ("POST /api/v1/…", operation).
fn operations(document: &Value) -> Vec<(String, &Value)> {
    let mut found = Vec::new();
    for (path, item) in document["paths"].as_object().into_iter().flatten() {
        for (method, operation) in item.as_object().into_iter().flatten() {
            found.push((format!("{} {path}", method.to_uppercase()), operation));
        }
    }
    found
}

/// utoipa keeps one schema per component name: a second type registered under a name that
/// another module already uses silently replaces the first in the merged document (and in
/// the client generated from it). Each module's own document still holds its version, so
/// comparing them finds the clash.
#[test]
fn a_component_name_stands_for_one_schema_across_modules() {
    let mut first_seen: BTreeMap<String, (&str, Value)> = BTreeMap::new();
    let mut clashes = Vec::new();
    for module in mount::MODULES {
        let document = as_json(&platform::http::openapi(std::slice::from_ref(module)));
        for (name, schema) in schemas(&document) {
            match first_seen.get(&name) {
                Some((owner, known)) if *known != schema => clashes.push(format!(
                    "{name}: {owner} and {} register different schemas",
                    module.name
                )),
                Some(_) => {}
                None => {
                    first_seen.insert(name, (module.name, schema));
                }
            }
        }
    }
    assert!(
        clashes.is_empty(),
        "rename one of each pair (#[schema(as = …)]): {clashes:#?}"
    );
}

#[test]
fn every_reference_in_the_document_names_a_component() {
    fn walk(value: &Value, names: &BTreeSet<String>, dangling: &mut Vec<String>) {
        match value {
            Value::Object(map) => {
                if let Some(Value::String(target)) = map.get("$ref") {
                    let name = target.trim_start_matches("#/components/schemas/");
                    if !names.contains(name) {
                        dangling.push(target.clone());
                    }
                }
                map.values().for_each(|v| walk(v, names, dangling));
            }
            Value::Array(items) => items.iter().for_each(|v| walk(v, names, dangling)),
            _ => {}
        }
    }
    let document = as_json(&mount::openapi_document());
    let names: BTreeSet<String> = schemas(&document).keys().cloned().collect();
    let mut dangling = Vec::new();
    walk(&document, &names, &mut dangling);
    assert!(dangling.is_empty(), "unresolved references: {dangling:?}");
}

/// Whether a parameter's value always reaches the handler: a plain string does; a number,
/// an enum or a required value can be refused before it does.
fn cannot_fail_to_parse(parameter: &Value) -> bool {
    let schema = &parameter["schema"];
    let plain_string = match &schema["type"] {
        Value::String(kind) => kind == "string",
        Value::Array(kinds) => kinds.iter().all(|kind| kind == "string" || kind == "null"),
        _ => false,
    };
    let in_path = parameter["in"] == "path";
    plain_string
        && schema.get("enum").is_none()
        && (in_path || parameter["required"] != Value::Bool(true))
}

/// The statuses the platform answers whatever the handler does: a body that is not JSON of
/// the schema's shape (400) or over the cap (413), a missing or stale token (401), a
/// parameter that does not parse (400). Every error answer is the error envelope.
#[test]
fn every_operation_documents_the_errors_the_platform_answers() {
    let document = as_json(&mount::openapi_document());
    let mut missing = Vec::new();
    for (operation_name, operation) in operations(&document) {
        let responses = operation["responses"]
            .as_object()
            .cloned()
            .unwrap_or_default();
        let mut needs = |status: &str, why: &str| {
            if !responses.contains_key(status) {
                missing.push(format!("{operation_name}: {status} ({why})"));
            }
        };
        if operation.get("requestBody").is_some() {
            needs("400", "its body can be malformed");
            needs("413", "its body is capped");
        }
        if operation["security"]
            .as_array()
            .is_some_and(|requirements| !requirements.is_empty())
        {
            needs("401", "it needs a token");
        }
        let parameters = operation["parameters"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if parameters.iter().any(|p| !cannot_fail_to_parse(p)) {
            needs("400", "a parameter can be refused");
        }
        let outside_format = OUTSIDE_ERROR_FORMATS
            .iter()
            .any(|(id, _)| operation["operationId"] == Value::String((*id).into()));
        for (status, response) in &responses {
            let is_error = status.parse::<u16>().is_ok_and(|code| code >= 400);
            let body = response.pointer("/content/application~1json/schema/$ref");
            let expected = if outside_format {
                body.is_some()
            } else {
                body == Some(&Value::String(ERROR_ENVELOPE.into()))
            };
            if is_error && !expected {
                missing.push(format!(
                    "{operation_name}: {status} without the ErrorEnvelope body"
                ));
            }
        }
    }
    assert!(missing.is_empty(), "undocumented answers: {missing:#?}");
}

/// The object schemas a request body schema stands for: through `$ref`, and through the
/// parts of `allOf` (a flattened struct) and `oneOf` (a body that may be null); with the
/// component name when there is one.
fn body_objects<'a>(
    schema: &'a Value,
    components: &'a serde_json::Map<String, Value>,
    name: Option<&'a str>,
    found: &mut Vec<(Option<&'a str>, &'a Value)>,
) {
    if let Some(target) = schema["$ref"].as_str() {
        let component = target.trim_start_matches("#/components/schemas/");
        if let Some((key, resolved)) = components.get_key_value(component) {
            body_objects(resolved, components, Some(key.as_str()), found);
        }
        return;
    }
    for combinator in ["allOf", "oneOf", "anyOf"] {
        for part in schema[combinator].as_array().into_iter().flatten() {
            body_objects(part, components, name, found);
        }
    }
    if schema["properties"]
        .as_object()
        .is_some_and(|properties| !properties.is_empty())
    {
        found.push((name, schema));
    }
}

#[test]
fn every_request_body_names_the_fields_the_server_needs() {
    let document = as_json(&mount::openapi_document());
    let components = schemas(&document);
    let mut problems = Vec::new();
    for (operation_name, operation) in operations(&document) {
        let contents = operation
            .pointer("/requestBody/content")
            .and_then(Value::as_object);
        for media in contents.into_iter().flat_map(|c| c.values()) {
            let mut objects = Vec::new();
            body_objects(&media["schema"], &components, None, &mut objects);
            for (name, object) in objects {
                let label = name.unwrap_or("an inline schema");
                let required: Vec<&str> = object["required"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .collect();
                for field in &required {
                    if object["properties"].get(*field).is_none() {
                        problems.push(format!(
                            "{operation_name}: {label} requires {field}, which it does not have"
                        ));
                    }
                }
                let optional_on_purpose = name.is_some_and(|name| {
                    OPTIONAL_ON_PURPOSE.iter().any(|(known, _)| *known == name)
                });
                if required.is_empty() && !optional_on_purpose {
                    problems.push(format!(
                        "{operation_name}: {label} requires no field; mark what the server \
                         needs (#[schema(required = true)]) or list it in OPTIONAL_ON_PURPOSE"
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

/// api.md: every 429 carries `Retry-After`; wherever the document lists a 429, it says so,
/// with the header's value a number of seconds.
#[test]
fn every_429_answer_declares_its_retry_after_header() {
    let document = as_json(&mount::openapi_document());
    let mut refusing = 0;
    let mut missing = Vec::new();
    for (operation_name, operation) in operations(&document) {
        let Some(refused) = operation["responses"].get("429") else {
            continue;
        };
        refusing += 1;
        let header = &refused["headers"]["Retry-After"];
        if header["schema"]["type"] != "integer" {
            missing.push(format!("{operation_name}: {}", refused["headers"]));
        }
    }
    assert!(
        refusing > 0,
        "no operation documents a 429: the check checks nothing"
    );
    assert!(
        missing.is_empty(),
        "429s without an integer Retry-After header: {missing:#?}"
    );
}
