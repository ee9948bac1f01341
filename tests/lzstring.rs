//! The packing of f-puzzles links (`src/lzstring.rs`) against the scheme's reference library:
//! `tests/data/lzstring.jsonl` holds `[text, packed]` pairs that lz-string 1.5.0 (npm)
//! `compressToBase64` gave for a few texts (empty, repeats, non-ASCII and surrogate pairs, a
//! 4×4 and a 9×9 f-puzzles JSON) and 20 random ones with narrow and wide code units. Each is
//! unpacked to its text and packed back to the very same characters.

use stepdoku::lzstring::{pack_base64, unpack_base64, UnpackError, MAX_UNPACKED_LEN};

fn vectors() -> Vec<(String, String)> {
    include_str!("data/lzstring.jsonl")
        .lines()
        .map(|line| serde_json::from_str(line).expect("a [text, packed] pair"))
        .collect()
}

#[test]
fn the_reference_library_s_packings_unpack_to_their_text_and_pack_the_same() {
    let vectors = vectors();
    assert!(vectors.len() >= 25);
    for (text, packed) in &vectors {
        assert_eq!(
            unpack_base64(packed).as_deref(),
            Ok(text.as_str()),
            "{packed}"
        );
        assert_eq!(&pack_base64(text), packed, "{text:?}");
        // The padding is optional.
        assert_eq!(
            unpack_base64(packed.trim_end_matches('=')).as_deref(),
            Ok(text.as_str())
        );
    }
}

#[test]
fn any_text_comes_back() {
    let mut seed: u64 = 11;
    let mut next = move |n: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    for _ in 0..300 {
        let len = next(600);
        let text: String = (0..len)
            .map(|_| match next(10) {
                0 => char::from_u32(0x100 + next(3000) as u32).unwrap_or('?'),
                1 => char::from_u32(0x1F600 + next(50) as u32).unwrap(),
                _ => char::from(b' ' + next(6) as u8),
            })
            .collect();
        assert_eq!(unpack_base64(&pack_base64(&text)), Ok(text.clone()));
    }
}

#[test]
fn damaged_packings_say_what_is_wrong() {
    let packed = pack_base64(r#"{"size":9,"grid":[]}"#);
    assert_eq!(
        unpack_base64(&format!("N4Ig{}", "%")),
        Err(UnpackError::BadCharacter {
            position: 4,
            character: '%'
        })
    );
    assert_eq!(
        UnpackError::BadCharacter {
            position: 4,
            character: '%'
        }
        .to_string(),
        "the packed puzzle has '%' at character 5, which its letters (A–Z, a–z, 0–9, + and /) \
         do not include"
    );
    assert_eq!(
        unpack_base64(&packed[..packed.len() / 2]),
        Err(UnpackError::CutShort)
    );
    // A first code of 3 names no entry; after a first unit, neither does code 7.
    assert_eq!(
        unpack_base64(&packed_bits(&[(3, 2)])),
        Err(UnpackError::BadCode)
    );
    let after_a = [(0, 2), (u32::from(b'a'), 8)];
    assert_eq!(
        unpack_base64(&packed_bits(&[after_a[0], after_a[1], (7, 3)])),
        Err(UnpackError::BadCode)
    );
    assert_eq!(
        unpack_base64(&packed_bits(&[after_a[0], after_a[1], (2, 3)])).as_deref(),
        Ok("a")
    );
    // A lone surrogate is not text.
    assert_eq!(
        unpack_base64(&packed_bits(&[(1, 2), (0xD800, 16), (2, 3)])),
        Err(UnpackError::NotText)
    );
    // A packing that would unpack past the bound stops there.
    let long = "a".repeat(MAX_UNPACKED_LEN + 1);
    assert_eq!(
        unpack_base64(&pack_base64(&long)),
        Err(UnpackError::TooLong)
    );
}

/// The base-64 form of codes given as `(number, width)`, each least significant bit first,
/// for packings the packer would never write.
fn packed_bits(codes: &[(u32, u32)]) -> String {
    let mut bits: Vec<u32> = codes
        .iter()
        .flat_map(|&(number, width)| (0..width).map(move |bit| (number >> bit) & 1))
        .collect();
    while bits.len() % 6 != 0 {
        bits.push(0);
    }
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    bits.chunks(6)
        .map(|six| alphabet[six.iter().fold(0, |v, &b| (v << 1) | b) as usize] as char)
        .collect()
}
