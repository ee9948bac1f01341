//! The techniques a step can use, with their names, difficulties and descriptions.
//!
//! Difficulties follow the Sudoku Explainer scale (SE) and scores the HoDoKu scale, as listed
//! in the technique ladder of the project documentation.

use crate::geometry::Geometry;
use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};

macro_rules! techniques {
    ($( $variant:ident => $slug:literal, $name:literal, $se:literal, $score:literal, $uniq:literal, $needs:ident, $about:literal; )*) => {
        /// A technique, logical or of the search.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Technique {
            $(
                #[doc = $about]
                $variant,
            )*
        }

        impl Technique {
            /// Every technique, in ladder order (search steps last).
            pub const ALL: &'static [Technique] = &[$(Technique::$variant,)*];

            /// A stable identifier for links, lookups and the wire, such as
            /// "hidden-single-box". Written out once here: renaming a variant keeps it.
            pub fn slug(self) -> &'static str {
                match self { $(Technique::$variant => $slug,)* }
            }

            /// What the technique needs of a layout to be sound.
            pub fn needs(self) -> Needs {
                match self { $(Technique::$variant => Needs::$needs,)* }
            }

            /// The name the community uses, such as "Hidden Single".
            pub fn name(self) -> &'static str {
                match self { $(Technique::$variant => $name,)* }
            }

            /// Sudoku-Explainer-style difficulty of one step (0 for search steps).
            pub fn difficulty(self) -> f32 {
                match self { $(Technique::$variant => $se,)* }
            }

            /// HoDoKu-style score of one step (0 for search steps).
            pub fn score(self) -> u32 {
                match self { $(Technique::$variant => $score,)* }
            }

            /// Whether the technique holds only when the puzzle has a unique solution.
            pub fn relies_on_uniqueness(self) -> bool {
                match self { $(Technique::$variant => $uniq,)* }
            }

            /// A short description for people: what the pattern is and why it works.
            pub fn description(self) -> &'static str {
                match self { $(Technique::$variant => $about,)* }
            }
        }
    };
}

