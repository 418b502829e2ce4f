//! A body of the wrong shape is answered with its field's Chinese name
//! (`platform::body_fields`): every field a request body documents must have one.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::mount;

/// Collects the properties of a JSON body schema, through references, combinators, array
/// items, map values and nested objects, with the components they belong to.
fn properties(
    schema: &Value,
    components: &serde_json::Map<String, Value>,
    owner: &str,
    visited: &mut BTreeSet<String>,
    found: &mut BTreeMap<String, BTreeSet<String>>,
) {
    if let Some(target) = schema["$ref"].as_str() {
        let component = target.trim_start_matches("#/components/schemas/");
        if visited.insert(component.to_owned())
            && let Some(resolved) = components.get(component)
        {
            properties(resolved, components, component, visited, found);
        }
        return;
    }
    for combinator in ["allOf", "oneOf", "anyOf"] {
        for part in schema[combinator].as_array().into_iter().flatten() {
            properties(part, components, owner, visited, found);
        }
    }
    for (name, property) in schema["properties"].as_object().into_iter().flatten() {
        found
            .entry(name.clone())
            .or_default()
            .insert(owner.to_owned());
        properties(property, components, owner, visited, found);
    }
    for nested in ["items", "additionalProperties"] {
        if schema[nested].is_object() {
            properties(&schema[nested], components, owner, visited, found);
        }
    }
}

#[test]
fn every_request_body_field_has_a_chinese_name() {
    let document = serde_json::to_value(mount::openapi_document()).expect("serialise the document");
    let components = document
        .pointer("/components/schemas")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let mut found = BTreeMap::new();
    for (path, item) in document["paths"].as_object().into_iter().flatten() {
        for (method, operation) in item.as_object().into_iter().flatten() {
            let owner = format!("{} {path}", method.to_uppercase());
            if let Some(schema) = operation.pointer("/requestBody/content/application~1json/schema")
            {
                properties(
                    schema,
                    &components,
                    &owner,
                    &mut BTreeSet::new(),
                    &mut found,
                );
            }
        }
    }
    assert!(
        found.len() > 100,
        "the walk found only {} fields: it reads the document wrongly",
        found.len()
    );
    let unnamed: Vec<String> = found
        .iter()
        .filter(|(name, _)| platform::body_fields::label(name).is_none())
        .map(|(name, owners)| format!("{name} (in {owners:?})"))
        .collect();
    assert!(
        unnamed.is_empty(),
        "add these to platform::body_fields::LABELS: {unnamed:#?}"
    );
    let unused: Vec<&str> = platform::body_fields::LABELS
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| !found.contains_key(*name))
        .collect();
    assert!(
        unused.is_empty(),
        "no request body has these any more; drop them from LABELS: {unused:?}"
    );
}
