//! The two themes and their colours: the custom properties of the page's stylesheet
//! (`www/stepdoku.css`), role for role, so an image matches the page it stands in for.

/// Light or dark colours.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Theme {
    /// Dark digits on white, as the page in a light colour scheme.
    Light,
    /// Light digits on near-black, as the page in a dark colour scheme.
    Dark,
}

impl Theme {
    /// The theme with this name (`light` or `dark`).
    pub fn from_name(name: &str) -> Option<Theme> {
        match name {
            "light" => Some(Theme::Light),
            "dark" => Some(Theme::Dark),
            _ => None,
        }
    }

    /// The short name used on the command line and in the page's `theme` attribute.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The colours of this theme.
    pub fn palette(self) -> &'static Palette {
        match self {
            Theme::Light => &Palette::LIGHT,
            Theme::Dark => &Palette::DARK,
        }
    }
}

/// A colour that is mostly see-through: a CSS colour and how opaque it is.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Tint {
    /// The colour, as `#rrggbb`.
    pub colour: &'static str,
    /// Its opacity, from 0 (invisible) to 1.
    pub opacity: f32,
}

/// The colours of one theme: the custom properties of the page's stylesheet, each named after
/// its `--sd-…` property (`step_bg` is `--sd-step-bg`), as `#rrggbb`.
#[derive(Clone, Debug, PartialEq)]
pub struct Palette {
    /// The page around the grid (`--sd-surface`).
    pub surface: &'static str,
    /// Caption text (`--sd-text`).
    pub text: &'static str,
    /// Secondary caption text (`--sd-muted`).
    pub muted: &'static str,
    /// Lines between cells (`--sd-line`).
    pub line: &'static str,
    /// Lines between boxes and around the grid (`--sd-line-strong`).
    pub line_strong: &'static str,
    /// A cell's background (`--sd-cell`).
    pub cell: &'static str,
    /// The background of a cell on a variant's diagonal or window (`--sd-extra`).
    pub extra: &'static str,
    /// A given digit (`--sd-given`).
    pub given: &'static str,
    /// A digit placed by logic, or filled in from the solution (`--sd-deduced`).
    pub deduced: &'static str,
    /// A digit placed under a guess, and the depth of guesses (`--sd-tentative`).
    pub tentative: &'static str,
    /// A guessed digit and its ring (`--sd-guess`).
    pub guess: &'static str,
    /// A candidate (`--sd-candidate`).
    pub candidate: &'static str,
    /// The background of the step's cells (`--sd-step-bg`).
    pub step_bg: &'static str,
    /// The ring around the step's cells (`--sd-step-ring`).
    pub step_ring: &'static str,
    /// The outline of the step's houses (`--sd-house`).
    pub house: &'static str,
    /// The inside of the step's houses (`--sd-house-tint`).
    pub house_tint: Tint,
    /// An eliminated candidate, and the ring of a digit taken out (`--sd-elim`).
    pub elim: &'static str,
    /// A candidate put back (`--sd-restored`).
    pub restored: &'static str,
    /// Behind a candidate of the pattern (`--sd-pattern-bg`).
    pub pattern_bg: &'static str,
    /// A fin (`--sd-fin`).
    pub fin: &'static str,
    /// The background of a dead end's cells (`--sd-dead-bg`).
    pub dead_bg: &'static str,
    /// The outline of a dead end's houses (`--sd-fault`).
    pub fault: &'static str,
    /// Cells where two solutions differ (`--sd-differ`).
    pub differ: &'static str,
    /// Chain links (`--sd-link`).
    pub link: &'static str,
    /// The ring around a digit that proves a single, a witness (`--sd-witness`).
    pub witness: &'static str,
    /// Behind a witness's digit (`--sd-witness-bg`).
    pub witness_bg: &'static str,
    /// The background of a cell a witness rules the single's digit out of
    /// (`--sd-covered-bg`).
    pub covered_bg: &'static str,
}

impl Palette {
    /// The light theme's colours: the first value of each `light-dark()` in the stylesheet.
    pub const LIGHT: Palette = Palette {
        surface: "#ffffff",
        text: "#1b1f24",
        muted: "#5d6672",
        line: "#c9ced6",
        line_strong: "#343a42",
        cell: "#ffffff",
        extra: "#e9e4f5",
        given: "#15191e",
        deduced: "#1f5fd1",
        tentative: "#6a48b8",
        guess: "#a65300",
        candidate: "#6b7480",
        step_bg: "#fff2b3",
        step_ring: "#b58900",
        house: "#0072b2",
        house_tint: Tint {
            colour: "#0072b2",
            opacity: 0.07,
        },
        elim: "#c23b00",
        restored: "#007a5c",
        pattern_bg: "#bfe2f7",
        fin: "#a6427c",
        dead_bg: "#ffd9cc",
        fault: "#c23b00",
        differ: "#a6427c",
        link: "#0072b2",
        witness: "#b86e00",
        witness_bg: "#ffe6bf",
        covered_bg: "#e3e6eb",
    };

    /// The dark theme's colours: the second value of each `light-dark()` in the stylesheet.
    pub const DARK: Palette = Palette {
        surface: "#181c22",
        text: "#e6e9ed",
        muted: "#9ba5b1",
        line: "#363d48",
        line_strong: "#aeb7c2",
        cell: "#161a20",
        extra: "#2d2838",
        given: "#f1f3f6",
        deduced: "#79a8ff",
        tentative: "#b79cff",
        guess: "#ffb454",
        candidate: "#8a94a0",
        step_bg: "#3d3510",
        step_ring: "#e6c34a",
        house: "#56b4e9",
        house_tint: Tint {
            colour: "#56b4e9",
            opacity: 0.09,
        },
        elim: "#ff8a5c",
        restored: "#3fd0a0",
        pattern_bg: "#1c4866",
        fin: "#e890c6",
        dead_bg: "#4a2418",
        fault: "#ff8a5c",
        differ: "#e890c6",
        link: "#56b4e9",
        witness: "#f0b429",
        witness_bg: "#4d3608",
        covered_bg: "#2c323b",
    };
}
