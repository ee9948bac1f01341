//! A plain dancing-links exact-cover counter (Knuth's Algorithm X), written for this
//! benchmark as the reference peer for the general solver on 16×16 and 25×25 grids.
//!
//! Columns are the constraints of a layout with side `n`: each cell holds one digit, and each
//! house of the layout (rows, columns, boxes or jigsaw regions, diagonals, windows) holds each
//! digit once. Rows of the cover are (cell, digit) candidates, linked to their cell's column
//! and to one column per house the cell lies in; givens are chosen before the search starts.
//! The search branches on the column with fewest rows, as Knuth does.

use stepdoku::Geometry;

/// The links of the cover: node 0 is the root, nodes 1..=n_columns the column headers.
pub struct Dlx {
    left: Vec<usize>,
    right: Vec<usize>,
    up: Vec<usize>,
    down: Vec<usize>,
    column: Vec<usize>,
    size: Vec<usize>,
    /// The first node of each row: for a layout's cover, indexed by `cell * n + digit_idx`.
    row_start: Vec<usize>,
}

impl Dlx {
    /// The full cover for a layout: every candidate of every cell, under every house.
    pub fn for_layout(geometry: &Geometry) -> Dlx {
        let n = geometry.size();
        let n_cells = geometry.n_cells();
        let n_columns = n_cells + geometry.n_houses() * n;
        let mut dlx = Dlx {
            left: (0..=n_columns)
                .map(|c| if c == 0 { n_columns } else { c - 1 })
                .collect(),
            right: (0..=n_columns)
                .map(|c| if c == n_columns { 0 } else { c + 1 })
                .collect(),
            up: (0..=n_columns).collect(),
            down: (0..=n_columns).collect(),
            column: (0..=n_columns).collect(),
            size: vec![0; n_columns + 1],
            row_start: vec![0; n_cells * n],
        };
        for cell in geometry.shape().cells() {
            let house_ids: Vec<usize> = geometry.houses_of(cell).map(|h| geometry.id(h)).collect();
            for d in 0..n {
                let columns = std::iter::once(1 + cell.index())
                    .chain(house_ids.iter().map(|&h| 1 + n_cells + h * n + d));
                dlx.row_start[cell.index() * n + d] = dlx.column.len();
                dlx.push_row(columns);
            }
        }
        dlx
    }

    /// A cover of `n_primary` columns that every solution covers exactly once and
    /// `n_secondary` more that it covers at most once (0-based, primary first), with `rows`
    /// given as the columns each covers. A solution is a set of rows, found by
    /// [`Dlx::count_rows`]; rows here stand for whole assignments of several cells (a cage's
    /// digits) and secondary columns for pairs of candidates that exclude each other.
    pub fn for_rows(n_primary: usize, n_secondary: usize, rows: &[Vec<usize>]) -> Dlx {
        let n_columns = n_primary + n_secondary;
        // The primary headers form the ring the search walks; each secondary one is a ring
        // of its own, so it is never chosen but still takes its rows out when covered.
        let ring = |c: usize, next: bool| match c {
            0 if next => 1 % (n_primary + 1),
            0 => n_primary,
            c if c > n_primary => c,
            c if next => (c + 1) % (n_primary + 1),
            c => c - 1,
        };
        let mut dlx = Dlx {
            left: (0..=n_columns).map(|c| ring(c, false)).collect(),
            right: (0..=n_columns).map(|c| ring(c, true)).collect(),
            up: (0..=n_columns).collect(),
            down: (0..=n_columns).collect(),
            column: (0..=n_columns).collect(),
            size: vec![0; n_columns + 1],
            row_start: Vec::with_capacity(rows.len()),
        };
        for row in rows {
            dlx.row_start.push(dlx.column.len());
            dlx.push_row(row.iter().map(|&c| c + 1));
        }
        dlx
    }

    /// Counts the solutions of a cover built by [`Dlx::for_rows`] up to `limit`, and the
    /// branch points met, or `None` when the search met `max_branches` branch points before
    /// it was decided.
    pub fn count_rows(&mut self, limit: u32, max_branches: u64) -> Option<(u32, u64)> {
        let mut found = (0, 0);
        self.search(limit, max_branches, &mut found);
        (found.1 < max_branches || found.0 >= limit).then_some(found)
    }

    /// Appends one row of the cover, its nodes linked in a ring and each under its column.
    fn push_row(&mut self, columns: impl Iterator<Item = usize>) {
        let first = self.column.len();
        for col in columns {
            let x = self.column.len();
            self.column.push(col);
            self.left.push(x.saturating_sub(1).max(first));
            self.right.push(first);
            if x > first {
                self.right[x - 1] = x;
            }
            let last = self.up[col];
            self.up.push(last);
            self.down.push(col);
            self.down[last] = x;
            self.up[col] = x;
            self.size[col] += 1;
        }
        let last = self.column.len() - 1;
        self.left[first] = last;
    }

