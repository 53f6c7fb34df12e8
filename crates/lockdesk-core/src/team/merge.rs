//! Two administrators' changes to one shared document, made from the same version, put
//! together when they touch different parts: a document's top-level fields (an organization's
//! rules: the interval, each rule) and the items of a list of things with an `id` (the reports)
//! are its parts. A part both changed, differently, is a conflict: never merged inside, so one
//! person's rule or report is never half another's.

use serde_json::{Map, Value};

/// `ours` and `theirs`, both made from `base`, as one; `None` when they changed a part both.
pub fn three_way(base: &Value, ours: &Value, theirs: &Value) -> Option<Value> {
    match (base, ours, theirs) {
        (Value::Object(b), Value::Object(o), Value::Object(t)) => objects(b, o, t),
        (Value::Array(b), Value::Array(o), Value::Array(t)) => lists(b, o, t),
        _ => atom(base, ours, theirs),
    }
}

/// One part: whichever side changed it (both alike: either).
fn atom(base: &Value, ours: &Value, theirs: &Value) -> Option<Value> {
    if ours == base || ours == theirs {
        Some(theirs.clone())
    } else if theirs == base {
        Some(ours.clone())
    } else {
        None
    }
}

/// Each field a part; a field added or removed is a change of that part.
fn objects(
    b: &Map<String, Value>,
    o: &Map<String, Value>,
    t: &Map<String, Value>,
) -> Option<Value> {
    let mut merged = Map::new();
    let keys = t.keys().chain(o.keys().filter(|k| !t.contains_key(*k)));
    for key in keys {
        let part = |m: &Map<String, Value>| m.get(key).cloned().unwrap_or(Value::Null);
        let (bv, ov, tv) = (part(b), part(o), part(t));
        // A list of things with ids inside a field (`reports`) merges by item.
        let value = match (&bv, &ov, &tv) {
            (Value::Array(_), Value::Array(_), Value::Array(_)) => three_way(&bv, &ov, &tv)?,
            _ => atom(&bv, &ov, &tv)?,
        };
        if !value.is_null() || o.contains_key(key) && t.contains_key(key) {
            merged.insert(key.clone(), value);
        }
    }
    Some(Value::Object(merged))
}

fn id_of(v: &Value) -> Option<&str> {
    v.get("id").and_then(Value::as_str)
}

/// Items by their `id`, in `theirs`'s order with ours added after; a list without ids is one
/// part.
fn lists(b: &[Value], o: &[Value], t: &[Value]) -> Option<Value> {
    let all_ids = [b, o, t]
        .iter()
        .all(|l| l.iter().all(|v| id_of(v).is_some()));
    if !all_ids {
        return atom(
            &Value::Array(b.to_vec()),
            &Value::Array(o.to_vec()),
            &Value::Array(t.to_vec()),
        );
    }
    let find = |l: &[Value], id: &str| l.iter().find(|v| id_of(v) == Some(id)).cloned();
    let mut merged = Vec::new();
    let ids = t
        .iter()
        .chain(
            o.iter()
                .filter(|v| find(t, id_of(v).unwrap_or_default()).is_none()),
        )
        .filter_map(id_of);
    for id in ids {
        let side = |l: &[Value]| find(l, id).unwrap_or(Value::Null);
        let item = atom(&side(b), &side(o), &side(t))?;
        if !item.is_null() {
            merged.push(item);
        }
    }
    // Removed on both sides, or on one and untouched on the other: gone (never in `ids`).
    Some(Value::Array(merged))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn report(id: &str, name: &str) -> Value {
        json!({ "id": id, "name": name, "at": "08:00" })
    }

    #[test]
    fn reports_added_removed_or_changed_by_two_at_once_are_all_kept() {
        let base = json!({ "reports": [report("r1", "月次"), report("r2", "週次")] });
        // Ours: r1 renamed, r3 added. Theirs: r2 removed, r4 added.
        let ours = json!({ "reports": [report("r1", "月次（総務）"), report("r2", "週次"), report("r3", "日次")] });
        let theirs = json!({ "reports": [report("r1", "月次"), report("r4", "四半期")] });
        let merged = three_way(&base, &ours, &theirs).unwrap();
        assert_eq!(
            merged,
            json!({ "reports": [report("r1", "月次（総務）"), report("r4", "四半期"), report("r3", "日次")] })
        );
    }

    #[test]
    fn the_same_report_changed_by_both_is_a_conflict_even_in_different_fields() {
        let base = json!({ "reports": [report("r1", "月次")] });
        let ours = json!({ "reports": [report("r1", "月次A")] });
        let mut theirs_report = report("r1", "月次");
        theirs_report["at"] = json!("09:00");
        let theirs = json!({ "reports": [theirs_report] });
        assert_eq!(three_way(&base, &ours, &theirs), None);
        // Removed by one, changed by the other: a conflict too.
        let removed = json!({ "reports": [] });
        assert_eq!(three_way(&base, &ours, &removed), None);
    }

    #[test]
    fn rules_merge_by_rule_and_the_same_rule_changed_twice_conflicts() {
        let base = json!({ "interval_minutes": 10, "low_battery": { "enabled": true, "below": 20 },
            "silent_lock": { "enabled": false, "days": 3 } });
        let ours = json!({ "interval_minutes": 10, "low_battery": { "enabled": true, "below": 15 },
            "silent_lock": { "enabled": false, "days": 3 } });
        let theirs = json!({ "interval_minutes": 5, "low_battery": { "enabled": true, "below": 20 },
            "silent_lock": { "enabled": true, "days": 3 } });
        assert_eq!(
            three_way(&base, &ours, &theirs).unwrap(),
            json!({ "interval_minutes": 5, "low_battery": { "enabled": true, "below": 15 },
                "silent_lock": { "enabled": true, "days": 3 } })
        );
        let also_low = json!({ "interval_minutes": 10, "low_battery": { "enabled": false, "below": 20 },
            "silent_lock": { "enabled": false, "days": 3 } });
        assert_eq!(three_way(&base, &ours, &also_low), None);
        // The same change made by both is no conflict.
        assert_eq!(three_way(&base, &ours, &ours), Some(ours.clone()));
    }
}
