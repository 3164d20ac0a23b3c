//! The graph at each level of the module tree, its cycles (strongly
//! connected components, Tarjan's algorithm: thirty lines here, where a
//! graph crate would be one more dependency to build for one function),
//! and each cycle written as a chain with where its edges are written.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt::Write as _;

use crate::resolve::Edge;
use crate::source::{ModPath, Site};

/// The children of one module, and the references between their subtrees.
#[derive(Debug)]
pub struct Level {
    /// The module whose children are the nodes (`[]`: the crate root).
    pub parent: ModPath,
    /// The children's names, sorted.
    pub nodes: Vec<String>,
    /// (from, to) → where, sorted: a reference from anywhere in `from`'s
    /// subtree to anywhere in `to`'s.
    pub edges: BTreeMap<(String, String), Vec<Site>>,
}

/// A cycle: its members' full names, sorted, and a readable account.
#[derive(Debug)]
pub struct Cycle {
    pub members: Vec<String>,
    pub report: String,
}

/// One level for each module with two children or more.
pub fn levels(modules: &BTreeSet<ModPath>, edges: &[Edge]) -> Vec<Level> {
    let mut levels = vec![];
    for parent in modules {
        let depth = parent.len();
        let nodes: Vec<String> = modules
            .iter()
            .filter(|m| m.len() == depth + 1 && m.starts_with(parent))
            .map(|m| m[depth].clone())
            .collect();
        if nodes.len() < 2 {
            continue;
        }
        let mut level = Level {
            parent: parent.clone(),
            nodes,
            edges: BTreeMap::new(),
        };
        let below = |m: &ModPath| m.len() > depth && m.starts_with(parent);
        for e in edges.iter().filter(|e| below(&e.from) && below(&e.to)) {
            let (from, to) = (&e.from[depth], &e.to[depth]);
            if from != to {
                let sites = level.edges.entry((from.clone(), to.clone())).or_default();
                sites.push(e.site.clone());
            }
        }
        for sites in level.edges.values_mut() {
            sites.sort();
            sites.dedup();
        }
        levels.push(level);
    }
    levels
}

impl Level {
    /// `node`'s full name: `view`, or `experiments::read`.
    pub fn name(&self, node: &str) -> String {
        let mut path = self.parent.clone();
        path.push(node.to_string());
        path.join("::")
    }

    /// The nodes `node` refers to, sorted.
    pub fn deps(&self, node: &str) -> Vec<&str> {
        let out = self.edges.keys().filter(|(from, _)| from == node);
        out.map(|(_, to)| to.as_str()).collect()
    }

    /// Groups of nodes that reach each other, each sorted, in order.
    pub fn components(&self) -> Vec<Vec<&str>> {
        let index = |n: &str| self.nodes.iter().position(|m| m == n);
        let mut adj = vec![vec![]; self.nodes.len()];
        for (from, to) in self.edges.keys() {
            if let (Some(f), Some(t)) = (index(from), index(to)) {
                adj[f].push(t);
            }
        }
        let mut groups: Vec<Vec<&str>> = tarjan(&adj)
            .into_iter()
            .map(|c| c.into_iter().map(|i| self.nodes[i].as_str()).collect())
            .collect();
        for g in &mut groups {
            g.sort_unstable();
        }
        groups.sort();
        groups
    }

    pub fn cycles(&self) -> Vec<Cycle> {
        let groups = self.components().into_iter().filter(|g| g.len() > 1);
        groups.map(|g| self.cycle(&g)).collect()
    }

    fn cycle(&self, group: &[&str]) -> Cycle {
        let chain = self.shortest_cycle(group);
        let names: Vec<String> = chain.iter().map(|n| self.name(n)).collect();
        let mut report = format!("cycle {{{}}}: {}\n", group.join(", "), names.join(" -> "));
        let on_chain: Vec<(&str, &str)> = chain.windows(2).map(|w| (w[0], w[1])).collect();
        let inside = self.edges.keys().map(|(f, t)| (f.as_str(), t.as_str()));
        let rest = inside.filter(|(f, t)| group.contains(f) && group.contains(t));
        let rest = rest.filter(|e| !on_chain.contains(e));
        for (from, to) in on_chain.iter().copied().chain(rest) {
            let sites = &self.edges[&(from.to_string(), to.to_string())];
            let shown: Vec<String> = sites
                .iter()
                .take(3)
                .map(|s| format!("{}:{}", s.file, s.line))
                .collect();
            let more = sites.len().saturating_sub(3);
            let more = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            let (from, to) = (self.name(from), self.name(to));
            let _ = writeln!(report, "    {from} -> {to}: {}{more}", shown.join(", "));
        }
        let members = group.iter().map(|n| self.name(n)).collect();
        Cycle { members, report }
    }