techniques! {
    FullHouse => "full-house", "Full House", 1.0, 4, false, Any,
        "The last empty cell of a row, column or box takes the one digit that house is missing.";
    AntiKnight => "anti-knight", "Anti-Knight", 1.1, 1, false, Any,
        "Under the anti-knight rule, a placed digit leaves every cell a chess knight's move away.";
    AntiKing => "anti-king", "Anti-King", 1.1, 1, false, Any,
        "Under the anti-king rule, a placed digit leaves every cell a chess king's move away.";
    Diagonal => "diagonal", "Diagonal", 1.1, 1, false, Any,
        "A digit placed on a diagonal that holds each digit once leaves the diagonal's other cells.";
    HiddenSingleBox => "hidden-single-box", "Hidden Single", 1.2, 14, false, Any,
        "A digit has only one possible cell left in a box, so it goes there.";
    HiddenSingleLine => "hidden-single-line", "Hidden Single", 1.5, 14, false, Any,
        "A digit has only one possible cell left in a row or column, so it goes there.";
    Thermometer => "thermometer", "Thermometer", 1.8, 4, false, Any,
        "Digits increase from a thermometer's bulb, so each cell needs room for the cells below and above it: digits too small or too large for its place leave it.";
    XvPair => "xv-pair", "XV Pair", 1.8, 4, false, Any,
        "Two cells marked X add up to 10 (V: to 5); a digit whose partner is no candidate of the other cell leaves.";
    NonConsecutive => "non-consecutive", "Non-Consecutive", 1.8, 4, false, Any,
        "Orthogonal neighbours never hold consecutive digits: a digit leaves a cell when every candidate of a neighbour is one above or one below it.";
    KropkiDot => "kropki-dot", "Kropki Dot", 1.9, 4, false, Any,
        "Two cells joined by a white dot hold consecutive digits, by a black dot one digit twice the other; a digit with no partner among the other cell's candidates leaves.";
    CageCombinations => "cage-combinations", "Cage Combinations", 2.0, 6, false, Any,
        "A killer cage holds different digits adding up to its sum; only some sets of digits do, and a candidate in no such set that the cage's cells can fill leaves.";
    Arrow => "arrow", "Arrow", 2.2, 8, false, Any,
        "The digits on an arrow's line add up to the digit in its circle; a candidate that no choice of the other cells adds up with leaves.";
    NakedSingle => "naked-single", "Naked Single", 2.3, 4, false, Any,
        "A cell has only one candidate left, so that digit goes there.";
    InniesOuties => "innies-outies", "Innies and Outies", 2.5, 20, false, Any,
        "A row, column or box adds up to 45 (on 9×9); take away the cages wholly inside it and the few cells left inside (innies) or sticking out (outies) have a known total.";
    Pointing => "pointing", "Locked Candidates (Pointing)", 2.6, 50, false, Any,
        "In a box, a digit's candidates all lie in one row or column; the digit must be in the box's part of that line, so it leaves the rest of the line.";
    Claiming => "claiming", "Locked Candidates (Claiming)", 2.8, 50, false, Any,
        "In a row or column, a digit's candidates all lie in one box; the digit must be in the line's part of that box, so it leaves the rest of the box.";
    CagePointing => "cage-pointing", "Cage Pointing", 2.7, 30, false, Any,
        "Every combination a cage can still hold needs a digit, and the cage's places for it lie in one house; the digit leaves the rest of that house.";
    CageClaiming => "cage-claiming", "Cage Claiming", 2.9, 35, false, Any,
        "A digit's places in a house all lie in one cage, so the cage holds it; combinations without it go, and the candidates only they allowed leave.";
    NakedPair => "naked-pair", "Naked Pair", 3.0, 60, false, Any,
        "Two cells of a house hold only the same two candidates; those two digits go in those cells, so they leave the other cells of the house.";
    XWing => "xwing", "X-Wing", 3.2, 140, false, Any,
        "A digit's candidates in two rows lie in the same two columns (or the reverse); the digit takes one corner per line, so it leaves the rest of the cross lines.";
    HiddenPair => "hidden-pair", "Hidden Pair", 3.4, 70, false, Any,
        "Two digits can go only in the same two cells of a house; those cells hold them, so every other candidate leaves those cells.";
    FinnedXWing => "finned-xwing", "Finned X-Wing", 3.4, 130, false, Boxes,
        "An X-Wing with extra candidates (fins) in one box; eliminations are made only where the X-Wing and every fin agree.";
    SashimiXWing => "sashimi-xwing", "Sashimi X-Wing", 3.5, 150, false, Boxes,
        "A finned X-Wing with one corner missing; eliminations only where the pattern and the fin agree.";
    NakedTriple => "naked-triple", "Naked Triple", 3.6, 80, false, Any,
        "Three cells of a house hold only three digits between them; those digits leave the other cells of the house.";
    Swordfish => "swordfish", "Swordfish", 3.8, 150, false, Any,
        "A digit's candidates in three rows lie in three columns (or the reverse); the digit leaves the rest of those columns.";
    HiddenTriple => "hidden-triple", "Hidden Triple", 4.0, 100, false, Any,
        "Three digits can go only in the same three cells of a house; other candidates leave those cells.";
    FinnedSwordfish => "finned-swordfish", "Finned Swordfish", 4.0, 200, false, Boxes,
        "A Swordfish with fins in one box; eliminations only where the fish and every fin agree.";
    Skyscraper => "skyscraper", "Skyscraper", 4.0, 130, false, Boxes,
        "Two strong links on one digit share a base line; one of the two top ends holds the digit, so cells seeing both tops lose it.";
    TwoStringKite => "two-string-kite", "2-String Kite", 4.1, 150, false, Boxes,
        "A strong link in a row and one in a column meet in a box; one of the two far ends holds the digit, so a cell seeing both loses it.";
    SashimiSwordfish => "sashimi-swordfish", "Sashimi Swordfish", 4.1, 240, false, Boxes,
        "A finned Swordfish with a missing corner; eliminations only where the fish and the fin agree.";
    TurbotFish => "turbot-fish", "Turbot Fish", 4.2, 120, false, Boxes,
        "Two strong links on one digit joined by a weak link; one of the two ends holds the digit, so cells seeing both lose it.";
    EmptyRectangle => "empty-rectangle", "Empty Rectangle", 4.2, 120, false, Boxes,
        "A digit's candidates in a box lie on one row and one column; with a strong link outside the box, a cell seeing both ends loses the digit.";
    XYWing => "xywing", "XY-Wing", 4.2, 160, false, Any,
        "A pivot xy sees two pincers xz and yz; whichever the pivot takes, one pincer is z, so cells seeing both pincers lose z.";
    XYZWing => "xyzwing", "XYZ-Wing", 4.4, 180, false, Any,
        "A pivot xyz sees pincers xz and yz; one of the three holds z, so cells seeing all three lose z.";
    WWing => "wwing", "W-Wing", 4.4, 150, false, Any,
        "Two cells with the same two candidates xy are joined by a strong link on x; one of them is y, so cells seeing both lose y.";
    SimpleColouringTrap => "simple-colouring-trap", "Simple Colouring (Trap)", 4.5, 150, false, Any,
        "The strong links of one digit split its candidates into two colours, one of which is true; a cell seeing both colours loses the digit.";
    SimpleColouringWrap => "simple-colouring-wrap", "Simple Colouring (Wrap)", 4.5, 150, false, Any,
        "The strong links of one digit split its candidates into two colours; a colour that sees itself is false everywhere.";
    UniqueRectangle1 => "unique-rectangle1", "Unique Rectangle Type 1", 4.5, 100, true, Classic,
        "Four cells in two rows, columns and boxes would hold the same pair, giving two solutions; the one corner with extra candidates must not be the pair.";
    UniqueRectangle2 => "unique-rectangle2", "Unique Rectangle Type 2", 4.6, 100, true, Classic,
        "Two corners of a deadly rectangle share one extra digit; one of them holds it, so cells seeing both lose it.";
    UniqueRectangle3 => "unique-rectangle3", "Unique Rectangle Type 3", 4.6, 100, true, Classic,
        "The extra digits of two corners act as one cell in a naked subset of their house.";
    UniqueRectangle4 => "unique-rectangle4", "Unique Rectangle Type 4", 4.7, 100, true, Classic,
        "One digit of the pair is locked in two corners, so the other digit of the pair leaves them.";
    HiddenRectangle => "hidden-rectangle", "Hidden Rectangle", 4.8, 100, true, Classic,
        "Strong links around a rectangle of a pair rule out one digit of the pair in the far corner.";
    NakedQuad => "naked-quad", "Naked Quad", 5.0, 120, false, Any,
        "Four cells of a house hold only four digits between them; those digits leave the other cells of the house.";
    Jellyfish => "jellyfish", "Jellyfish", 5.2, 160, false, Any,
        "A digit's candidates in four rows lie in four columns (or the reverse); the digit leaves the rest of those columns.";
    HiddenQuad => "hidden-quad", "Hidden Quad", 5.4, 150, false, Any,
        "Four digits can go only in the same four cells of a house; other candidates leave those cells.";
    FinnedJellyfish => "finned-jellyfish", "Finned Jellyfish", 5.4, 240, false, Boxes,
        "A Jellyfish with fins in one box; eliminations only where the fish and every fin agree.";
    SashimiJellyfish => "sashimi-jellyfish", "Sashimi Jellyfish", 5.5, 280, false, Boxes,
        "A finned Jellyfish with a missing corner; eliminations only where the fish and the fin agree.";
    BugPlusOne => "bug-plus-one", "BUG+1", 5.6, 100, true, Classic,
        "All empty cells but one hold two candidates; to avoid a deadly pattern with two solutions, the odd cell takes the digit that appears three times in its houses.";
    RemotePair => "remote-pair", "Remote Pair", 6.6, 110, false, Any,
        "A chain of cells with the same two candidates alternates them; cells seeing two ends of opposite parity lose both digits.";
    XChain => "xchain", "X-Chain", 6.6, 260, false, Any,
        "A chain of alternating strong and weak links on one digit; one end holds it, so cells seeing both ends lose it.";
    XYChain => "xychain", "XY-Chain", 6.8, 260, false, Any,
        "A chain of two-candidate cells; one end holds the digit the chain starts and ends with, so cells seeing both ends lose it.";
    Aic => "aic", "Alternating Inference Chain", 7.0, 280, false, Any,
        "A chain of strong and weak links over cells and digits; one of its two ends is true, so candidates seeing both ends are false.";
    GroupedAic => "grouped-aic", "Grouped AIC", 7.3, 300, false, Any,
        "An alternating inference chain in which some nodes are groups of cells of one box and line.";
    AlsXz => "als-xz", "ALS-XZ", 7.5, 300, false, Any,
        "Two almost locked sets joined by a restricted common digit x; one of them holds z, so cells seeing every z of both lose it.";
    AlsXyWing => "als-xy-wing", "ALS-XY-Wing", 7.8, 320, false, Any,
        "Three almost locked sets joined by two restricted common digits; cells seeing every z of the two outer sets lose z.";
    NishioForcingChain => "nishio-forcing-chain", "Nishio Forcing Chain", 7.6, 500, false, Any,
        "Assuming a candidate true leads, by singles and chains, to a contradiction; so it is false.";
    CellForcingChain => "cell-forcing-chain", "Cell Forcing Chain", 8.3, 500, false, Any,
        "Every candidate of a cell leads to the same conclusion, which therefore holds.";
    UnitForcingChain => "unit-forcing-chain", "Unit Forcing Chain", 8.5, 500, false, Any,
        "Every place of a digit in a house leads to the same conclusion, which therefore holds.";
    NestedForcingChain => "nested-forcing-chain", "Nested Forcing Chain", 9.0, 700, false, Any,
        "A forcing chain whose trials may themselves try the candidates of two-candidate cells, ruling out those that fail, and follow both sides of a cell's or a house's last two options, keeping what both rule out, before reaching a contradiction.";
    Guess => "guess", "Guess", 0.0, 0, false, Any,
        "No implemented technique applies, so the solver tries a digit and follows where it leads.";
    Contradiction => "contradiction", "Contradiction", 0.0, 0, false, Any,
        "The guesses in force leave a cell with no candidate or a digit with no place: one of them is wrong.";
    Backtrack => "backtrack", "Backtrack", 0.0, 0, false, Any,
        "The last guess failed: its consequences are undone and the guessed digit is ruled out.";
    Solved => "solved", "Solved", 0.0, 0, false, Any,
        "Every cell holds a digit.";
    Unsolvable => "unsolvable", "No Solution", 0.0, 0, false, Any,
        "Every possibility has been tried: the puzzle has no solution.";
}

