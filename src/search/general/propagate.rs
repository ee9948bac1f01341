//! Propagation to a fixpoint, looking again only at the houses that changed.
//!
//! A placement takes its digit out of every peer (naked singles follow as cells are left
//! with one candidate). Every cell whose candidates change is noted; before a house rule
//! runs, the houses of the noted cells are queued twice, once for hidden singles and once for
//! locked candidates. A house is looked at only while it is queued, so a node costs in
//! proportion to what it changed rather than to the size of the grid. Hidden singles go
//! before locked candidates: they are cheaper and settle more.
//!
//! The three rules only ever take candidates away, and whether one applies depends only on
//! candidates that can only shrink, so the order in which houses are looked at does not
//! change the fixpoint reached, nor whether a contradiction is met on the way there: the
//! result is the one a full rescan of every house would give.

use super::tables::Tables;
use crate::util::bit_positions;

/// The smallest grid on which propagation looks for naked and hidden pairs and triples:
/// on 16×16 and 25×25 they cut the search trees of hard grids several times over, for
/// about half as much again per node; 9×9 grids keep the plain rules (and their trees).
pub(super) const SUBSETS_FROM_SIZE: usize = 16;

/// The search state: candidates and values of every cell.
#[derive(Clone, Default)]
pub(super) struct State {
    /// Candidate mask per cell; a cell with a value has exactly that one bit.
    pub candidates: Vec<u32>,
    /// Value per cell, 0 while unassigned.
    pub values: Vec<u8>,
    pub n_unassigned: usize,
}

impl State {
    /// Becomes a copy of `other`, reusing its own buffers.
    pub fn copy_from(&mut self, other: &State) {
        self.candidates.clear();
        self.candidates.extend_from_slice(&other.candidates);
        self.values.clear();
        self.values.extend_from_slice(&other.values);
        self.n_unassigned = other.n_unassigned;
    }
}

/// A stack of house or cell indices, each in it at most once.
#[derive(Clone, Debug, Default)]
struct DueSet {
    stack: Vec<u16>,
    is_due: Vec<bool>,
}

impl DueSet {
    fn with_len(len: usize) -> DueSet {
        DueSet {
            stack: Vec::with_capacity(len),
            is_due: vec![false; len],
        }
    }

    fn insert(&mut self, idx: u16) {
        let is_due = &mut self.is_due[idx as usize];
        if !*is_due {
            *is_due = true;
            self.stack.push(idx);
        }
    }

    fn pop(&mut self) -> Option<usize> {
        let idx = self.stack.pop()? as usize;
        self.is_due[idx] = false;
        Some(idx)
    }

    fn clear(&mut self) {
        for &idx in &self.stack {
            self.is_due[idx as usize] = false;
        }
        self.stack.clear();
    }
}

/// The rules and what is left for them to look at.
#[derive(Clone, Debug)]
pub(super) struct Propagator {
    pub tables: Tables,
    /// The mask of every digit of the shape.
    pub all: u32,
    /// Cells placed whose digit has not yet left their peers.
    placed: Vec<u16>,
    /// Cells whose candidates changed since their houses were last queued.
    changed: DueSet,
    /// Houses to look at for hidden singles.
    singles_due: DueSet,
    /// Houses to look at for locked candidates.
    locked_due: DueSet,
    /// Houses to look at for naked and hidden pairs and triples, once nothing else is due
    /// (only on grids of [`SUBSETS_FROM_SIZE`] and larger).
    subsets_due: DueSet,
    /// Whether the pairs and triples rule runs.
    has_subsets: bool,
    /// How often each cell was where a contradiction showed, plus one, and the houses'
    /// likewise: the branching prefers cells and houses that fail often.
    pub cell_weight: Vec<u32>,
    pub house_weight: Vec<u32>,
}

impl Propagator {
    pub fn new(tables: Tables, all: u32) -> Propagator {
        Propagator {
            changed: DueSet::with_len(tables.n_cells),
            singles_due: DueSet::with_len(tables.n_houses),
            locked_due: DueSet::with_len(tables.n_houses),
            subsets_due: DueSet::with_len(tables.n_houses),
            has_subsets: tables.size >= SUBSETS_FROM_SIZE,
            placed: Vec::new(),
            cell_weight: vec![1; tables.n_cells],
            house_weight: vec![1; tables.n_houses],
            tables,
            all,
        }
    }

    /// Forgets what earlier contradictions taught, before a new search.
    pub fn reset_weights(&mut self) {
        self.cell_weight.fill(1);
        self.house_weight.fill(1);
    }

    /// Notes a contradiction at a cell.
    fn failed_at_cell(&mut self, cell: usize) {
        self.cell_weight[cell] += 1;
    }

    /// Notes a contradiction in a house.
    fn failed_in_house(&mut self, house_id: usize) {
        self.house_weight[house_id] += 1;
        for i in 0..self.tables.size {
            let cell = self.tables.house(house_id)[i] as usize;
            self.cell_weight[cell] += 1;
        }
    }

