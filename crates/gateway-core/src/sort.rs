//! The one sort the page uses, for its three short lists (claims per
//! sentence, search hits, a payload's keys): an insertion sort. The
//! standard library's sorts are faster on long lists, but each type they
//! sort costs the page kilobytes of code (4.7 KB gzipped for these three);
//! these lists hold at most a few hundred items.

/// Sorts `items` by `key`, stably.
pub(crate) fn sort_by_key<T, K: Ord>(items: &mut [T], key: impl Fn(&T) -> K) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && key(&items[j - 1]) > key(&items[j]) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_stable_sort() {
        let mut seed = 7u32;
        for len in 0..40 {
            let mut v: Vec<(u32, usize)> = (0..len)
                .map(|i| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    ((seed >> 16) % 5, i)
                })
                .collect();
            let mut expected = v.clone();
            expected.sort_by_key(|&(k, _)| k);
            sort_by_key(&mut v, |&(k, _)| k);
            assert_eq!(v, expected, "len {len}");
        }
    }
}