impl Technique {
    /// Whether this is a step of the search (guess, contradiction, backtrack, end).
    pub fn is_search(self) -> bool {
        matches!(
            self,
            Technique::Guess
                | Technique::Contradiction
                | Technique::Backtrack
                | Technique::Solved
                | Technique::Unsolvable
        )
    }

    /// The technique with a slug, if any.
    pub fn from_slug(slug: &str) -> Option<Technique> {
        Technique::ALL.iter().copied().find(|t| t.slug() == slug)
    }

    /// Whether the technique is sound on a layout (see [`Needs`]).
    pub fn is_sound_for(self, geometry: &Geometry) -> bool {
        self.needs() <= Needs::of(geometry)
    }
}

/// Sudoku Explainer's length bonus for a chain of `n_nodes` nodes, in tenths: 1 each time
/// the count passes 4, 6, 8, 12, 16, 24, 32, … (the ceilings grow by ×3/2 and ×4/3 in turn).
/// Both a step's own ER ([`crate::logic::step_er`]) and the Sudoku Explainer profile
/// ([`crate::rating::se`]) add it to a chain's base difficulty.
pub fn length_bonus(n_nodes: usize) -> u16 {
    let mut bonus = 0;
    let mut ceiling = 4;
    let mut is_odd = false;
    while n_nodes > ceiling {
        bonus += 1;
        ceiling = if is_odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        is_odd = !is_odd;
    }
    bonus
}

