//! A small RON scanner and the mutations applied to a file's bytes: numbers swapped for
//! extremes, items (fields, list entries, map entries) dropped or duplicated, bits flipped, the
//! file cut short. It works on bytes, so a file already made invalid UTF-8 still mutates.

use proptest::prelude::*;
use proptest::sample::Index;

/// The numbers a hostile file puts where a number goes.
pub const EXTREMES: &[&str] = &[
    "0",
    "-1",
    "1",
    "255",
    "256",
    "65536",
    "16777216",
    "16777217",
    "2147483647",
    "-2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "18446744073709551615",
    "NaN",
    "inf",
    "-inf",
    "1e308",
    "-1e308",
    "1e-308",
    "0.0",
    "-0.0",
];

/// What a number becomes.
#[derive(Debug, Clone, Copy)]
pub enum Value {
    Extreme(&'static str),
    Limit(&'static str),
    /// The number plus this (a plausible value, so more files pass their checks and get used).
    Near(i8),
}

/// The documented limits of rule files and saves and one past each (radii, reaches, AP,
/// amounts, weights, counters), where an off-by-one in a check or in arithmetic shows.
pub const LIMITS: &[&str] = &[
    "2",
    "8",
    "9",
    "16",
    "17",
    "30",
    "31",
    "32",
    "33",
    "64",
    "65",
    "100",
    "101",
    "200",
    "201",
    "1000",
    "1001",
    "1000000",
    "1000001",
    "1e6",
    "1000000.5",
    "1000000000",
    "1000000001",
];

/// Strings a word may become besides the file's own: empty, a name at its length limit (64)
/// and past it, and a text past its limit (1000).
const LONG_STRINGS: &[&str] = &[
    "\"\"",
    concat!(
        "\"",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "\""
    ),
    concat!(
        "\"",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef!",
        "\""
    ),
    concat!(
        "\"",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "\""
    ),
];

/// One mutation; indices pick among what the file holds when it is applied.
#[derive(Debug, Clone)]
pub enum Mutation {
    /// The number token picked becomes another.
    Number(Index, Value),
    /// The string or name picked becomes another of the file's (a biome named for another,
    /// `true` for `false`, one enum variant for another), or the empty string.
    Word(Index, Index),
    /// The item picked goes, with its comma.
    Drop(Index),
    /// The item picked is written twice.
    Duplicate(Index),
    /// One bit of the byte picked flips.
    Flip(Index, u8),
    /// The file ends at the byte picked.
    Truncate(Index),
}

pub fn mutation() -> impl Strategy<Value = Mutation> {
    let value = prop_oneof![
        3 => prop::sample::select(EXTREMES).prop_map(Value::Extreme),
        2 => prop::sample::select(LIMITS).prop_map(Value::Limit),
        2 => (-3i8..=2).prop_map(|d| Value::Near(if d >= 0 { d + 1 } else { d })),
    ];
    prop_oneof![
        12 => (any::<Index>(), value).prop_map(|(i, v)| Mutation::Number(i, v)),
        4 => (any::<Index>(), any::<Index>()).prop_map(|(i, j)| Mutation::Word(i, j)),
        3 => any::<Index>().prop_map(Mutation::Drop),
        2 => any::<Index>().prop_map(Mutation::Duplicate),
        1 => (any::<Index>(), 0u8..8).prop_map(|(i, b)| Mutation::Flip(i, b)),
        1 => any::<Index>().prop_map(Mutation::Truncate),
    ]
}

/// A mutated file: its bytes and what was done to it (what a failure prints).
#[derive(Clone)]
pub struct Mutated {
    pub bytes: Vec<u8>,
    pub steps: Vec<String>,
}

impl std::fmt::Debug for Mutated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(&self.steps).finish()
    }
}

/// `base` with one mutation, or two or three (each one alone is more often accepted, and an
/// accepted file is used).
pub fn mutated(base: std::sync::Arc<Vec<u8>>) -> impl Strategy<Value = Mutated> {
    let count = prop_oneof![6 => Just(1usize), 3 => Just(2usize), 1 => Just(3usize)];
    count
        .prop_flat_map(|n| prop::collection::vec(mutation(), n))
        .prop_map(move |ms| apply(&base, &ms))
}

