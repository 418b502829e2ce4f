//! The reference catalogues of the profile form: interests (hobbies), personality tags, the
//! option lists (education, marital status, religion, income) and the region tree.
//!
//! They live in `catalogues/` at the repository root, the same files the web app shows, so the
//! server accepts exactly what the form offers. They are compiled in and parsed on first use; a
//! malformed file is a bug of the build, which this module's tests catch before it ships.

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::Deserialize;
use serde::de::DeserializeOwned;

const INTERESTS_JSON: &str = include_str!("../../../catalogues/interests.json");
const PERSONALITY_TAGS_JSON: &str = include_str!("../../../catalogues/personality-tags.json");
const PROFILE_OPTIONS_JSON: &str = include_str!("../../../catalogues/profile-options.json");
const REGIONS_JSON: &str = include_str!("../../../catalogues/regions.json");

/// Interest items (what a member's hobbies store), numbered in the order the form lists them.
static HOBBIES: LazyLock<Numbered> = LazyLock::new(|| {
    Numbered::new(
        parse::<Vec<Category>>("interests.json", INTERESTS_JSON)
            .into_iter()
            .flat_map(|category| category.subcategories)
            .flat_map(|subcategory| subcategory.items),
    )
});

/// Personality tags of every dimension, numbered in the order the form lists them.
static TAGS: LazyLock<Numbered> = LazyLock::new(|| {
    Numbered::new(
        parse::<Vec<Dimension>>("personality-tags.json", PERSONALITY_TAGS_JSON)
            .into_iter()
            .flat_map(|dimension| dimension.tags),
    )
});

/// A catalogue's codes with their names, numbered from 0 in the order the catalogue lists them
/// (a code listed twice keeps its first place), so that a member's codes can be held as a set
/// of small numbers (see [`crate::discovery::codes`]).
pub struct Numbered {
    codes: Vec<String>,
    names: Vec<String>,
    numbers: HashMap<String, usize, foldhash::fast::RandomState>,
}

impl Numbered {
    fn new(entries: impl Iterator<Item = Entry>) -> Self {
        let mut numbered = Self {
            codes: Vec::new(),
            names: Vec::new(),
            numbers: HashMap::default(),
        };
        for entry in entries {
            if !numbered.numbers.contains_key(&entry.code) {
                numbered
                    .numbers
                    .insert(entry.code.clone(), numbered.names.len());
                numbered.codes.push(entry.code);
                numbered.names.push(entry.name);
            }
        }
        numbered
    }

    /// The code's number, `None` for a code the catalogue does not have.
    pub fn number(&self, code: &str) -> Option<usize> {
        self.numbers.get(code).copied()
    }

    /// The code numbered `number`.
    pub fn code_at(&self, number: usize) -> Option<&str> {
        self.codes.get(number).map(String::as_str)
    }

    /// The name of the code numbered `number`.
    pub fn name_at(&self, number: usize) -> Option<&str> {
        self.names.get(number).map(String::as_str)
    }

    /// How many codes the catalogue has.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    fn name(&self, code: &str) -> Option<&str> {
        self.name_at(self.number(code)?)
    }

    #[cfg(test)]
    pub fn codes(&self) -> Vec<&str> {
        self.numbers.keys().map(String::as_str).collect()
    }
}

/// The interest items, numbered.
pub fn hobbies() -> &'static Numbered {
    &HOBBIES
}

/// The personality tags, numbered.
pub fn tags() -> &'static Numbered {
    &TAGS
}

static OPTIONS: LazyLock<ProfileOptions> =
    LazyLock::new(|| parse("profile-options.json", PROFILE_OPTIONS_JSON));

/// Every province, city and district by code.
static REGIONS: LazyLock<HashMap<String, RegionEntry>> = LazyLock::new(|| {
    let mut index = HashMap::new();
    index_regions(parse("regions.json", REGIONS_JSON), None, &mut index);
    index
});

#[derive(Deserialize)]
struct Category {
    subcategories: Vec<Subcategory>,
}