/// Whether the puzzle is known to have exactly one solution, which techniques that rely on
/// uniqueness need.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    /// The puzzle has exactly one solution.
    Known,
    /// The puzzle has none or several, or it was not checked.
    Unknown,
}

/// What a technique needs of a layout to be sound, from least to most.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Needs {
    /// Any layout: the technique reads every house from the geometry.
    Any,
    /// Boxes among the houses (classic, X-Sudoku and Windoku, not jigsaw): the technique
    /// reasons about how boxes cut rows and columns.
    Boxes,
    /// The classic layout and nothing more: uniqueness patterns, whose second solution an
    /// extra house could rule out.
    Classic,
}

impl Needs {
    /// The most a layout offers.
    pub fn of(geometry: &Geometry) -> Needs {
        if geometry.is_classic() {
            Needs::Classic
        } else if geometry.has_boxes() {
            Needs::Boxes
        } else {
            Needs::Any
        }
    }
}

/// A technique on the wire: the record docs/FORMATS.md ("Wire format") describes (`id`,
/// `name`, `difficulty`, `score`, `reliesOnUniqueness`, `isSearch`, `description`). A step or a
/// rating names its technique with `Technique::serialize_name_and_id` instead.
impl Serialize for Technique {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut record = serializer.serialize_struct("Technique", 7)?;
        record.serialize_field("id", self.slug())?;
        record.serialize_field("name", self.name())?;
        record.serialize_field("difficulty", &self.difficulty())?;
        record.serialize_field("score", &self.score())?;
        record.serialize_field("reliesOnUniqueness", &self.relies_on_uniqueness())?;
        record.serialize_field("isSearch", &self.is_search())?;
        record.serialize_field("description", self.description())?;
        record.end()
    }
}