    /// Forgets everything pending, after a contradiction or before a new search.
    pub fn forget_pending(&mut self) {
        self.placed.clear();
        self.changed.clear();
        self.singles_due.clear();
        self.locked_due.clear();
        self.subsets_due.clear();
    }

    /// Queues every house, for a state whose candidates were set from outside (a search's
    /// start).
    pub fn queue_every_house(&mut self) {
        for house_id in 0..self.tables.n_houses as u16 {
            self.singles_due.insert(house_id);
            self.locked_due.insert(house_id);
            if self.has_subsets {
                self.subsets_due.insert(house_id);
            }
        }
    }

    /// Gives `cell` the value whose bit is `bit`; false on a contradiction.
    pub fn assign(&mut self, state: &mut State, cell: usize, bit: u32) -> bool {
        if state.values[cell] != 0 {
            return state.candidates[cell] == bit;
        }
        if state.candidates[cell] & bit == 0 {
            return false;
        }
        state.values[cell] = bit.trailing_zeros() as u8 + 1;
        state.candidates[cell] = bit;
        state.n_unassigned -= 1;
        self.placed.push(cell as u16);
        self.changed.insert(cell as u16);
        true
    }

    /// Takes the digits of `bits` out of `cell`'s candidates; false on a contradiction.
    #[inline(always)]
    fn eliminate(&mut self, state: &mut State, cell: usize, bits: u32) -> bool {
        if state.candidates[cell] & bits == 0 {
            return true;
        }
        if state.values[cell] != 0 {
            self.failed_at_cell(cell);
            return false;
        }
        let left = state.candidates[cell] & !bits;
        state.candidates[cell] = left;
        if left == 0 {
            self.failed_at_cell(cell);
            return false;
        }
        self.changed.insert(cell as u16);
        left & (left - 1) != 0 || self.assign(state, cell, left)
    }

    /// Takes every placed value out of its peers, placing naked singles as they appear;
    /// false on a contradiction.
    fn naked_singles(&mut self, state: &mut State) -> bool {
        while let Some(cell) = self.placed.pop() {
            let cell = cell as usize;
            let bit = state.candidates[cell];
            for i in 0..self.tables.peers(cell).len() {
                let peer = self.tables.peers(cell)[i] as usize;
                if !self.eliminate(state, peer, bit) {
                    return false;
                }
            }
        }
        true
    }

    /// Queues the houses of every cell that changed since the last call.
    fn queue_changed_houses(&mut self) {
        while let Some(cell) = self.changed.pop() {
            for &house_id in self.tables.houses_of(cell) {
                self.singles_due.insert(house_id);
                self.locked_due.insert(house_id);
                if self.has_subsets {
                    self.subsets_due.insert(house_id);
                }
            }
        }
    }