pub fn apply(base: &[u8], mutations: &[Mutation]) -> Mutated {
    let mut bytes = base.to_vec();
    let mut steps = Vec::new();
    for m in mutations {
        if let Some(step) = apply_one(&mut bytes, m) {
            steps.push(step);
        }
    }
    Mutated { bytes, steps }
}

fn apply_one(bytes: &mut Vec<u8>, m: &Mutation) -> Option<String> {
    let tokens = lex(bytes);
    match m {
        Mutation::Number(i, value) => {
            let count = tokens.iter().filter(|t| t.kind == Kind::Number).count();
            (count > 0).then(|| set_number(bytes, &tokens, i.index(count), *value))
        }
        Mutation::Word(i, j) => {
            let words: Vec<&Token> = (tokens.iter())
                .filter(|t| matches!(t.kind, Kind::Str | Kind::Ident))
                .collect();
            if words.is_empty() {
                return None;
            }
            let t = words[i.index(words.len())];
            let same: Vec<&[u8]> = (words.iter())
                .filter(|w| w.kind == t.kind && bytes[w.start..w.end] != bytes[t.start..t.end])
                .map(|w| &bytes[w.start..w.end])
                .chain(
                    if t.kind == Kind::Str {
                        LONG_STRINGS
                    } else {
                        &[]
                    }
                    .iter()
                    .map(|w| w.as_bytes()),
                )
                .collect();
            if same.is_empty() {
                return None;
            }
            let word = same[j.index(same.len())].to_vec();
            let step = format!(
                "line {}: `{}` -> `{}` in `{}`",
                line_of(bytes, t.start),
                show(&bytes[t.start..t.end]),
                show(&word),
                context(bytes, t.start),
            );
            bytes.splice(t.start..t.end, word);
            Some(step)
        }
        Mutation::Drop(i) | Mutation::Duplicate(i) => {
            let list = items(&tokens);
            if list.is_empty() {
                return None;
            }
            let it = list[i.index(list.len())];
            let text = bytes[it.start..it.end].to_vec();
            let (verb, line) = (
                if matches!(m, Mutation::Drop(_)) {
                    "dropped"
                } else {
                    "duplicated"
                },
                line_of(bytes, it.start),
            );
            let step = format!("line {line}: {verb} `{}`", show(&text));
            if matches!(m, Mutation::Drop(_)) {
                bytes.drain(it.start..it.comma_end.unwrap_or(it.end));
            } else {
                let mut copy = b", ".to_vec();
                copy.extend_from_slice(&text);
                bytes.splice(it.end..it.end, copy);
            }
            Some(step)
        }
        Mutation::Flip(i, bit) => {
            if bytes.is_empty() {
                return None;
            }
            let at = i.index(bytes.len());
            let before = bytes[at];
            bytes[at] ^= 1 << bit;
            Some(format!(
                "line {}: byte {at} {before:#04x} -> {:#04x} in `{}`",
                line_of(bytes, at),
                bytes[at],
                context(bytes, at),
            ))
        }
        Mutation::Truncate(i) => {
            let at = i.index(bytes.len() + 1);
            let step = format!(
                "line {}: cut at byte {at} of {}, after `{}`",
                line_of(bytes, at),
                bytes.len(),
                show(&bytes[at.saturating_sub(30)..at]),
            );
            bytes.truncate(at);
            Some(step)
        }
    }
}

/// The number of kind `Number` among `tokens`.
pub fn numbers(bytes: &[u8]) -> usize {
    lex(bytes).iter().filter(|t| t.kind == Kind::Number).count()
}

