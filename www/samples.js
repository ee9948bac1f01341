// Sample puzzles offered on the page. The 4×4, 6×6, 16×16 and 25×25 ones were generated
// offline: a full grid from `solve` of a seeded first row, then cells removed in a shuffled
// order while `countSolutions(…, 2)` stayed 1 (the 16×16 one stops at 112 givens, so it
// stays watchable; the 25×25 one at 318, where its Human solve needs a Nishio forcing
// chain). The variants come from tests/data/variants.txt (examples/make_variants.rs); the
// X-Sudoku one with two more givens from its solution, which make it Easy. A variant's text
// starts with its tag (see docs/FORMATS.md, Puzzle text). The puzzles with rules come from
// tests/data/killer.jsonl, written in our one-line text (docs/FORMATS.md, Constraint
// puzzles) exactly as the core writes it, so a sample's text is its line.
// tests/js/samples.test.mjs checks every verdict listed here.

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
    id: 'killer',
    name: 'Killer 9×9 (cages, no givens)',
    verdict: 'unique',
    // tests/data/killer.jsonl, "killer 9×9 #1", as the core writes it (importPuzzle).
    text:
      '.................................................................................' +
      ';cage=27:r2c2,r3c2,r3c3,r2c1,r2c3' +
      ';cage=26:r5c7,r5c6,r4c7,r4c6' +
      ';cage=12:r7c8,r6c8' +
      ';cage=15:r8c4,r8c3,r9c3' +
      ';cage=8:r8c2,r7c2' +
      ';cage=19:r8c8,r8c9,r7c9,r9c9' +
      ';cage=16:r7c5,r7c4' +
      ';cage=24:r4c4,r5c4,r4c3,r3c4' +
      ';cage=23:r3c8,r3c7,r3c6' +
      ';cage=6:r6c9,r5c9,r5c8' +
      ';cage=12:r9c7,r9c6,r9c5' +
      ';cage=1:r9c4' +
      ';cage=22:r2c4,r2c5,r1c5,r1c6' +
      ';cage=18:r1c4,r1c3,r1c2,r1c1' +
      ';cage=12:r3c5,r4c5,r5c5,r6c5' +
      ';cage=15:r4c9,r4c8' +
      ';cage=23:r4c2,r5c2,r6c2,r6c1,r5c3' +
      ';cage=22:r3c9,r2c9,r2c8,r1c9,r2c7' +
      ';cage=15:r6c4,r6c3,r7c3' +
      ';cage=7:r7c6,r7c7' +
      ';cage=4:r4c1,r3c1' +
      ';cage=17:r9c2,r9c1' +
      ';cage=23:r8c6,r8c7,r8c5' +
      ';cage=2:r9c8' +
      ';cage=8:r6c6,r6c7' +
      ';cage=7:r2c6' +
      ';cage=7:r5c1' +
      ';cage=8:r1c8,r1c7' +
      ';cage=6:r7c1,r8c1',
  },
  {
    id: 'rules',
    name: 'Thermo, arrows, kropki and XV 9×9',
    verdict: 'unique',
    // tests/data/killer.jsonl, "mixed #11", as the core writes it (importPuzzle).
    text:
      '..............................................................8..................' +
      ';thermo:r8c5,r9c5,r9c6,r8c6' +
      ';thermo:r5c3,r4c4,r4c5,r5c5' +
      ';thermo:r7c6,r7c7,r7c8' +
      ';thermo:r8c3,r7c2,r6c3' +
      ';thermo:r4c6,r5c7,r4c7' +
      ';thermo:r9c9,r8c9,r7c9' +
      ';arrow:r5c4>r4c3,r3c2' +
      ';arrow:r8c6>r7c5,r7c6,r6c7' +
      ';arrow:r2c3>r1c2,r2c2,r3c2' +
      ';arrow:r1c3>r2c2,r1c2' +
      ';arrow:r1c9>r1c8,r1c7' +
      ';white:r1c1,r1c2' +
      ';white:r1c3,r2c3' +
      ';white:r1c4,r1c5' +
      ';white:r1c7,r1c8' +
      ';white:r2c1,r2c2' +
      ';white:r2c2,r3c2' +
      ';white:r2c3,r3c3' +
      ';white:r2c4,r3c4' +
      ';white:r2c5,r2c6' +
      ';white:r2c7,r3c7' +
      ';white:r2c8,r2c9' +
      ';white:r3c4,r3c5' +
      ';white:r3c6,r3c7' +
      ';white:r3c6,r4c6' +
      ';white:r3c7,r3c8' +
      ';white:r4c2,r4c3' +
      ';white:r4c4,r4c5' +
      ';white:r4c5,r5c5' +
      ';white:r4c7,r5c7' +
      ';white:r4c8,r5c8' +
      ';white:r5c1,r5c2' +
      ';white:r5c1,r6c1' +
      ';white:r5c2,r5c3' +
      ';white:r5c3,r5c4' +
      ';white:r5c4,r6c4' +
      ';white:r5c6,r6c6' +
      ';white:r5c7,r5c8' +
      ';white:r6c1,r6c2' +
      ';white:r6c2,r6c3' +
      ';white:r6c4,r7c4' +
      ';white:r6c6,r6c7' +
      ';white:r6c6,r7c6' +
      ';white:r7c2,r8c2' +
      ';white:r7c4,r7c5' +
      ';white:r7c5,r7c6' +
      ';white:r7c8,r7c9' +
      ';white:r8c5,r9c5' +
      ';white:r8c6,r9c6' +
      ';white:r8c7,r8c8' +
      ';white:r8c7,r9c7' +
      ';white:r9c1,r9c2' +
      ';white:r9c7,r9c8' +
      ';x:r1c2,r1c3' +
      ';v:r2c1,r2c2' +
      ';x:r2c6,r2c7' +
      ';x:r2c6,r3c6' +
      ';x:r3c1,r3c2' +
      ';x:r3c1,r4c1' +
      ';x:r3c3,r3c4' +
      ';x:r3c3,r4c3' +
      ';v:r3c4,r3c5' +
      ';x:r3c8,r4c8' +
      ';v:r4c2,r4c3' +
      ';x:r4c4,r5c4' +
      ';x:r4c8,r4c9' +
      ';x:r5c5,r5c6' +
      ';x:r5c8,r6c8' +
      ';x:r6c3,r7c3' +
      ';x:r6c4,r6c5' +
      ';x:r6c5,r7c5' +
      ';v:r6c6,r7c6' +
      ';v:r7c5,r8c5' +
      ';x:r7c6,r7c7' +
      ';x:r7c7,r8c7' +
      ';x:r8c4,r8c5' +
      ';v:r8c7,r8c8',
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
];

/** The sample loaded when the page has no puzzle of its own. */
export const DEFAULT_SAMPLE = SAMPLES[0];