    /// Naked and hidden pairs and triples in one house: two (three) open cells whose
    /// candidates are two (three) digits between them take those digits from the rest of the
    /// house; two (three) digits whose places are two (three) cells between them take every
    /// other digit from those cells. False on a contradiction.
    ///
    /// Candidates read before an elimination can only be more than those after it, so a
    /// subset found in them is still one.
    fn subsets_in(&mut self, state: &mut State, house_id: usize) -> bool {
        let size = self.tables.size;
        // The candidates of the open cells (0 for placed ones), and the digits with one, two,
        // three and four or more places among them.
        let mut row = [0u32; 32];
        let (mut once, mut twice, mut thrice, mut four) = (0u32, 0u32, 0u32, 0u32);
        // Positions of the open cells with two or three candidates.
        let mut small = [0u8; 32];
        let mut n_small = 0;
        for (i, &cell) in self.tables.house(house_id).iter().enumerate() {
            let cell = cell as usize;
            if state.values[cell] != 0 {
                continue;
            }
            let c = state.candidates[cell];
            row[i] = c;
            four |= thrice & c;
            thrice |= twice & c;
            twice |= once & c;
            once |= c;
            if c.count_ones() <= 3 {
                small[n_small] = i as u8;
                n_small += 1;
            }
        }
        // Naked pairs and triples.
        for a in 0..n_small {
            for b in a + 1..n_small {
                let (ia, ib) = (small[a] as usize, small[b] as usize);
                let digits = row[ia] | row[ib];
                let subset = match digits.count_ones() {
                    2 => (1u32 << ia) | (1 << ib),
                    3 => match small[b + 1..n_small]
                        .iter()
                        .map(|&ic| ic as usize)
                        .find(|&ic| row[ic] | digits == digits)
                    {
                        Some(ic) => (1u32 << ia) | (1 << ib) | (1 << ic),
                        None => continue,
                    },
                    _ => continue,
                };
                for k in bit_positions(!subset & (u32::MAX >> (32 - size))) {
                    if row[k] & digits != 0 {
                        let cell = self.tables.house(house_id)[k] as usize;
                        if !self.eliminate(state, cell, digits) {
                            return false;
                        }
                        row[k] = state.candidates[cell];
                    }
                }
            }
        }
        // Hidden pairs and triples, among the digits with two or three places.
        let mut places = [0u32; 32];
        let mut bits = [0u32; 32];
        let mut n = 0;
        for d in bit_positions(twice & !four) {
            let bit = 1u32 << d;
            let mut p = 0u32;
            for (i, &c) in row[..size].iter().enumerate() {
                p |= ((c & bit != 0) as u32) << i;
            }
            if p.count_ones() >= 2 {
                places[n] = p;
                bits[n] = bit;
                n += 1;
            }
        }
        for a in 0..n {
            for b in a + 1..n {
                let cells = places[a] | places[b];
                let digits = match cells.count_ones() {
                    2 => bits[a] | bits[b],
                    3 => match (b + 1..n).find(|&c| places[c] | cells == cells) {
                        Some(c) => bits[a] | bits[b] | bits[c],
                        None => continue,
                    },
                    _ => continue,
                };
                for i in bit_positions(cells) {
                    let cell = self.tables.house(house_id)[i] as usize;
                    let extra = state.candidates[cell] & !digits;
                    if extra != 0 && !self.eliminate(state, cell, extra) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Places the hidden singles of one house; false on a contradiction (a digit without a
    /// place, or two digits whose only place is the same cell).
    fn hidden_singles_in(&mut self, state: &mut State, house_id: usize) -> bool {
        let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
        for &cell in self.tables.house(house_id) {
            let c = state.candidates[cell as usize];
            twice |= once & c;
            once |= c;
            if state.values[cell as usize] != 0 {
                placed |= c;
            }
        }
        if once != self.all {
            self.failed_in_house(house_id);
            return false;
        }
        for pos in bit_positions(once & !twice & !placed) {
            let bit = 1u32 << pos;
            // An earlier single of this house may have taken the only cell.
            let Some(cell) = self
                .tables
                .house(house_id)
                .iter()
                .map(|&c| c as usize)
                .find(|&c| state.candidates[c] & bit != 0)
            else {
                self.failed_in_house(house_id);
                return false;
            };
            if !self.assign(state, cell, bit) {
                self.failed_in_house(house_id);
                return false;
            }
        }
        true
    }

    /// Applies locked candidates from one house to every house it overlaps: a digit whose
    /// places in the house all lie in the cells shared with the other house leaves the rest
    /// of that other house. False on a contradiction.
    fn locked_candidates_in(&mut self, state: &mut State, house_id: usize) -> bool {
        let size = self.tables.size;
        let mut row = [0u32; 32];
        let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
        for (i, &cell) in self.tables.house(house_id).iter().enumerate() {
            let c = state.candidates[cell as usize];
            row[i] = c;
            twice |= once & c;
            once |= c;
            if state.values[cell as usize] != 0 {
                placed |= c;
            }
        }
        // Digits with one place are hidden singles, placed ones have no other place: only
        // digits with two places or more can be locked.
        let open = twice & !placed;
        if open == 0 {
            return true;
        }
        for k in 0..self.tables.overlaps(house_id).len() {
            let overlap = self.tables.overlaps(house_id)[k];
            let (mut inside, mut outside) = (0u32, 0u32);
            for (i, &c) in row[..size].iter().enumerate() {
                if overlap.shared >> i & 1 != 0 {
                    inside |= c;
                } else {
                    outside |= c;
                }
            }
            let locked = inside & !outside & open;
            if locked == 0 {
                continue;
            }
            let other = overlap.other as usize;
            for j in bit_positions(overlap.rest_of_other) {
                let cell = self.tables.house_cells[other * size + j] as usize;
                if !self.eliminate(state, cell, locked) {
                    return false;
                }
            }
        }
        true
    }

    /// Applies singles, then locked candidates, until neither changes anything, looking only
    /// at houses that changed; false on a contradiction, after which nothing stays pending.
    pub fn propagate(&mut self, state: &mut State) -> bool {
        let is_consistent = self.propagate_pending(state);
        if !is_consistent {
            self.forget_pending();
        }
        is_consistent
    }

    fn propagate_pending(&mut self, state: &mut State) -> bool {
        loop {
            if !self.naked_singles(state) {
                return false;
            }
            self.queue_changed_houses();
            if let Some(house_id) = self.singles_due.pop() {
                if !self.hidden_singles_in(state, house_id) {
                    return false;
                }
            } else if let Some(house_id) = self.locked_due.pop() {
                if !self.locked_candidates_in(state, house_id) {
                    return false;
                }
            } else if let Some(house_id) = self.subsets_due.pop() {
                if !self.subsets_in(state, house_id) {
                    return false;
                }
            } else {
                return true;
            }
        }
    }
}