impl Technique {
    /// Writes a technique as two entries of the record it is flattened into: `name_key` its
    /// name and `id_key` its slug, both `null` when there is none.
    fn serialize_name_and_id<S: Serializer>(
        technique: Option<Technique>,
        name_key: &'static str,
        id_key: &'static str,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let mut fields = serializer.serialize_map(Some(2))?;
        fields.serialize_entry(name_key, &technique.map(Technique::name))?;
        fields.serialize_entry(id_key, &technique.map(Technique::slug))?;
        fields.end()
    }

    /// A step's technique on the wire: `technique` (its name) and `techniqueId` (its slug).
    pub(crate) fn serialize_as_step_technique<S: Serializer>(
        technique: &Technique,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        Technique::serialize_name_and_id(Some(*technique), "technique", "techniqueId", serializer)
    }

    /// A rating's hardest technique on the wire: `hardest` (its name) and `hardestId` (its
    /// slug), both `null` when the trace has no deduction.
    pub(crate) fn serialize_as_hardest<S: Serializer>(
        technique: &Option<Technique>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        Technique::serialize_name_and_id(*technique, "hardest", "hardestId", serializer)
    }
}

#[cfg(test)]
mod tests {
    use super::length_bonus;

    #[test]
    fn length_bonus_steps_at_sudoku_explainers_ceilings() {
        let steps: Vec<usize> = (1..=130)
            .filter(|&n| length_bonus(n) > length_bonus(n - 1))
            .collect();
        assert_eq!(steps, vec![5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129]);
    }
}
