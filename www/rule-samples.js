// The texts of the sample puzzles with rules (samples.js lists them by name): our one-line
// text, as the core writes it, of two puzzles of tests/data/killer.jsonl. Apart from
// samples.js so that the first grid does not carry them: loaded with the rules reader
// (puzzle-loading.js) or when one is chosen.

export const RULE_SAMPLE_TEXTS = {
  killer:
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
  rules:
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
};
