//! tests/data/generated.txt (written by `examples/make_test_data.rs -- generated`): what the
//! generator makes from a few seeds and requests, read alike by the native and wasm tests.

/// One line: the seed, the request record as JSON, and the puzzle the generator made.
pub struct GeneratedCase {
    pub seed: u64,
    pub request: &'static str,
    pub puzzle: &'static str,
}

/// Every line of the file, `#` lines being comments.
pub fn generated_cases() -> Vec<GeneratedCase> {
    include_str!("../data/generated.txt")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let [seed, request, puzzle] = line.split('\t').collect::<Vec<_>>()[..] else {
                panic!("three fields: {line}");
            };
            GeneratedCase {
                seed: seed.parse().expect("a seed"),
                request,
                puzzle,
            }
        })
        .collect()
}
