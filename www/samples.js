// Sample puzzles offered on the page. The 4×4, 6×6, 16×16 and 25×25 ones were generated
// offline: a full grid from `solve` of a seeded first row, then cells removed in a shuffled
// order while `countSolutions(…, 2)` stayed 1 (the 16×16 one stops at 112 givens, so it
// stays watchable; the 25×25 one at 318, where its Human solve needs a Nishio forcing
// chain). The variants come from tests/data/variants.txt (examples/make_variants.rs); the
// X-Sudoku one with two more givens from its solution, which make it Easy. A variant's text
// starts with its tag (see docs/FORMATS.md, Puzzle text). The puzzles with rules come from
// tests/data/killer.jsonl, written in our one-line text (docs/FORMATS.md, Constraint
// puzzles) exactly as the core writes it, so a sample's text is its line; their text (`null`
// here) is in rule-samples.js, loaded with the rules reader or when the sample is chosen, so
// that the first grid does not carry it (sampleText); they come last, so that a search for
// a sample by its text meets them only when none came before. tests/js/samples.test.mjs checks every
// verdict listed here.

export const SAMPLES = [
  {
    id: 'easy',
    name: 'Easy 9×9',
    verdict: 'unique',
    text: '850002400720000009004000000000107002305000900040000000000080070017000000000036040',
  },
  {
    id: 'hardest',
    name: 'Inkala’s “World’s hardest”',
    verdict: 'unique',
    text: '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..',
  },
  {
    id: 'marks',
    name: 'Pencil marks: Inkala’s, 26 steps in',
    verdict: 'unique',
    // The position after the Human strategy's first 26 steps, as pencil marks: one group
    // of candidates a cell (a single candidate is a given), one row of cells per string.
    text:
      '8 1246 24569 7 1235 1234 1356 459 134569 ' +
      '1249 124 3 6 1258 1248 158 45789 14579 ' +
      '1456 7 456 348 9 1348 2 458 1346 ' +
      '12349 5 2469 2389 2368 7 168 2489 12469 ' +
      '12369 12368 269 2389 4 5 7 289 1269 ' +
      '2479 248 2479 1 268 2689 568 3 24569 ' +
      '25 234 1 249 7 49 35 6 8 ' +
      '23467 2346 8 5 236 2346 9 1 27 ' +
      '23567 9 2567 238 12368 12368 4 257 2357',
  },
  {
    id: 'several',
    name: 'Two solutions (9×9)',
    verdict: 'several',
    text: '000000401000000000210000030059813000601090000000004000030006018000020905006500002',
  },
  {
    id: 'empty',
    name: 'Empty 9×9',
    verdict: 'several',
    text: '.'.repeat(81),
  },
  {
    id: 'x',
    name: 'X-Sudoku 9×9 (diagonals)',
    verdict: 'unique',
    text: 'x:.8.............9........1...4.6.......1.7.43.2....3.1.1.........94..768182...6.7.',
  },
  {
    id: 'windoku',
    name: 'Windoku 9×9 (four windows)',
    verdict: 'unique',
    text: 'windoku:9..1.............63..............8....6.2.....7......31..2...9...3..8...5........',
  },
  {
    id: 'jigsaw',
    name: 'Jigsaw 9×9',
    verdict: 'unique',
    text:
      'jigsaw:AAABBBCCCAAABBBCCCDDABBECFCDAAEBEFFCDDDEEEFFIDGGEHHFIIDGGEHHFFIDGGEHHIFIGGGHHHIII:' +
      '.6..1....4.......7......2.5...18....5......1..2.....7....36.....8...75..69.......',
  },
  {
    id: 'four',
    name: 'Tiny 4×4',
    verdict: 'unique',
    text: '13..2.....4....1',
  },
  {
    id: 'six',
    name: 'Small 6×6',
    verdict: 'unique',
    text: '...1..1..34.2.1.....3......4..63..2.',
  },
  {
    id: 'sixteen',
    name: 'Large 16×16',
    verdict: 'unique',
    text:
      '..........F....1..4.3....9....FG7..C5..F1....3.EDE.G......6..9AB.91..8.4B..6.....FB.G.A..DC19...5.D.....98....' +
      '7.8.....39..E4.F16...EA..7FB28..DC...8.1.B6....24..G.A..F.CE19358..3....G.4....1.F..2..C..E....AG8A..14.BG7682..' +
      'EDC...8A2..15.6..4...F..6.AC.D1B23',
  },
  {
    id: 'twenty-five',
    name: 'Huge 25×25',
    verdict: 'unique',
    text:
      '....U...LNPKAD.QY.H..M...' +
      '.B.D...H..Q.S.U.L.N..V.X.' +
      '.HJ.LOU......I..RST..B.N.' +
      'MN..QA...TL.WX.E.I..F.JR.' +
      'STVW..M.Q.....OAB...EIK..' +
      '.IACDMSJO..LPK..T.XGY..VF' +
      'UST.E.VIK..YBA......OPH..' +
      'WY.M...LCBT.U..I....S...K' +
      '.X.JV...UH...EW..OSY.LBIM' +
      'L.HO..T.ND.IMF..P.UC..EJ.' +
      '.A.G.JK.H....V..U.ENM.X.D' +
      'VD.FS.C..W.X.PA..L.QN..T.' +
      '...E....R.WMHY.X...A..UQP' +
      '.P.H..E.V...O...IY.D....G' +
      '.M.IW..X...N.S..O...KE.H.' +
      '.G.L..NAEQHOVM.UWXFP.YSKJ' +
      '.CKSHX.B.VE.QL.YMJGIU.N..' +
      '.JMQO.L.TGAU....C.B...PEV' +
      'XF.UP..K.JD....V.ELRGQO.T' +
      '.EW..U..PS..KJXNDQ..IC..H' +
      'FUX..LH..M.CTBI.....DR.O.' +
      'H.D.J....O...GF......W...' +
      'IL..CKFE.U.WD..OXRYBQNM.A' +
      '.VS.R.W.G.K.LU..Q.M....PC' +
      '..EY..I.S..J....NU.....F.',
  },
  {
    id: 'killer',
    name: 'Killer 9×9 (cages, no givens)',
    verdict: 'unique',
    // tests/data/killer.jsonl, "killer 9×9 #1": its text is in rule-samples.js.
    text: null,
  },
  {
    id: 'rules',
    name: 'Thermo, arrows, kropki and XV 9×9',
    verdict: 'unique',
    // tests/data/killer.jsonl, "mixed #11": its text is in rule-samples.js.
    text: null,
  },
];

/** The samples with rules, by their line, once rule-samples.js is in (loadRuleSamples). */
let ruleSampleIds = new Map();

/** Loads the texts of the samples with rules (rule-samples.js): `{ id: text }`. */
export async function loadRuleSamples() {
  const { RULE_SAMPLE_TEXTS } = await import('./rule-samples.js');
  ruleSampleIds = new Map(Object.entries(RULE_SAMPLE_TEXTS).map(([id, text]) => [text, id]));
  return RULE_SAMPLE_TEXTS;
}

/** The id of the sample with rules whose line is `line`, once they are loaded, or ''. */
export function ruleSampleId(line) {
  return ruleSampleIds.get(line) ?? '';
}

/** A sample's text: its own, or one with rules from rule-samples.js. */
export async function sampleText(sample) {
  return sample.text ?? (await loadRuleSamples())[sample.id];
}

/** The sample loaded when the page has no puzzle of its own. */
export const DEFAULT_SAMPLE = SAMPLES[0];