/// Replaces the `k`-th number (of `numbers(bytes)`) with `value`; returns what it did.
pub fn set_number(bytes: &mut Vec<u8>, tokens: &[Token], k: usize, value: Value) -> String {
    let t = *tokens
        .iter()
        .filter(|t| t.kind == Kind::Number)
        .nth(k)
        .expect("k counts the file's numbers");
    let old = &bytes[t.start..t.end];
    let new = match value {
        // A value equal to the number's own would change nothing: one more, then.
        Value::Extreme(e) | Value::Limit(e) if e.as_bytes() == old => near(old, 1),
        Value::Extreme(e) | Value::Limit(e) => e.to_string(),
        Value::Near(d) => near(old, d),
    };
    let step = format!(
        "line {}: number `{}` -> `{new}` in `{}`",
        line_of(bytes, t.start),
        show(&bytes[t.start..t.end]),
        context(bytes, t.start),
    );
    bytes.splice(t.start..t.end, new.bytes());
    step
}

/// `number` plus `d`, written as the number was (an integer stays one).
fn near(number: &[u8], d: i8) -> String {
    let s = String::from_utf8_lossy(number).replace('_', "");
    if let Ok(n) = s.parse::<i128>() {
        (n + d as i128).to_string()
    } else if let Ok(x) = s.parse::<f64>() {
        format!("{:?}", x + d as f64)
    } else {
        s
    }
}

