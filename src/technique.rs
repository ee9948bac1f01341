//! The techniques a step can use, with their names, difficulties and descriptions.
//!
//! Difficulties follow the Sudoku Explainer scale (SE) and scores the HoDoKu scale, as listed
//! in the technique ladder of the project documentation.

use serde::{Serialize, Serializer};

macro_rules! techniques {
    ($( $variant:ident => $name:literal, $se:literal, $score:literal, $uniq:literal, $about:literal; )*) => {
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
    FullHouse => "Full House", 1.0, 4, false,
        "The last empty cell of a row, column or box takes the one digit that house is missing.";
    HiddenSingleBox => "Hidden Single", 1.2, 14, false,
        "A digit has only one possible cell left in a box, so it goes there.";
    HiddenSingleLine => "Hidden Single", 1.5, 14, false,
        "A digit has only one possible cell left in a row or column, so it goes there.";
    NakedSingle => "Naked Single", 2.3, 4, false,
        "A cell has only one candidate left, so that digit goes there.";
    Pointing => "Locked Candidates (Pointing)", 2.6, 50, false,
        "In a box, a digit's candidates all lie in one row or column; the digit must be in the box's part of that line, so it leaves the rest of the line.";
    Claiming => "Locked Candidates (Claiming)", 2.8, 50, false,
        "In a row or column, a digit's candidates all lie in one box; the digit must be in the line's part of that box, so it leaves the rest of the box.";
    NakedPair => "Naked Pair", 3.0, 60, false,
        "Two cells of a house hold only the same two candidates; those two digits go in those cells, so they leave the other cells of the house.";
    XWing => "X-Wing", 3.2, 140, false,
        "A digit's candidates in two rows lie in the same two columns (or the reverse); the digit takes one corner per line, so it leaves the rest of the cross lines.";
    HiddenPair => "Hidden Pair", 3.4, 70, false,
        "Two digits can go only in the same two cells of a house; those cells hold them, so every other candidate leaves those cells.";
    FinnedXWing => "Finned X-Wing", 3.4, 130, false,
        "An X-Wing with extra candidates (fins) in one box; eliminations are made only where the X-Wing and every fin agree.";
    SashimiXWing => "Sashimi X-Wing", 3.5, 150, false,
        "A finned X-Wing with one corner missing; eliminations only where the pattern and the fin agree.";
    NakedTriple => "Naked Triple", 3.6, 80, false,
        "Three cells of a house hold only three digits between them; those digits leave the other cells of the house.";
    Swordfish => "Swordfish", 3.8, 150, false,
        "A digit's candidates in three rows lie in three columns (or the reverse); the digit leaves the rest of those columns.";
    HiddenTriple => "Hidden Triple", 4.0, 100, false,
        "Three digits can go only in the same three cells of a house; other candidates leave those cells.";
    FinnedSwordfish => "Finned Swordfish", 4.0, 200, false,
        "A Swordfish with fins in one box; eliminations only where the fish and every fin agree.";
    Skyscraper => "Skyscraper", 4.0, 130, false,
        "Two strong links on one digit share a base line; one of the two top ends holds the digit, so cells seeing both tops lose it.";
    TwoStringKite => "2-String Kite", 4.1, 150, false,
        "A strong link in a row and one in a column meet in a box; one of the two far ends holds the digit, so a cell seeing both loses it.";
    SashimiSwordfish => "Sashimi Swordfish", 4.1, 240, false,
        "A finned Swordfish with a missing corner; eliminations only where the fish and the fin agree.";
    TurbotFish => "Turbot Fish", 4.2, 120, false,
        "Two strong links on one digit joined by a weak link; one of the two ends holds the digit, so cells seeing both lose it.";
    EmptyRectangle => "Empty Rectangle", 4.2, 120, false,
        "A digit's candidates in a box lie on one row and one column; with a strong link outside the box, a cell seeing both ends loses the digit.";
    XYWing => "XY-Wing", 4.2, 160, false,
        "A pivot xy sees two pincers xz and yz; whichever the pivot takes, one pincer is z, so cells seeing both pincers lose z.";
    XYZWing => "XYZ-Wing", 4.4, 180, false,
        "A pivot xyz sees pincers xz and yz; one of the three holds z, so cells seeing all three lose z.";
    WWing => "W-Wing", 4.4, 150, false,
        "Two cells with the same two candidates xy are joined by a strong link on x; one of them is y, so cells seeing both lose y.";
    SimpleColouringTrap => "Simple Colouring (Trap)", 4.5, 150, false,
        "The strong links of one digit split its candidates into two colours, one of which is true; a cell seeing both colours loses the digit.";
    SimpleColouringWrap => "Simple Colouring (Wrap)", 4.5, 150, false,
        "The strong links of one digit split its candidates into two colours; a colour that sees itself is false everywhere.";
    UniqueRectangle1 => "Unique Rectangle Type 1", 4.5, 100, true,
        "Four cells in two rows, columns and boxes would hold the same pair, giving two solutions; the one corner with extra candidates must not be the pair.";
    UniqueRectangle2 => "Unique Rectangle Type 2", 4.6, 100, true,
        "Two corners of a deadly rectangle share one extra digit; one of them holds it, so cells seeing both lose it.";
    UniqueRectangle3 => "Unique Rectangle Type 3", 4.6, 100, true,
        "The extra digits of two corners act as one cell in a naked subset of their house.";
    UniqueRectangle4 => "Unique Rectangle Type 4", 4.7, 100, true,
        "One digit of the pair is locked in two corners, so the other digit of the pair leaves them.";
    HiddenRectangle => "Hidden Rectangle", 4.8, 100, true,
        "Strong links around a rectangle of a pair rule out one digit of the pair in the far corner.";
    NakedQuad => "Naked Quad", 5.0, 120, false,
        "Four cells of a house hold only four digits between them; those digits leave the other cells of the house.";
    Jellyfish => "Jellyfish", 5.2, 160, false,
        "A digit's candidates in four rows lie in four columns (or the reverse); the digit leaves the rest of those columns.";
    HiddenQuad => "Hidden Quad", 5.4, 150, false,
        "Four digits can go only in the same four cells of a house; other candidates leave those cells.";
    FinnedJellyfish => "Finned Jellyfish", 5.4, 240, false,
        "A Jellyfish with fins in one box; eliminations only where the fish and every fin agree.";
    SashimiJellyfish => "Sashimi Jellyfish", 5.5, 280, false,
        "A finned Jellyfish with a missing corner; eliminations only where the fish and the fin agree.";
    BugPlusOne => "BUG+1", 5.6, 100, true,
        "All empty cells but one hold two candidates; to avoid a deadly pattern with two solutions, the odd cell takes the digit that appears three times in its houses.";
    RemotePair => "Remote Pair", 6.6, 110, false,
        "A chain of cells with the same two candidates alternates them; cells seeing two ends of opposite parity lose both digits.";
    XChain => "X-Chain", 6.6, 260, false,
        "A chain of alternating strong and weak links on one digit; one end holds it, so cells seeing both ends lose it.";
    XYChain => "XY-Chain", 6.8, 260, false,
        "A chain of two-candidate cells; one end holds the digit the chain starts and ends with, so cells seeing both ends lose it.";
    Aic => "Alternating Inference Chain", 7.0, 280, false,
        "A chain of strong and weak links over cells and digits; one of its two ends is true, so candidates seeing both ends are false.";
    GroupedAic => "Grouped AIC", 7.3, 300, false,
        "An alternating inference chain in which some nodes are groups of cells of one box and line.";
    AlsXz => "ALS-XZ", 7.5, 300, false,
        "Two almost locked sets joined by a restricted common digit x; one of them holds z, so cells seeing every z of both lose it.";
    AlsXyWing => "ALS-XY-Wing", 7.8, 320, false,
        "Three almost locked sets joined by two restricted common digits; cells seeing every z of the two outer sets lose z.";
    NishioForcingChain => "Nishio Forcing Chain", 7.6, 500, false,
        "Assuming a candidate true leads, by singles and chains, to a contradiction; so it is false.";
    CellForcingChain => "Cell Forcing Chain", 8.3, 500, false,
        "Every candidate of a cell leads to the same conclusion, which therefore holds.";
    UnitForcingChain => "Unit Forcing Chain", 8.5, 500, false,
        "Every place of a digit in a house leads to the same conclusion, which therefore holds.";
    NestedForcingChain => "Nested Forcing Chain", 9.0, 700, false,
        "A forcing chain whose trials may themselves try the candidates of two-candidate cells, ruling out those that fail, before reaching a contradiction.";
    Guess => "Guess", 0.0, 0, false,
        "No implemented technique applies, so the solver tries a digit and follows where it leads.";
    Contradiction => "Contradiction", 0.0, 0, false,
        "The guesses in force leave a cell with no candidate or a digit with no place: one of them is wrong.";
    Backtrack => "Backtrack", 0.0, 0, false,
        "The last guess failed: its consequences are undone and the guessed digit is ruled out.";
    Solved => "Solved", 0.0, 0, false,
        "Every cell holds a digit.";
    Unsolvable => "No Solution", 0.0, 0, false,
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

    /// A stable identifier for links and lookups, such as "hidden-single-box".
    pub fn slug(self) -> String {
        let debug = format!("{self:?}");
        let mut slug = String::new();
        let mut after_lower = false;
        for ch in debug.chars() {
            if ch.is_ascii_uppercase() && after_lower {
                slug.push('-');
            }
            after_lower = ch.is_ascii_lowercase() || ch.is_ascii_digit();
            slug.push(ch.to_ascii_lowercase());
        }
        slug
    }
}

impl Serialize for Technique {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}
