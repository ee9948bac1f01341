//! Agreement between our ratings and the peers' measured ones: the rows of a table of
//! Sudoku Explainer and HoDoKu ratings, and the statistics that compare two columns of
//! ratings (share within a tolerance, mean difference, rank correlation).

use super::Level;
use crate::grid::Grid;

/// A Sudoku Explainer rating as measured: finished, or cut short by its time cap with the
/// hardest step so far as a lower bound.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum MeasuredEr {
    /// Sudoku Explainer finished: ER, EP and ED.
    Finished { er: f32, ep: f32, ed: f32 },
    /// Sudoku Explainer had not finished; the true ER is at least this.
    AtLeast(f32),
}

impl MeasuredEr {
    /// The ER, or its lower bound.
    pub fn er(self) -> f32 {
        match self {
            MeasuredEr::Finished { er, .. } | MeasuredEr::AtLeast(er) => er,
        }
    }
}

/// One row of the peers' table: a puzzle with Sudoku Explainer's and HoDoKu's ratings.
#[derive(Clone, Debug)]
pub struct PeerRow {
    /// The puzzle.
    pub puzzle: Grid,
    /// Sudoku Explainer's ER/EP/ED; `None` where it was not run (`NOT RUN`).
    pub se: Option<MeasuredEr>,
    /// Sudoku Explainer's name of the hardest step.
    pub se_hardest: String,
    /// HoDoKu's level.
    pub hodoku_level: Level,
    /// HoDoKu's score.
    pub hodoku_score: u32,
    /// HoDoKu's name of the hardest step.
    pub hodoku_hardest: String,
    /// The collection the puzzle comes from.
    pub collection: String,
}

/// Reads the peers' table: tab-separated columns puzzle, `ER/EP/ED` (or `TIMEOUT>=x`, or `NOT RUN`), SE
/// hardest step, HoDoKu level, HoDoKu score, HoDoKu hardest step, collection; `#` lines and
/// the header line are skipped. A malformed line is an error naming it.
pub fn parse_peer_table(text: &str) -> Result<Vec<PeerRow>, String> {
    let mut rows = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') || line.starts_with("puzzle\t") || line.trim().is_empty() {
            continue;
        }
        let bad = || format!("malformed row: {line}");
        let fields: Vec<&str> = line.split('\t').collect();
        let [puzzle, se, se_hardest, level, score, hodoku_hardest, collection] = fields[..] else {
            return Err(bad());
        };
        let puzzle = Grid::parse(puzzle).map_err(|e| format!("{e}: {line}"))?;
        let number = |text: &str| text.trim().parse::<f32>().map_err(|_| bad());
        let se = if se == "NOT RUN" {
            None
        } else if let Some(bound) = se.strip_prefix("TIMEOUT>=") {
            Some(MeasuredEr::AtLeast(number(bound)?))
        } else {
            let parts: Vec<&str> = se.split('/').collect();
            let [er, ep, ed] = parts[..] else {
                return Err(bad());
            };
            Some(MeasuredEr::Finished {
                er: number(er)?,
                ep: number(ep)?,
                ed: number(ed)?,
            })
        };
        rows.push(PeerRow {
            puzzle,
            se,
            se_hardest: se_hardest.to_string(),
            hodoku_level: Level::from_name(level).ok_or_else(bad)?,
            hodoku_score: score.trim().parse().map_err(|_| bad())?,
            hodoku_hardest: hodoku_hardest.to_string(),
            collection: collection.to_string(),
        });
    }
    Ok(rows)
}

/// How closely one column of ER values follows another.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ErAgreement {
    /// The number of pairs compared.
    pub n: usize,
    /// The share of pairs within 0.2 of each other (for a lower bound: ours at least the
    /// bound less 0.2).
    pub within: f64,
    /// The share of pairs exactly equal (to the tenth).
    pub equal: f64,
    /// The mean absolute difference.
    pub mean_abs: f64,
    /// The mean of ours minus theirs.
    pub bias: f64,
    /// Spearman's rank correlation of the two columns.
    pub spearman: f64,
}

impl ErAgreement {
    /// Compares our ER values with measured ones, pair by pair.
    pub fn of(pairs: &[(f32, MeasuredEr)]) -> ErAgreement {
        let n = pairs.len();
        if n == 0 {
            return ErAgreement {
                n,
                within: 0.0,
                equal: 0.0,
                mean_abs: 0.0,
                bias: 0.0,
                spearman: 0.0,
            };
        }
        let tenths = |x: f32| (x * 10.0).round() as i32;
        let mut within = 0;
        let mut equal = 0;
        let mut abs = 0.0;
        let mut bias = 0.0;
        for &(ours, theirs) in pairs {
            let diff = tenths(ours) - tenths(theirs.er());
            let agrees = match theirs {
                MeasuredEr::Finished { .. } => diff.abs() <= 2,
                MeasuredEr::AtLeast(_) => diff >= -2,
            };
            within += usize::from(agrees);
            equal += usize::from(diff == 0);
            abs += f64::from(diff.abs()) / 10.0;
            bias += f64::from(diff) / 10.0;
        }
        let ours: Vec<f64> = pairs.iter().map(|p| f64::from(p.0)).collect();
        let theirs: Vec<f64> = pairs.iter().map(|p| f64::from(p.1.er())).collect();
        ErAgreement {
            n,
            within: within as f64 / n as f64,
            equal: equal as f64 / n as f64,
            mean_abs: abs / n as f64,
            bias: bias / n as f64,
            spearman: spearman(&ours, &theirs),
        }
    }
}

/// The ranks of values (1-based, ties sharing their mean rank).
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut start = 0;
    while start < order.len() {
        let mut end = start;
        while end + 1 < order.len() && values[order[end + 1]] == values[order[start]] {
            end += 1;
        }
        let mean = (start + end) as f64 / 2.0 + 1.0;
        for &i in &order[start..=end] {
            ranks[i] = mean;
        }
        start = end + 1;
    }
    ranks
}

/// Spearman's rank correlation: Pearson's correlation of the ranks (0 when either column is
/// constant).
pub fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = ra.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let mut cov = 0.0;
    let mut va = 0.0;
    let mut vb = 0.0;
    for (x, y) in ra.iter().zip(&rb) {
        cov += (x - ma) * (y - mb);
        va += (x - ma) * (x - ma);
        vb += (y - mb) * (y - mb);
    }
    if va == 0.0 || vb == 0.0 {
        0.0
    } else {
        cov / (va * vb).sqrt()
    }
}
