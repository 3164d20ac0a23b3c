//! Helpers shared by the crate's unit tests.

/// Every text of up to `len` characters from `chars`, sorted, each once
/// (the tests' exhaustive inputs).
pub(crate) fn every_text(chars: &[char], len: usize) -> Vec<String> {
    let mut texts = vec![String::new()];
    for _ in 0..len {
        let longer: Vec<String> = texts
            .iter()
            .flat_map(|t| chars.iter().map(move |c| format!("{t}{c}")))
            .collect();
        texts.extend(longer);
    }
    texts.sort();
    texts.dedup();
    texts
}