#[derive(Deserialize)]
struct Subcategory {
    items: Vec<Entry>,
}

#[derive(Deserialize)]
struct Dimension {
    tags: Vec<Entry>,
}

#[derive(Deserialize)]
struct Entry {
    code: String,
    name: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ProfileOptions {
    education: Vec<String>,
    marital_status: Vec<String>,
    religions: Vec<String>,
    incomes: Vec<Income>,
    /// Shown for an income code outside the list.
    unknown_income: String,
}

#[derive(Deserialize)]
struct Income {
    code: i64,
    label: String,
}

#[derive(Deserialize)]
struct Region {
    code: String,
    name: String,
    #[serde(default)]
    children: Vec<Region>,
}

struct RegionEntry {
    name: String,
    /// `None` for a province.
    parent: Option<String>,
}

fn parse<T: DeserializeOwned>(file: &str, json: &str) -> T {
    serde_json::from_str(json)
        .unwrap_or_else(|error| panic!("catalogues/{file} is malformed: {error}"))
}

fn index_regions(
    regions: Vec<Region>,
    parent: Option<&str>,
    index: &mut HashMap<String, RegionEntry>,
) {
    for region in regions {
        index_regions(region.children, Some(&region.code), index);
        let entry = RegionEntry {
            name: region.name,
            parent: parent.map(str::to_owned),
        };
        index.insert(region.code, entry);
    }
}

/// The Chinese name of an interest item, the code a member's hobbies store (`draw` → 绘画).
pub fn hobby_name(code: &str) -> Option<&'static str> {
    HOBBIES.name(code)
}

/// The Chinese name of a personality tag (`introvert` → 内向).
pub fn tag_name(code: &str) -> Option<&'static str> {
    TAGS.name(code)
}

/// The Chinese name of a province, city or district (`11` → 北京市, `110101` → 东城区).
pub fn region_name(code: &str) -> Option<&'static str> {
    REGIONS.get(code).map(|region| region.name.as_str())
}

/// Whether province, city and district codes (empty when not chosen) form a path of the region
/// tree: each given code is a child of the one before it, the province is a top-level region,
/// and only trailing levels may be empty (a city without its province is refused).
pub fn is_region_path(province: &str, city: &str, district: &str) -> bool {
    let levels = [province, city, district];
    let chosen = levels.iter().take_while(|code| !code.is_empty()).count();
    if levels[chosen..].iter().any(|code| !code.is_empty()) {
        return false;
    }
    let mut parent = None;
    for &code in &levels[..chosen] {
        match REGIONS.get(code) {
            Some(region) if region.parent.as_deref() == parent => parent = Some(code),
            _ => return false,
        }
    }
    true
}

/// Whether `value` is one of the education levels of the form (高中, 本科, 硕士, 博士).
pub fn is_education(value: &str) -> bool {
    OPTIONS.education.iter().any(|option| option == value)
}

/// The place of `value` among the education levels of the form, from 1 (高中); 0 for none.
pub fn education_level(value: &str) -> u8 {
    OPTIONS
        .education
        .iter()
        .position(|option| option == value)
        .map_or(0, |at| u8::try_from(at + 1).unwrap_or(0))
}

/// Whether `value` is one of the marital statuses of the form (未婚, 离异, 丧偶).
pub fn is_marital_status(value: &str) -> bool {
    OPTIONS.marital_status.iter().any(|option| option == value)
}

/// Whether `value` is one of the 14 religion labels of the form.
pub fn is_religion(value: &str) -> bool {
    OPTIONS.religions.iter().any(|option| option == value)
}

/// Whether `code` is one of the monthly income range codes (0, 5, 10, … 1000).
pub fn is_income_code(code: i64) -> bool {
    OPTIONS.incomes.iter().any(|income| income.code == code)
}

