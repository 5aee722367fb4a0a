//! A unified diff of two texts, line by line, with three lines of context: what `relay setup` shows before it
//! writes. The common head and tail are cut first, so the table is only as big as the changed middle.

/// The lines of `before` and `after` as a unified diff under `---`/`+++` headers; empty when they are equal.
pub fn unified(before: &str, after: &str, old_name: &str, new_name: &str) -> String {
    if before == after {
        return String::new();
    }
    let a: Vec<&str> = before.split_inclusive('\n').collect();
    let b: Vec<&str> = after.split_inclusive('\n').collect();
    let ops = line_ops(&a, &b);
    let mut out = format!("--- {old_name}\n+++ {new_name}\n");
    const CONTEXT: usize = 3;
    // Indices in `ops` of changed lines, grouped into hunks whose gaps are at most 2 × CONTEXT.
    let changed: Vec<usize> = ops
        .iter()
        .enumerate()
        .filter(|(_, op)| !matches!(op, Op::Same(..)))
        .map(|(i, _)| i)
        .collect();
    let mut hunks: Vec<(usize, usize)> = Vec::new();
    for &i in &changed {
        match hunks.last_mut() {
            Some((_, end)) if i <= *end + 2 * CONTEXT + 1 => *end = i,
            _ => hunks.push((i, i)),
        }
    }
    for (first, last) in hunks {
        let start = first.saturating_sub(CONTEXT);
        let end = (last + CONTEXT + 1).min(ops.len());
        let (mut a_start, mut b_start) = (None, None);
        let (mut a_len, mut b_len) = (0, 0);
        let mut body = String::new();
        for op in &ops[start..end] {
            let (mark, line) = match *op {
                Op::Same(i, j) => {
                    a_start.get_or_insert(i);
                    b_start.get_or_insert(j);
                    a_len += 1;
                    b_len += 1;
                    (' ', a[i])
                }
                Op::Delete(i, j) => {
                    a_start.get_or_insert(i);
                    b_start.get_or_insert(j);
                    a_len += 1;
                    ('-', a[i])
                }
                Op::Insert(i, j) => {
                    a_start.get_or_insert(i);
                    b_start.get_or_insert(j);
                    b_len += 1;
                    ('+', b[j])
                }
            };
            body.push(mark);
            body.push_str(line.trim_end_matches('\n').trim_end_matches('\r'));
            body.push('\n');
            if !line.ends_with('\n') {
                body.push_str("\\ No newline at end of file\n");
            }
        }
        let range = |start: Option<usize>, len: usize| {
            let first = start.map_or(0, |s| s + usize::from(len > 0));
            format!("{first},{len}")
        };
        out.push_str(&format!(
            "@@ -{} +{} @@\n{body}",
            range(a_start, a_len),
            range(b_start, b_len)
        ));
    }
    out
}

/// One line of the edit script: `Same(i, j)` keeps a[i] = b[j]; `Delete(i, j)` drops a[i] (b is at j);
/// `Insert(i, j)` adds b[j] (a is at i).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Same(usize, usize),
    Delete(usize, usize),
    Insert(usize, usize),
}

/// The longest-common-subsequence edit script, after cutting the common head and tail.
fn line_ops(a: &[&str], b: &[&str]) -> Vec<Op> {
    let head = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let tail = a[head..]
        .iter()
        .rev()
        .zip(b[head..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (am, bm) = (&a[head..a.len() - tail], &b[head..b.len() - tail]);
    let mut ops: Vec<Op> = (0..head).map(|i| Op::Same(i, i)).collect();
    let (n, m) = (am.len(), bm.len());
    if n.saturating_mul(m) > 4_000_000 {
        // Too big to align: everything in the middle is replaced.
        ops.extend((0..n).map(|i| Op::Delete(head + i, head)));
        ops.extend((0..m).map(|j| Op::Insert(head + n, head + j)));
    } else {
        // lcs[i][j]: the LCS length of am[i..] and bm[j..].
        let mut lcs = vec![vec![0u32; m + 1]; n + 1];
        for i in (0..n).rev() {
            for j in (0..m).rev() {
                lcs[i][j] = if am[i] == bm[j] {
                    lcs[i + 1][j + 1] + 1
                } else {
                    lcs[i + 1][j].max(lcs[i][j + 1])
                };
            }
        }
        let (mut i, mut j) = (0, 0);
        while i < n || j < m {
            if i < n && j < m && am[i] == bm[j] {
                ops.push(Op::Same(head + i, head + j));
                i += 1;
                j += 1;
            } else if j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j]) {
                ops.push(Op::Insert(head + i, head + j));
                j += 1;
            } else {
                ops.push(Op::Delete(head + i, head + j));
                i += 1;
            }
        }
    }
    let (a_tail, b_tail) = (a.len() - tail, b.len() - tail);
    ops.extend((0..tail).map(|k| Op::Same(a_tail + k, b_tail + k)));
    ops
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unified_shows_an_insertion_with_context_when_lines_are_added() {
        let before = "a\nb\nc\nd\ne\nf\ng\n";
        let after = "a\nb\nc\nd\nX\ne\nf\ng\n";
        let diff = unified(before, after, "old", "new");
        assert_eq!(
            diff,
            "--- old\n+++ new\n@@ -2,6 +2,7 @@\n b\n c\n d\n+X\n e\n f\n g\n"
        );
    }

    #[test]
    fn unified_is_empty_when_nothing_changes_and_handles_a_new_file() {
        assert_eq!(unified("x\n", "x\n", "a", "b"), "");
        assert_eq!(
            unified("", "{}\n", "a", "b"),
            "--- a\n+++ b\n@@ -0,0 +1,1 @@\n+{}\n"
        );
    }
}
