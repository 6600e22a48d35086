//! The sort of the reference's Ruby, for everything that sorts as Ruby does (Puppet's
//! `sort`, `min` and `max` with a lambda, Hiera's `sort_merged_arrays`, the Ruby subset's
//! `sort`, `sort_by`, `min(n)`...). Ruby 3.1 sorts with `ruby_qsort`, which on Linux is
//! glibc's `qsort_r`: a top-down merge sort (`msort_with_tmp`) that sorts the first half
//! (`n / 2`, rounded down), then the rest, then merges them taking the left one unless it
//! compares greater. Following it exactly makes a comparison's side effects and errors (the
//! pair named by `comparison of String with 3 failed`) and an inconsistent comparison's
//! order (`a.even? ? -1 : 1`) the reference's; for a consistent one any stable sort agrees.

use std::cmp::Ordering;

/// Sorts `items` stably by `cmp`, comparing in glibc's merge order. The first error of
/// `cmp` stops it and leaves `items` as they were. (Positions are sorted, then each item is
/// moved once; the recursion is log2 of the length deep.)
pub fn merge_sort_by<T, E>(
    items: &mut [T],
    mut cmp: impl FnMut(&T, &T) -> Result<Ordering, E>,
) -> Result<(), E> {
    if items.len() < 2 {
        return Ok(());
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    let mut tmp = vec![0; items.len()];
    msort(items, &mut order, &mut tmp, &mut cmp)?;
    permute(items, order);
    Ok(())
}

/// `msort_with_tmp` over positions of `items`.
fn msort<T, E>(
    items: &[T],
    b: &mut [usize],
    tmp: &mut [usize],
    cmp: &mut impl FnMut(&T, &T) -> Result<Ordering, E>,
) -> Result<(), E> {
    let n = b.len();
    if n <= 1 {
        return Ok(());
    }
    let n1 = n / 2;
    msort(items, &mut b[..n1], tmp, cmp)?;
    msort(items, &mut b[n1..], tmp, cmp)?;
    let (mut i, mut j, mut k) = (0, n1, 0);
    while i < n1 && j < n {
        if cmp(&items[b[i]], &items[b[j]])? == Ordering::Greater {
            tmp[k] = b[j];
            j += 1;
        } else {
            tmp[k] = b[i];
            i += 1;
        }
        k += 1;
    }
    // (what is left of the second half is in place already)
    let rest = n1 - i;
    tmp[k..k + rest].copy_from_slice(&b[i..n1]);
    k += rest;
    b[..k].copy_from_slice(&tmp[..k]);
    Ok(())
}

/// Moves `items[order[k]]` to `k` for every `k` (`order` a permutation of the positions),
/// following its cycles.
pub fn permute<T>(items: &mut [T], mut order: Vec<usize>) {
    for start in 0..items.len() {
        let mut k = start;
        loop {
            let src = order[k];
            order[k] = k;
            if src == start || src == k {
                break;
            }
            items.swap(k, src);
            k = src;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(items: &[i32], cmp: impl FnMut(&i32, &i32) -> Ordering) -> Vec<i32> {
        let mut cmp = cmp;
        let mut v = items.to_vec();
        merge_sort_by(&mut v, |a, b| Ok::<_, ()>(cmp(a, b))).unwrap();
        v
    }

    #[test]
    fn compares_in_glibc_order() {
        // Ruby 3.1: c = []; [5, 3, 4, 1, 2].sort { |a, b| c << [a, b]; a <=> b }; c
        let mut seen = Vec::new();
        let v = sorted(&[5, 3, 4, 1, 2], |a, b| {
            seen.push((*a, *b));
            a.cmp(b)
        });
        assert_eq!(v, [1, 2, 3, 4, 5]);
        let ruby = [
            (5, 3),
            (1, 2),
            (4, 1),
            (4, 2),
            (3, 1),
            (3, 2),
            (3, 4),
            (5, 4),
        ];
        assert_eq!(seen, ruby);
    }

    #[test]
    fn stable_and_inconsistent_as_ruby() {
        // Ruby 3.1: [5, 3, 4, 1, 2, 7, 6].sort { |a, b| (a % 3) <=> (b % 3) }
        let v = sorted(&[5, 3, 4, 1, 2, 7, 6], |a, b| (a % 3).cmp(&(b % 3)));
        assert_eq!(v, [3, 6, 4, 1, 7, 5, 2]);
        // [5, 3, 4, 1, 2, 7, 6].sort { |a, b| a.even? ? -1 : 1 }
        let v = sorted(&[5, 3, 4, 1, 2, 7, 6], |a, _| {
            if a % 2 == 0 {
                Ordering::Less
            } else {
                Ordering::Greater
            }
        });
        assert_eq!(v, [4, 2, 6, 7, 1, 3, 5]);
        assert_eq!(sorted(&[5, 3, 4], |_, _| Ordering::Equal), [5, 3, 4]);
    }

    #[test]
    fn an_error_stops_it_and_leaves_the_items() {
        let mut v = vec![1, 2, 30, 4];
        let r = merge_sort_by(&mut v, |a, b| {
            if *a > 9 || *b > 9 {
                Err((*a, *b))
            } else {
                Ok(a.cmp(b))
            }
        });
        assert_eq!(r, Err((30, 4)));
        assert_eq!(v, [1, 2, 30, 4]);
    }

    #[test]
    fn permute_moves_each_item() {
        let mut v = vec!['a', 'b', 'c', 'd', 'e'];
        permute(&mut v, vec![3, 0, 4, 1, 2]);
        assert_eq!(v, ['d', 'a', 'e', 'b', 'c']);
    }
}
