//! Markdown as plain lines for reading in a terminal: the rules window of the full-screen table.

/// Headings in capitals, emphasis and code marks dropped, tables kept as aligned text.
pub fn rendered_markdown(md: &str) -> Vec<String> {
    let mut out = Vec::new();
    for raw in md.lines() {
        let line = raw.trim_end();
        if let Some(h) = line.strip_prefix("# ") {
            out.push(h.to_uppercase());
            out.push("=".repeat(h.chars().count()));
        } else if let Some(h) = line.strip_prefix("## ").or_else(|| line.strip_prefix("### ")) {
            out.push(String::new());
            out.push(h.to_string());
            out.push("-".repeat(h.chars().count()));
        } else if line.starts_with("| ---") || line.starts_with("|---") {
            continue;
        } else if line.starts_with('|') {
            let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
            out.push(format!("  {}", cells.join("  ·  ")));
        } else if let Some(item) = line.strip_prefix("- ").or_else(|| line.strip_prefix("* ")) {
            out.push(format!("  • {item}"));
        } else {
            out.push(line.to_string());
        }
    }
    out.into_iter().map(|l| l.replace("**", "").replace('`', "")).collect()
}
