//! The houses, peers and overlaps of a layout as flat indices, for the solver's inner loops.
//!
//! Every table is one flat vector with a run per cell or per house, so a lookup is two
//! loads and a slice:
//!
//! ```text
//! house_cells:  | house 0: size cells | house 1: size cells | …          (size per house)
//! peers:        | cell 0's peers | cell 1's peers | …                    (runs of any length)
//! peer_start:   0 ─┘               └─ n₀                                  (one more than cells)
//! cell_houses:  | cell 0's houses | cell 1's houses | …                   (3 to 5 per cell)
//! overlaps:     | house 0's overlaps | house 1's overlaps | …
//! ```

use crate::geometry::Geometry;

/// Two houses sharing cells, as the solver reads [`crate::geometry::Overlap`].
#[derive(Copy, Clone, Debug)]
pub(super) struct Overlap {
    /// The other house.
    pub other: u16,
    /// Positions within the first house of the shared cells.
    pub shared: u32,
    /// Positions within the other house of its cells outside the first.
    pub rest_of_other: u32,
}

/// The houses, peers and overlaps of a layout as flat indices, built from the one
/// [`Geometry`].
#[derive(Clone, Debug)]
pub(super) struct Tables {
    /// Cells per house, and digits per cell.
    pub size: usize,
    pub n_cells: usize,
    pub n_houses: usize,
    /// Cells of each house, `size` per house, in the geometry's house order.
    pub house_cells: Vec<u16>,
    /// Peers of every cell, one run per cell.
    peers: Vec<u16>,
    /// Where each cell's run of peers starts in `peers`; one more entry than cells.
    peer_start: Vec<u32>,
    /// Houses of every cell, one run per cell.
    cell_houses: Vec<u16>,
    /// Where each cell's run of houses starts in `cell_houses`; one more entry than cells.
    cell_house_start: Vec<u32>,
    /// Overlaps of every house, one run per house.
    overlaps: Vec<Overlap>,
    /// Where each house's run of overlaps starts in `overlaps`; one more entry than houses.
    overlap_start: Vec<u32>,
}

impl Tables {
    pub fn new(geometry: &Geometry) -> Tables {
        let house_cells = geometry
            .house_cells
            .iter()
            .flatten()
            .map(|c| c.index() as u16)
            .collect();
        let mut peers = Vec::new();
        let mut peer_start = vec![0];
        for cell_peers in &geometry.peers {
            peers.extend(cell_peers.iter().map(|c| c.index() as u16));
            peer_start.push(peers.len() as u32);
        }
        let mut cell_houses = Vec::new();
        let mut cell_house_start = vec![0];
        for houses in &geometry.cell_houses {
            cell_houses.extend(houses.iter().map(|&h| h as u16));
            cell_house_start.push(cell_houses.len() as u32);
        }
        let mut overlaps = Vec::new();
        let mut overlap_start = vec![0];
        for house_id in 0..geometry.n_houses() {
            overlaps.extend(geometry.overlaps(house_id).iter().map(|o| Overlap {
                other: o.other as u16,
                shared: o.shared,
                rest_of_other: o.rest_of_other,
            }));
            overlap_start.push(overlaps.len() as u32);
        }
        Tables {
            size: geometry.size(),
            n_cells: geometry.n_cells(),
            n_houses: geometry.n_houses(),
            house_cells,
            peers,
            peer_start,
            cell_houses,
            cell_house_start,
            overlaps,
            overlap_start,
        }
    }

    /// The cells of a house, in the geometry's order (position `i` is bit `i` of a house
    /// mask).
    pub fn house(&self, house_id: usize) -> &[u16] {
        &self.house_cells[house_id * self.size..(house_id + 1) * self.size]
    }

    /// The peers of a cell: every other cell of its houses.
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }

    /// The houses a cell belongs to.
    pub fn houses_of(&self, cell: usize) -> &[u16] {
        &self.cell_houses
            [self.cell_house_start[cell] as usize..self.cell_house_start[cell + 1] as usize]
    }

    /// The houses sharing cells with a house, and which.
    pub fn overlaps(&self, house_id: usize) -> &[Overlap] {
        &self.overlaps
            [self.overlap_start[house_id] as usize..self.overlap_start[house_id + 1] as usize]
    }
}
