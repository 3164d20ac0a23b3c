//! Reading paths and strings out of a macro's unparsed tokens.

use proc_macro2::{Spacing, TokenStream, TokenTree};
use syn::Lit;

/// The path of identifiers joined by `::` that starts at `tokens[i]`, and
/// the index after it.
pub fn path_at(tokens: &[TokenTree], i: usize) -> (Vec<String>, usize) {
    let mut path = vec![tokens[i].to_string()];
    let mut end = i + 1;
    while end + 2 < tokens.len() && colons(&tokens[end], &tokens[end + 1]) {
        let TokenTree::Ident(next) = &tokens[end + 2] else {
            break;
        };
        path.push(next.to_string());
        end += 3;
    }
    (path, end)
}

pub fn punct(token: &TokenTree, c: char) -> bool {
    matches!(token, TokenTree::Punct(p) if p.as_char() == c)
}

/// `::` as two tokens.
pub fn colons(a: &TokenTree, b: &TokenTree) -> bool {
    matches!(a, TokenTree::Punct(p) if p.as_char() == ':' && p.spacing() == Spacing::Joint)
        && punct(b, ':')
}

/// The string literals in `tokens`, in order.
pub fn strings_in(tokens: TokenStream, out: &mut Vec<String>) {
    for token in tokens {
        match token {
            TokenTree::Group(g) => strings_in(g.stream(), out),
            TokenTree::Literal(l) => {
                if let Ok(Lit::Str(s)) = syn::parse_str::<Lit>(&l.to_string()) {
                    out.push(s.value());
                }
            }
            _ => {}
        }
    }
}
