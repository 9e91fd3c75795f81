//! Small helpers for the text that front ends echo back to users.

/// Actions are short: anything longer is refused without being parsed or echoed in full.
pub const MAX_ACTION_LEN: usize = 200;

/// `text` as it may be quoted back in an error: whole when at most `max` characters, else its
/// first `max` characters, an ellipsis and the full length, so a huge or hostile input never
/// makes a huge answer.
pub fn cut_short(text: &str, max: usize) -> String {
    let count = text.chars().count();
    if count <= max {
        return text.to_string();
    }
    let head: String = text.chars().take(max).collect();
    format!("{head}... ({count} characters)")
}

/// The legal actions a user probably meant by text that is not an action: those that start
/// with it (`take` for `take D`), or whose last word is it (`300` for `bid 300`), compared
/// without regard to case. At most `limit` of them, in the given order.
pub fn did_you_mean<'a>(text: &str, legal: &'a [String], limit: usize) -> Vec<&'a str> {
    let wanted = text.trim().to_ascii_lowercase();
    if wanted.is_empty() {
        return Vec::new();
    }
    legal
        .iter()
        .filter(|a| {
            let a = a.to_ascii_lowercase();
            (a.starts_with(&wanted) && a.len() > wanted.len())
                || a.rsplit(' ').next().is_some_and(|last| last == wanted && a != wanted)
        })
        .take(limit)
        .map(String::as_str)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_with_its_length() {
        assert_eq!(cut_short("take D", 10), "take D");
        let long = "é".repeat(500);
        let cut = cut_short(&long, 20);
        assert!(cut.ends_with("... (500 characters)"), "{cut}");
        assert_eq!(cut.chars().count(), 20 + "... (500 characters)".len());
    }

    #[test]
    fn suggestions_complete_a_word_or_match_a_number() {
        let legal: Vec<String> = ["pass", "take D", "bid 300", "bid 310", "QS"].map(String::from).into();
        assert_eq!(did_you_mean("take", &legal, 5), ["take D"]);
        assert_eq!(did_you_mean("TAKE", &legal, 5), ["take D"]);
        assert_eq!(did_you_mean("300", &legal, 5), ["bid 300"]);
        assert_eq!(did_you_mean("bid", &legal, 1), ["bid 300"]);
        assert!(did_you_mean("zz", &legal, 5).is_empty());
        assert!(did_you_mean("pass", &legal, 5).is_empty());
        assert!(did_you_mean("", &legal, 5).is_empty());
    }
}
