//! Stepdoku's one-line text for constraint puzzles (`src/constraint/text.rs`): every rule
//! read, written back to the same text, read in any case and with spaces; each mistake named
//! with the rule at fault and what to write instead.

use stepdoku::constraint::text::{read_rules, split, write, RuleError};
use stepdoku::constraint::{Diagonal, Relation};
use stepdoku::{Grid, Shape};

const EVERY_RULE: &str = "cage=17:r1c1,r1c2,r2c1;cage:r5c5,r5c6;thermo:r9c1,r8c1,r8c2;\
arrow:r3c7>r3c8,r4c9;white:r1c8,r1c9;white=3:r2c8,r2c9;black:r3c8,r3c9;black=3:r4c1,r4c2;\
x:r9c8,r9c9;v:r8c9,r9c9;sum=7:r6c1,r6c2;diagonal+;diagonal-;antiknight;antiking;nonconsecutive";

fn nine() -> Shape {
    Shape::from_size(9).unwrap()
}

#[test]
fn every_rule_is_read_and_written_back_the_same() {
    let text = format!("{};{EVERY_RULE}", ".".repeat(81));
    let (cells, rules_text) = split(&text).unwrap();
    let grid = Grid::parse(cells).unwrap();
    let rules = read_rules(grid.shape(), rules_text).unwrap();
    assert_eq!(rules.cages.len(), 2);
    assert_eq!(rules.cages[0].sum, Some(17));
    assert_eq!(rules.cages[1].sum, None);
    assert_eq!(
        rules.thermometers[0].cells[0],
        nine().cell(8, 0),
        "bulb first"
    );
    assert_eq!(rules.arrows[0].circle, nine().cell(2, 6));
    assert_eq!(rules.arrows[0].line.len(), 2);
    let relations: Vec<Relation> = rules.pairs.iter().map(|p| p.relation).collect();
    assert_eq!(
        relations,
        [
            Relation::Difference(1),
            Relation::Difference(3),
            Relation::Ratio(2),
            Relation::Ratio(3),
            Relation::Sum(10),
            Relation::Sum(5),
            Relation::Sum(7),
        ]
    );
    assert_eq!(rules.diagonals, [Diagonal::Rising, Diagonal::Falling]);
    assert!(rules.is_antiknight && rules.is_antiking && rules.is_nonconsecutive);
    assert_eq!(write(&grid, &rules), text);
}

#[test]
fn case_and_spaces_do_not_matter() {
    let loose = " CAGE = 17 : R1C1, r1C2 ,r2c1 ; Thermo:r9c1,r8c1 ; AntiKnight ";
    let rules = read_rules(nine(), loose).unwrap();
    assert_eq!(rules.cages[0].cells.len(), 3);
    assert_eq!(rules.thermometers.len(), 1);
    assert!(rules.is_antiknight);
    let tidy = read_rules(nine(), "cage=17:r1c1,r1c2,r2c1;thermo:r9c1,r8c1;antiknight").unwrap();
    assert_eq!(rules, tidy);
}

#[test]
fn each_mistake_names_its_rule_and_what_to_write() {
    let cases = [
        (
            "cage=17:r1c1,r1c10",
            1,
            "\"r1c10\" is not a cell of a 9×9 grid (write r1c1 to r9c9)",
        ),
        (
            "cage=seventeen:r1c1",
            1,
            "\"seventeen\" is not a whole number",
        ),
        ("thermo", 1, "`thermo` needs its cells after a colon"),
        (
            "antiknight;arrow:r1c1",
            2,
            "an arrow is written CIRCLE>LINE, such as r1c1>r1c2,r1c3",
        ),
        ("arrow:r1c1,r1c2>r1c3", 1, "an arrow's circle is one cell"),
        ("white:r1c1,r1c2,r1c3", 1, "`white` joins two cells, not 3"),
        (
            "x=9:r1c1,r1c2",
            1,
            "`x` takes no number: write sum=K for another total",
        ),
        ("sum:r1c1,r1c2", 1, "`sum` needs its total: sum=7:r1c1,r1c2"),
        ("black=300:r1c1,r1c2", 1, "300 is too large for `black`"),
        (
            "antiknight:r1c1",
            1,
            "`antiknight` takes no number and no cells",
        ),
        (
            "palindrome:r1c1,r1c2",
            1,
            "`palindrome` is not a rule: write cage, thermo, arrow, white, black, x, v, sum, \
             diagonal+, diagonal-, antiknight, antiking or nonconsecutive",
        ),
    ];
    for (text, position, problem) in cases {
        let error = read_rules(nine(), text).unwrap_err();
        assert_eq!(
            (error.position, error.problem.as_str()),
            (position, problem),
            "{text}"
        );
    }
    let error = RuleError {
        position: 2,
        rule: "thermo".to_string(),
        problem: "`thermo` needs its cells after a colon".to_string(),
    };
    assert_eq!(
        error.to_string(),
        "rule 2 (\"thermo\"): `thermo` needs its cells after a colon"
    );
}

#[test]
fn a_text_without_rules_has_nothing_after_its_cells() {
    assert_eq!(split(&".".repeat(81)), None);
    let grid = Grid::parse(&".".repeat(81)).unwrap();
    assert_eq!(write(&grid, &Default::default()), ".".repeat(81));
}

#[test]
fn cell_names_read_back_as_written() {
    for size in [4, 6, 9, 16, 25] {
        let shape = Shape::from_size(size).unwrap();
        for cell in shape.cells() {
            assert_eq!(shape.cell_named(&cell.name(shape)), Some(cell));
        }
        for bad in [
            "r0c1", "r1c0", "rc1", "r1", "c1r1", "r+1c1", "r1c1x", "r001c1",
        ] {
            assert_eq!(shape.cell_named(bad), None, "{bad}");
        }
        let past = format!("r{}c1", size + 1);
        assert_eq!(shape.cell_named(&past), None);
    }
}
