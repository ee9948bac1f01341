// Sample puzzles offered on the page. The 4×4, 6×6, 16×16 and 25×25 ones were generated
// offline: a full grid from `solve` of a seeded first row, then cells removed in a shuffled
// order while `countSolutions(…, 2)` stayed 1 (the 16×16 one stops at 112 givens, so it
// stays watchable; the 25×25 one at 318, where its Human solve needs a Nishio forcing
// chain). The variants come from tests/data/variants.txt (examples/make_variants.rs); the
// X-Sudoku one with two more givens from its solution, which make it Easy. A variant's text
// starts with its tag (see docs/FORMATS.md, Puzzle text). tests/js/samples.test.mjs checks every
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
    // The position after the Human strategy's first 26 steps, as a 729-character line
    // (9 characters a cell, a candidate or '.'), one row of cells per string.
    text:
      '.......8.12.4.6....2.456..9......7..123.5....1234.....1.3.56......45...91.3456..9' +
      '12.4....912.4.......3...........6...12..5..8.12.4...8.1...5..8....45.7891..45.7.9' +
      '1..456.........7.....456.....34...8.........91.34...8..2..........45..8.1.34.6...' +
      '1234....9....5.....2.4.6..9.23....89.23..6.8.......7..1....6.8..2.4...8912.4.6..9' +
      '123..6..9123..6.8..2...6..9.23....89...4.........5..........7...2.....8912...6..9' +
      '.2.4..7.9.2.4...8..2.4..7.91.........2...6.8..2...6.89....56.8...3.......2.456..9' +
      '.2..5.....234.....1.........2.4....9......7.....4....9..3.5.........6..........8.' +
      '.234.67...234.6..........8.....5.....23..6....234.6...........91.........2....7..' +
      '.23.567..........9.2..567...23....8.123..6.8.123..6.8....4......2..5.7...23.5.7..',
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
];

/** The sample loaded when the page has no puzzle of its own. */
export const DEFAULT_SAMPLE = SAMPLES[0];
