//! Whether a file may be written anew in UTF-8: only when the decoding was certain and
//! lossless. A declared `CA[]` that decodes the bytes without error can still be wrong
//! (UTF-8 bytes under `CA[GB2312]` decode to other Chinese characters, and a stray byte
//! may swallow the `W` of a move); re-encoding such a reading would make the damage
//! permanent, so the file keeps its bytes and the reason is said.

use crate::input::decode::{utf8_census, Decoded, EncodingFrom};

use super::tree::Tree;

/// Why the decoded text of a file must not replace its bytes; `None` when it may (the
/// bytes are UTF-8, or each part's declared charset decoded them cleanly, the bytes do
/// not look like UTF-8, and the decoded text holds the nodes and properties the bytes
/// hold).
pub fn reencoding_doubt(bytes: &[u8], decoded: &Decoded, text: &str) -> Option<String> {
    let legacy = |from: EncodingFrom, encoding: &str| {
        from == EncodingFrom::Declared && !encoding.starts_with("UTF-")
    };
    for part in &decoded.parts {
        match part.from {
            EncodingFrom::Utf8 => {}
            EncodingFrom::Declared => {
                if let Some(problem) = &part.problem {
                    return Some(format!("its decoding was not lossless ({problem})"));
                }
            }
            EncodingFrom::Detected | EncodingFrom::Lossy => {
                let problem = part.problem.as_deref().unwrap_or("no CA[]");
                return Some(format!("its encoding is not certain ({problem})"));
            }
        }
    }
    if !decoded.parts.iter().any(|p| legacy(p.from, p.encoding)) {
        return None;
    }
    let body = &bytes[decoded.start..];
    let census = utf8_census(body);
    if census.valid_multibyte > 0 && census.valid_multibyte >= census.damaged {
        return Some(format!(
            "its bytes look like UTF-8 ({} characters), not like the CA[] it declares",
            census.valid_multibyte
        ));
    }
    let raw = String::from_utf8_lossy(body);
    if shape(&raw) != shape(text) {
        return Some(
            "the declared CA[] reads other nodes or properties than the bytes hold (a byte \
             of the text taken into a character)"
                .to_string(),
        );
    }
    None
}

/// The nodes and property identifiers of a text, in the order written.
fn shape(text: &str) -> (usize, Vec<(usize, &str)>) {
    let tree = Tree::read(text);
    let props = tree.props.iter().map(|p| (p.node, p.ident)).collect();
    (tree.nodes.len(), props)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::decode::decode;

    fn doubt(bytes: &[u8]) -> Option<String> {
        let d = decode(bytes);
        let text = match &d.text {
            Some(t) => t.clone(),
            None => String::from_utf8(bytes[d.start..].to_vec()).unwrap(),
        };
        reencoding_doubt(bytes, &d, &text)
    }

    #[test]
    fn a_charset_that_fits_is_certain() {
        let (gbk, _, _) = encoding_rs::GBK.encode("(;CA[GB2312]PB[势如破竹];B[pd];W[dp])");
        assert_eq!(doubt(&gbk), None);
        assert_eq!(doubt("(;PB[势如破竹];B[pd])".as_bytes()), None);
    }

    #[test]
    fn utf8_under_a_legacy_label_is_not() {
        let bytes =
            b"(;CA[GB2312]PB[\xe5\x8a\xbf\xe5\xa6\x82\xe7\xa0\xb4\xe7\xab\xb9];B[pd];\xf4W[dp])";
        assert!(doubt(bytes).unwrap().contains("look like UTF-8"));
        let latin = b"(;CA[ISO-8859-1]PB[\xe5\x8a\xbf\xe5\xa6\x82];B[pd];\xf4W[dp])";
        assert!(doubt(latin).is_some());
    }

    #[test]
    fn a_swallowed_identifier_is_not() {
        let (gbk, _, _) = encoding_rs::GBK.encode("(;CA[GB2312]PB[势如破竹];B[pd];");
        let mut bytes = gbk.into_owned();
        bytes.extend_from_slice(b"\xf4W[dp])");
        assert!(doubt(&bytes).unwrap().contains("other nodes"));
    }
}