    fn cover(&mut self, c: usize) {
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = r;
        self.left[r] = l;
        let mut i = self.down[c];
        while i != c {
            let mut j = self.right[i];
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = d;
                self.up[d] = u;
                self.size[self.column[j]] -= 1;
                j = self.right[j];
            }
            i = self.down[i];
        }
    }

    fn uncover(&mut self, c: usize) {
        let mut i = self.up[c];
        while i != c {
            let mut j = self.left[i];
            while j != i {
                self.size[self.column[j]] += 1;
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = j;
                self.up[d] = j;
                j = self.left[j];
            }
            i = self.up[i];
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = c;
        self.left[r] = c;
    }

    /// Chooses a row: covers the other columns of the row (its own column is covered).
    fn select(&mut self, row_node: usize) {
        let mut j = self.right[row_node];
        while j != row_node {
            self.cover(self.column[j]);
            j = self.right[j];
        }
    }

    fn unselect(&mut self, row_node: usize) {
        let mut j = self.left[row_node];
        while j != row_node {
            self.uncover(self.column[j]);
            j = self.left[j];
        }
    }

    /// Counts the solutions of a puzzle (values 1..=n, 0 for blank) up to `limit`, and the
    /// branch points met, or `None` when the search met `max_branches` branch points before
    /// it was decided. The cover is left as it was found.
    pub fn count(
        &mut self,
        n: usize,
        givens: &[u8],
        limit: u32,
        max_branches: u64,
    ) -> Option<(u32, u64)> {
        let mut chosen = Vec::new();
        let mut consistent = true;
        for (cell, &v) in givens.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let node = self.row_start[cell * n + v as usize - 1];
            // A given whose row was removed by an earlier given conflicts with it.
            let col = self.column[node];
            if self.left[self.right[col]] != col || !self.in_column(node) {
                consistent = false;
                break;
            }
            self.cover(col);
            self.select(node);
            chosen.push(node);
        }
        let mut found = (0, 0);
        if consistent {
            self.search(limit, max_branches, &mut found);
        }
        for &node in chosen.iter().rev() {
            self.unselect(node);
            self.uncover(self.column[node]);
        }
        (found.1 < max_branches || found.0 >= limit).then_some(found)
    }

    /// Whether a node is still linked in its column.
    fn in_column(&self, node: usize) -> bool {
        let col = self.column[node];
        let mut i = self.down[col];
        while i != col {
            if i == node {
                return true;
            }
            i = self.down[i];
        }
        false
    }

    fn search(&mut self, limit: u32, max_branches: u64, found: &mut (u32, u64)) {
        if self.right[0] == 0 {
            found.0 += 1;
            return;
        }
        let mut best = self.right[0];
        let mut c = self.right[best];
        while c != 0 {
            if self.size[c] < self.size[best] {
                best = c;
            }
            c = self.right[c];
        }
        if self.size[best] == 0 {
            return;
        }
        if self.size[best] > 1 {
            found.1 += 1;
        }
        self.cover(best);
        let mut r = self.down[best];
        while r != best && found.0 < limit && found.1 < max_branches {
            self.select(r);
            self.search(limit, max_branches, found);
            self.unselect(r);
            r = self.down[r];
        }
        self.uncover(best);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_with_secondary_columns_count_their_exact_covers() {
        // Knuth's example: columns 0–6, six rows, one exact cover (rows 0, 3 and 4).
        let rows = vec![
            vec![2, 4, 5],
            vec![0, 3, 6],
            vec![1, 2, 5],
            vec![0, 3],
            vec![1, 6],
            vec![3, 4, 6],
        ];
        assert_eq!(Dlx::for_rows(7, 0, &rows).count_rows(10, u64::MAX).unwrap().0, 1);
        // Column 2 shared by rows 0 and 3: as a primary column it must be covered (two
        // covers); as a secondary one at most once (three: only rows 0 and 3 together fail).
        let rows = vec![vec![0, 2], vec![1], vec![0], vec![1, 2]];
        assert_eq!(Dlx::for_rows(3, 0, &rows).count_rows(10, u64::MAX).unwrap().0, 2);
        assert_eq!(Dlx::for_rows(2, 1, &rows).count_rows(10, u64::MAX).unwrap().0, 3);
        // No primary column: the empty set of rows is the one cover.
        assert_eq!(Dlx::for_rows(0, 1, &[vec![0]]).count_rows(10, u64::MAX).unwrap().0, 1);
    }
}