fn line_of(bytes: &[u8], at: usize) -> usize {
    1 + bytes[..at.min(bytes.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
}

/// The line around `at`, for a failure's description.
fn context(bytes: &[u8], at: usize) -> String {
    let start = bytes[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    let end = bytes[at..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |p| at + p);
    show(&bytes[start..end])
}

fn show(bytes: &[u8]) -> String {
    let s = String::from_utf8_lossy(bytes);
    let s = s.trim();
    if s.chars().count() > 100 {
        format!("{}…", s.chars().take(100).collect::<String>())
    } else {
        s.to_string()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Number,
    Str,
    Ident,
    Open,
    Close,
    Comma,
    Other,
}

#[derive(Debug, Clone, Copy)]
pub struct Token {
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
}

/// RON's tokens, comments and white space left out. Lenient: whatever it does not know is one
/// `Other` byte, an unclosed string or comment runs to the end.
pub fn lex(b: &[u8]) -> Vec<Token> {
    let mut out = Vec::new();
    let mut i = 0;
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    while i < b.len() {
        let c = b[i];
        let start = i;
        let kind = match c {
            _ if c.is_ascii_whitespace() => {
                i += 1;
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = b[i..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(b.len(), |p| i + p);
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = b[i + 2..]
                    .windows(2)
                    .position(|w| w == b"*/")
                    .map_or(b.len(), |p| i + 2 + p + 2);
                continue;
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i = (i + 1).min(b.len());
                Kind::Str
            }
            b'(' | b'[' | b'{' => {
                i += 1;
                Kind::Open
            }
            b')' | b']' | b'}' => {
                i += 1;
                Kind::Close
            }
            b',' => {
                i += 1;
                Kind::Comma
            }
            b'0'..=b'9' | b'-' | b'+' | b'.'
                if c.is_ascii_digit() || b.get(i + 1).is_some_and(u8::is_ascii_digit) =>
            {
                i += 1;
                while i < b.len() {
                    let d = b[i];
                    let exponent_sign = (d == b'-' || d == b'+') && matches!(b[i - 1], b'e' | b'E');
                    if ident(d) || d == b'.' || exponent_sign {
                        i += 1;
                    } else {
                        break;
                    }
                }
                Kind::Number
            }
            _ if ident(c) => {
                while i < b.len() && ident(b[i]) {
                    i += 1;
                }
                Kind::Ident
            }
            _ => {
                i += 1;
                Kind::Other
            }
        };
        out.push(Token {
            kind,
            start,
            end: i,
        });
    }
    out
}

/// One comma-separated element of a bracketed group: a struct's field, a list's or a map's
/// entry, with the comma after it when there is one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Item {
    pub start: usize,
    pub end: usize,
    pub comma_end: Option<usize>,
}

pub fn items(tokens: &[Token]) -> Vec<Item> {
    // Per open group: where its current item starts and ends so far.
    let mut stack: Vec<(Option<usize>, usize)> = Vec::new();
    let mut out = Vec::new();
    for t in tokens {
        match t.kind {
            Kind::Comma => {
                if let Some((Some(start), end)) = stack.last().copied() {
                    out.push(Item {
                        start,
                        end,
                        comma_end: Some(t.end),
                    });
                }
                if let Some(top) = stack.last_mut() {
                    *top = (None, t.end);
                }
            }
            Kind::Close => {
                if let Some((Some(start), end)) = stack.pop() {
                    out.push(Item {
                        start,
                        end,
                        comma_end: None,
                    });
                }
                if let Some(top) = stack.last_mut() {
                    top.1 = t.end;
                }
            }
            _ => {
                if let Some(top) = stack.last_mut() {
                    top.0.get_or_insert(t.start);
                    top.1 = t.end;
                }
                if t.kind == Kind::Open {
                    stack.push((None, t.end));
                }
            }
        }
    }
    out.sort_by_key(|it| it.start);
    out
}

#[cfg(test)]
mod tests {
    use proptest::strategy::ValueTree;

    use super::*;

    fn numbers(s: &str) -> Vec<&str> {
        lex(s.as_bytes())
            .iter()
            .filter(|t| t.kind == Kind::Number)
            .map(|t| &s[t.start..t.end])
            .collect()
    }

    #[test]
    fn numbers_are_found_outside_strings_and_comments() {
        let s = "A(a: 1, b: -2.5, c: \"#3f78c8 9\", // 7\n d: 1e-3, e: (0, 0, -1), f: x2, g: 1_000, h: /* 4 */ .5)";
        assert_eq!(
            numbers(s),
            ["1", "-2.5", "1e-3", "0", "0", "-1", "1_000", ".5"]
        );
    }

    #[test]
    fn items_are_fields_and_entries_with_their_commas() {
        let s = "A(a: 1, b: [2, 3], c: {\"k\": (x: 4)})";
        let its: Vec<&str> = items(&lex(s.as_bytes()))
            .iter()
            .map(|it| &s[it.start..it.end])
            .collect();
        assert_eq!(
            its,
            [
                "a: 1",
                "b: [2, 3]",
                "2",
                "3",
                "c: {\"k\": (x: 4)}",
                "\"k\": (x: 4)",
                "x: 4",
            ]
        );
    }

    #[test]
    fn mutations_change_what_they_say() {
        let s = b"A(a: 1, b: [2, 3])".to_vec();
        let m = apply(&s, &[Mutation::Drop(idx(0, 4))]);
        assert_eq!(String::from_utf8(m.bytes).unwrap(), "A( b: [2, 3])");
        let m = apply(&s, &[Mutation::Duplicate(idx(1, 4))]);
        assert_eq!(
            String::from_utf8(m.bytes).unwrap(),
            "A(a: 1, b: [2, 3], b: [2, 3])"
        );
        let m = apply(&s, &[Mutation::Number(idx(2, 3), Value::Extreme("NaN"))]);
        assert_eq!(String::from_utf8(m.bytes).unwrap(), "A(a: 1, b: [2, NaN])");
        assert_eq!(
            m.steps,
            ["line 1: number `3` -> `NaN` in `A(a: 1, b: [2, 3])`"]
        );
        let m = apply(&s, &[Mutation::Number(idx(0, 3), Value::Near(-3))]);
        assert_eq!(String::from_utf8(m.bytes).unwrap(), "A(a: -2, b: [2, 3])");
        let m = apply(&s, &[Mutation::Truncate(idx(5, s.len() + 1))]);
        assert_eq!(m.bytes, b"A(a: ");
    }

    /// The `Index` that picks `i` of `n`.
    fn idx(i: usize, n: usize) -> Index {
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        loop {
            let x = any::<Index>().new_tree(&mut runner).unwrap().current();
            if x.index(n) == i {
                return x;
            }
        }
    }
}