/// The label of an income range code (`10` → 5千-1万); 未知 for a code outside the list.
pub fn income_label(code: i64) -> &'static str {
    OPTIONS
        .incomes
        .iter()
        .find(|income| income.code == code)
        .map_or(OPTIONS.unknown_income.as_str(), |income| {
            income.label.as_str()
        })
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use serde_json::Value;

    use super::*;

    fn json(text: &str) -> Vec<Value> {
        serde_json::from_str(text).unwrap()
    }

    fn list<'a>(value: &'a Value, key: &str) -> &'a Vec<Value> {
        value[key].as_array().unwrap()
    }

    fn code(value: &Value) -> &str {
        value["code"].as_str().unwrap()
    }

    /// Every interest item of the tree, duplicates kept.
    fn interest_items() -> Vec<Value> {
        json(INTERESTS_JSON)
            .iter()
            .flat_map(|category| list(category, "subcategories"))
            .flat_map(|subcategory| list(subcategory, "items"))
            .cloned()
            .collect()
    }

    #[test]
    fn every_catalogue_parses() {
        assert!(!LazyLock::force(&HOBBIES).is_empty());
        assert!(!LazyLock::force(&TAGS).is_empty());
        assert!(!LazyLock::force(&OPTIONS).incomes.is_empty());
        assert!(!LazyLock::force(&REGIONS).is_empty());
    }

    #[test]
    fn region_codes_are_numbers_that_ranking_can_hold() {
        for code in REGIONS.keys() {
            let number = crate::discovery::codes::RegionCode::from_text(code);
            assert_eq!(number.number().to_string(), *code);
        }
    }

    #[test]
    fn interests_have_eight_categories_of_three_to_five_subcategories_of_four_to_eight_items() {
        let categories = json(INTERESTS_JSON);
        let codes: Vec<&str> = categories.iter().map(code).collect();
        assert_eq!(
            codes,
            [
                "art", "sports", "fun", "life", "learn", "social", "hobby", "business"
            ]
        );
        let art: Vec<&str> = list(&categories[0], "subcategories")
            .iter()
            .map(code)
            .collect();
        assert_eq!(art, ["visual", "perform", "craft", "literature"]);
        for category in &categories {
            let subcategories = list(category, "subcategories");
            assert!((3..=5).contains(&subcategories.len()), "{}", code(category));
            for subcategory in subcategories {
                assert!(
                    (4..=8).contains(&list(subcategory, "items").len()),
                    "{}",
                    code(subcategory)
                );
            }
        }
    }

    #[test]
    fn interest_item_codes_are_unique_lowercase_words() {
        let items = interest_items();
        let codes: HashSet<&str> = items.iter().map(code).collect();
        assert_eq!(codes.len(), items.len(), "an item code appears twice");
        assert_eq!(HOBBIES.len(), items.len());
        for code in codes {
            assert!(code.bytes().all(|byte| byte.is_ascii_lowercase()), "{code}");
        }
    }

    #[test]
    fn the_spec_hobbies_exist() {
        for required in ["run", "cook", "eng", "code", "stock"] {
            assert!(hobby_name(required).is_some(), "{required}");
        }
        // The hobby options of the advanced search.
        let search = [
            ("travel", "旅游"),
            ("food", "美食"),
            ("sport", "运动"),
            ("music", "音乐"),
            ("movie", "电影"),
            ("read", "阅读"),
            ("photo", "摄影"),
            ("draw", "绘画"),
        ];
        for (code, name) in search {
            assert_eq!(hobby_name(code), Some(name));
        }
        assert_eq!(hobby_name("unknown"), None);
    }

    #[test]
    fn personality_tags_have_seven_dimensions_with_the_spec_counts() {
        let dimensions = json(PERSONALITY_TAGS_JSON);
        let counts: Vec<(&str, usize)> = dimensions
            .iter()
            .map(|dimension| (code(dimension), list(dimension, "tags").len()))
            .collect();
        assert_eq!(
            counts,
            [
                ("personality", 10),
                ("social", 8),
                ("emotion", 6),
                ("thinking", 7),
                ("behavior", 7),
                ("values", 6),
                ("workstyle", 7)
            ]
        );
        let tags: usize = counts.iter().map(|(_, count)| count).sum();
        assert_eq!(TAGS.len(), tags, "a tag code appears twice");
    }

    #[test]
    fn the_spec_tags_exist() {
        for required in [
            "introvert",
            "extrovert",
            "leader",
            "rational",
            "logical",
            "organized",
            "traditional",
            "hardworking",
        ] {
            assert!(tag_name(required).is_some(), "{required}");
        }
        assert_eq!(tag_name("introvert"), Some("内向"));
        assert_eq!(tag_name("draw"), None);
    }

    #[test]
    fn profile_options_follow_the_form() {
        assert_eq!(OPTIONS.religions.len(), 14);
        assert!(is_religion("无宗教信仰"));
        assert!(!is_religion("无"));
        for education in ["高中", "本科", "硕士", "博士"] {
            assert!(is_education(education));
        }
        assert!(!is_education("大专"));
        for status in ["未婚", "离异", "丧偶"] {
            assert!(is_marital_status(status));
        }
        // 再婚 is only a filter of the advanced search, not a choice of the profile form.
        assert!(!is_marital_status("再婚"));
    }

    #[test]
    fn income_codes_have_labels_and_anything_else_is_unknown() {
        let codes: Vec<i64> = OPTIONS.incomes.iter().map(|income| income.code).collect();
        assert_eq!(codes, [0, 5, 10, 20, 30, 50, 100, 200, 500, 1000]);
        assert!(codes.iter().all(|&code| is_income_code(code)));
        assert_eq!(income_label(0), "无收入");
        assert_eq!(income_label(10), "5千-1万");
        assert_eq!(income_label(1000), "50万以上");
        assert!(!is_income_code(999));
        assert_eq!(income_label(999), "未知");
        assert_eq!(income_label(-5), "未知");
    }

    #[test]
    fn regions_cover_the_31_mainland_provinces() {
        let provinces = json(REGIONS_JSON);
        assert_eq!(provinces.len(), 31);
        assert!(provinces.iter().all(|province| code(province).len() == 2));
        assert_eq!(region_name("11"), Some("北京市"));
        assert_eq!(region_name("1101"), Some("市辖区"));
        assert_eq!(region_name("110101"), Some("东城区"));
        assert_eq!(
            region_name("81"),
            None,
            "Hong Kong is not in the mainland tree"
        );
    }

    #[test]
    fn a_city_without_counties_has_its_towns_as_the_third_level() {
        assert_eq!(region_name("4419"), Some("东莞市"));
        assert_eq!(region_name("441900003"), Some("东城街道"));
        assert!(is_region_path("44", "4419", "441900003"));
        assert_eq!(region_name("6202"), Some("嘉峪关市"));
        assert!(is_region_path("62", "6202", "620201001"));
    }

    #[test]
    fn region_paths_may_stop_early() {
        assert!(is_region_path("", "", ""));
        assert!(is_region_path("33", "", ""));
        assert!(is_region_path("33", "3301", ""));
        assert!(is_region_path("33", "3301", "330106"));
        assert!(is_region_path("11", "1101", "110101"));
    }

    #[test]
    fn region_paths_with_gaps_unknown_codes_or_wrong_parents_are_refused() {
        assert!(
            !is_region_path("", "3301", ""),
            "a city without its province"
        );
        assert!(
            !is_region_path("33", "", "330106"),
            "a district without its city"
        );
        assert!(!is_region_path("", "", "330106"));
        assert!(!is_region_path("99", "", ""), "an unknown province");
        assert!(!is_region_path("33", "3399", ""), "an unknown city");
        assert!(
            !is_region_path("11", "3301", ""),
            "a city of another province"
        );
        assert!(
            !is_region_path("33", "3302", "330106"),
            "a district of another city"
        );
        assert!(
            !is_region_path("1101", "110101", ""),
            "a city passed as the province"
        );
        assert!(
            !is_region_path("33", "330106", ""),
            "a district passed as the city"
        );
        assert!(!is_region_path("浙江省", "", ""), "names instead of codes");
    }
}
