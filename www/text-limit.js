// The cap on puzzle text, on the page's side: the core reads at most `maxTextLength()` bytes
// of UTF-8 (core.js gives the number), and the page refuses longer text before it reaches
// wasm, so a pasted file or a huge link costs neither a copy into wasm memory nor a parse.
// Pure, for node --test.

/**
 * The length of `text` in UTF-8 bytes, as wasm receives it (a lone surrogate becomes U+FFFD,
 * 3 bytes), counted without making a copy.
 */
export function utf8Length(text) {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) {
      continue;
    }
    if (unit < 0x800) {
      n += 1;
    } else if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      // A pair: 4 bytes for its two units.
      n += 2;
      i++;
    } else {
      n += 2;
    }
  }
  return n;
}

function isLowSurrogate(unit) {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/**
 * Why `text` is too long for a cap of `maxBytes` UTF-8 bytes, a sentence in the core's own
 * words, or null when it fits. It costs
 * no more than counting the bytes of text the length of the cap: a UTF-16 unit is at least
 * one byte and at most three, so text of a third of the cap in units fits without counting,
 * and text longer than the cap in units is too long whatever it holds (its message then
 * gives its length in UTF-16 units, called characters, which is known at once).
 */
export function tooLong(text, maxBytes) {
  if (text.length * 3 <= maxBytes) {
    return null;
  }
  let length;
  if (text.length > maxBytes) {
    length = `${text.length.toLocaleString('en')} characters`;
  } else {
    const bytes = utf8Length(text);
    if (bytes <= maxBytes) {
      return null;
    }
    length = `${bytes.toLocaleString('en')} bytes`;
  }
  return `Too long: the text has ${length}, but no puzzle needs more than ${maxBytes.toLocaleString('en')} bytes.`;
}
