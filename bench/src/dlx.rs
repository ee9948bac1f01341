//! A plain dancing-links exact-cover counter (Knuth's Algorithm X), written for this
//! benchmark as the reference peer for the general solver on 16×16 and 25×25 grids.
//!
//! Columns are the four constraint families of a square-of-boxes grid of side `n`: each cell
//! holds one digit, and each row, column and box holds each digit once. Rows of the cover
//! are (cell, digit) candidates; givens are chosen before the search starts. The search
//! branches on the column with fewest rows, as Knuth does.

/// The links of the cover: node 0 is the root, nodes 1..=n_columns the column headers.
pub struct Dlx {
    left: Vec<usize>,
    right: Vec<usize>,
    up: Vec<usize>,
    down: Vec<usize>,
    column: Vec<usize>,
    size: Vec<usize>,
    /// The first node of each candidate row, indexed by `cell * n + digit_idx`.
    row_start: Vec<usize>,
}

impl Dlx {
    /// The full cover for a grid of side `n` with boxes of `box_rows` × `box_cols`.
    pub fn new(n: usize, box_rows: usize, box_cols: usize) -> Dlx {
        let n_columns = 4 * n * n;
        let n_nodes = 1 + n_columns + 4 * n * n * n;
        let mut dlx = Dlx {
            left: vec![0; n_nodes],
            right: vec![0; n_nodes],
            up: vec![0; n_nodes],
            down: vec![0; n_nodes],
            column: vec![0; n_nodes],
            size: vec![0; n_columns + 1],
            row_start: vec![0; n * n * n],
        };
        for c in 0..=n_columns {
            dlx.left[c] = if c == 0 { n_columns } else { c - 1 };
            dlx.right[c] = if c == n_columns { 0 } else { c + 1 };
            dlx.up[c] = c;
            dlx.down[c] = c;
            dlx.column[c] = c;
        }
        let mut node = n_columns + 1;
        for cell in 0..n * n {
            let (r, c) = (cell / n, cell % n);
            let b = (r / box_rows) * (n / box_cols) + c / box_cols;
            for d in 0..n {
                let columns = [
                    1 + cell,
                    1 + n * n + r * n + d,
                    1 + 2 * n * n + c * n + d,
                    1 + 3 * n * n + b * n + d,
                ];
                dlx.row_start[cell * n + d] = node;
                for (k, &col) in columns.iter().enumerate() {
                    let x = node + k;
                    dlx.column[x] = col;
                    dlx.left[x] = if k == 0 { node + 3 } else { x - 1 };
                    dlx.right[x] = if k == 3 { node } else { x + 1 };
                    dlx.up[x] = dlx.up[col];
                    dlx.down[x] = col;
                    let last = dlx.up[col];
                    dlx.down[last] = x;
                    dlx.up[col] = x;
                    dlx.size[col] += 1;
                }
                node += 4;
            }
        }
        dlx
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
    /// branch points met. The cover is left as it was found.
    pub fn count(&mut self, n: usize, givens: &[u8], limit: u32) -> (u32, u64) {
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
            self.search(limit, &mut found);
        }
        for &node in chosen.iter().rev() {
            self.unselect(node);
            self.uncover(self.column[node]);
        }
        found
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

    fn search(&mut self, limit: u32, found: &mut (u32, u64)) {
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
        while r != best && found.0 < limit {
            self.select(r);
            self.search(limit, found);
            self.unselect(r);
            r = self.down[r];
        }
        self.uncover(best);
    }
}