    /// A shortest chain from the group's first node back to itself, by
    /// breadth-first search inside the group.
    fn shortest_cycle<'a>(&'a self, group: &[&'a str]) -> Vec<&'a str> {
        let start = group[0];
        let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
        let mut queue = VecDeque::from([start]);
        while let Some(node) = queue.pop_front() {
            for next in self.deps(node) {
                if next == start {
                    // Back from `node` to `start`, the one node without a
                    // `came_from`.
                    let mut chain = vec![node];
                    while let Some(&before) = came_from.get(chain[chain.len() - 1]) {
                        chain.push(before);
                    }
                    chain.reverse();
                    chain.push(start);
                    return chain;
                }
                if group.contains(&next) && !came_from.contains_key(next) {
                    came_from.insert(next, node);
                    queue.push_back(next);
                }
            }
        }
        unreachable!("a strongly connected group has a cycle through each node")
    }

    /// The nodes by layer: a node's layer is one more than the highest of
    /// the nodes it refers to outside its own cycle (0: none). Members of a
    /// cycle share a layer and are shown as `{a, b}`.
    pub fn layers(&self) -> Vec<Vec<String>> {
        let groups = self.components();
        let group_of = |n: &str| groups.iter().position(|g| g.contains(&n));
        let mut layer: Vec<Option<usize>> = vec![None; groups.len()];
        // Tarjan returns groups that refer only to earlier ones; sorting
        // lost that order, so settle layers until nothing changes.
        let mut changed = true;
        while changed {
            changed = false;
            for (i, group) in groups.iter().enumerate() {
                let deps = group.iter().flat_map(|n| self.deps(n));
                let deps: Vec<usize> = deps.filter_map(group_of).filter(|&g| g != i).collect();
                let known: Option<Vec<usize>> = deps.iter().map(|&g| layer[g]).collect();
                let here = known.map(|l| l.into_iter().max().map_or(0, |m| m + 1));
                if here.is_some() && here != layer[i] {
                    layer[i] = here;
                    changed = true;
                }
            }
        }
        let top = layer.iter().flatten().max().map_or(0, |m| m + 1);
        let mut out = vec![vec![]; top];
        for (group, l) in groups.iter().zip(layer) {
            let l = l.expect("the groups form no cycle");
            let text = match group.as_slice() {
                [one] => one.to_string(),
                many => format!("{{{}}}", many.join(", ")),
            };
            out[l].push(text);
        }
        out
    }
}

/// Tarjan's strongly connected components of the graph `adj` (node →
/// the nodes it points to).
fn tarjan(adj: &[Vec<usize>]) -> Vec<Vec<usize>> {
    struct State<'a> {
        adj: &'a [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    fn visit(s: &mut State, v: usize) {
        s.index[v] = Some(s.next);
        s.low[v] = s.next;
        s.next += 1;
        s.stack.push(v);
        s.on_stack[v] = true;
        let adj = s.adj;
        for &w in &adj[v] {
            match s.index[w] {
                None => {
                    visit(s, w);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(i) if s.on_stack[w] => s.low[v] = s.low[v].min(i),
                Some(_) => {}
            }
        }
        if s.index[v] == Some(s.low[v]) {
            let mut group = vec![];
            while let Some(w) = s.stack.pop() {
                s.on_stack[w] = false;
                group.push(w);
                if w == v {
                    break;
                }
            }
            s.out.push(group);
        }
    }
    let n = adj.len();
    let mut s = State {
        adj,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: vec![],
        next: 0,
        out: vec![],
    };
    for v in 0..n {
        if s.index[v].is_none() {
            visit(&mut s, v);
        }
    }
    s.out
}
