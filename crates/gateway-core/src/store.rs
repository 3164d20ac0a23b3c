//! What a tool keeps in the ledger.
//!
//! A tool that has state brings its own store: a type implementing
//! [`Store`] in the tool's module, with its limits, fixtures, the change a
//! committed call makes to it, its part of the ledger view ([`StoreView`])
//! and its part of the ledger JSON. This module holds only what every
//! store shares: the trait, the set of stores a ledger holds ([`Stores`]),
//! the effect a planned call carries ([`Effect`]) and the view's types.
//! It sits below the tools, the ledger and the view, which only list
//! stores; the one downcast from a store, or a change, to its own type is
//! here.

use std::any::{Any, TypeId};
use std::borrow::Cow;
use std::fmt;
use std::rc::Rc;

use serde_json::Value;

use crate::fixtures::Fixtures;
use crate::text::Text;

/// A tool's store. The ledger holds one of each store its registry's
/// tools name ([`crate::tools::Tool::store`]).
pub trait Store: Any + Clone + PartialEq + fmt::Debug {
    /// What one committed call does to the store (ids are chosen when the
    /// call is planned, against the store it will be applied to).
    type Change: Any + Clone + PartialEq + fmt::Debug;

    /// Whether a call can change the store. A store no call changes (the
    /// search index) is listed after the receipts and counters, and its
    /// tool's calls never hold a receipt.
    const CHANGES: bool = true;

    /// The store as a page load finds it and a reset restores it (unless
    /// an experiment starts it otherwise), its text in `lang`'s language.
    fn fixtures(lang: Fixtures) -> Self;

    fn apply(&mut self, change: Self::Change);

    /// What committing `change` does, in words.
    fn change_text(change: &Self::Change) -> Text;

    /// What `change` will do to the entry it touches, read before it is
    /// applied; `None` when it touches none the view shows.
    fn note(&self, change: &Self::Change) -> Option<Note>;

    /// The row of [`Store::view`] that `change` stands at once applied.
    fn row(&self, change: &Self::Change) -> Option<usize>;

    /// Its section of the ledger view.
    fn view(&self) -> StoreView;

    /// Its part of the ledger JSON, under its key; `None` for a store the
    /// JSON leaves out (the search index is fixture data, not state).
    fn json(&self) -> Option<(&'static str, Value)>;
}

/// The parts of a [`Store`] that no call changes (fixture data a read
/// tool looks up: the search index, the inbox), inside its `impl Store`:
/// its change is `Infallible`, so it applies, words and marks nothing.
#[macro_export]
macro_rules! unchanging_store {
    () => {
        /// No call changes it.
        type Change = std::convert::Infallible;

        const CHANGES: bool = false;

        fn apply(&mut self, change: Self::Change) {
            match change {}
        }

        fn change_text(change: &Self::Change) -> $crate::text::Text {
            match *change {}
        }

        fn note(&self, change: &Self::Change) -> Option<$crate::store::Note> {
            match *change {}
        }

        fn row(&self, change: &Self::Change) -> Option<usize> {
            match *change {}
        }
    };
}

/// What a change does to the entry it touches, as the ledger panel marks
/// it after the run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Note {
    /// A new entry (a message, an event): the change's own words say it.
    Added,
    /// An entry replaced: its name, and its value before and after, as
    /// JSON text.
    Replaced {
        name: String,
        before: String,
        after: String,
    },
}

/// A store's section of the ledger view, in words not yet rendered.
#[derive(Debug, Clone, PartialEq)]
pub struct StoreView {
    pub title: Text,
    pub rows: Vec<Text>,
    /// What the section says with no row.
    pub empty: Option<Text>,
}

/// Which store a tool keeps, and how to make it at its fixtures.
#[derive(Clone, Copy)]
pub struct StoreKind {
    id: fn() -> TypeId,
    fixtures: fn(Fixtures) -> Box<dyn AnyStore>,
}

impl StoreKind {
    pub fn of<S: Store>() -> Self {
        Self {
            id: TypeId::of::<S>,
            fixtures: |lang| Box::new(S::fixtures(lang)),
        }
    }

    fn id(self) -> TypeId {
        (self.id)()
    }
}

impl PartialEq for StoreKind {
    fn eq(&self, other: &Self) -> bool {
        self.id() == other.id()
    }
}

impl Eq for StoreKind {}

impl fmt::Debug for StoreKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("StoreKind").field(&self.id()).finish()
    }
}

/// A [`Store`] behind a trait object: what the ledger and the view ask of
/// any store. (`Debug` is no part of it: `dyn AnyStore` is written as its
/// JSON.) As an [`Any`], it is read as its own type by `downcast`.
pub trait AnyStore: Any {
    /// Whether a call can change it ([`Store::CHANGES`]).
    fn changes(&self) -> bool;
    fn view(&self) -> StoreView;
    fn json(&self) -> Option<(&'static str, Value)>;
    fn kind(&self) -> StoreKind;
    fn clone_box(&self) -> Box<dyn AnyStore>;
    fn eq_dyn(&self, other: &dyn AnyStore) -> bool;
}

impl<S: Store> AnyStore for S {
    fn changes(&self) -> bool {
        S::CHANGES
    }
    fn view(&self) -> StoreView {
        Store::view(self)
    }
    fn json(&self) -> Option<(&'static str, Value)> {
        Store::json(self)
    }
    fn kind(&self) -> StoreKind {
        StoreKind::of::<S>()
    }
    fn clone_box(&self) -> Box<dyn AnyStore> {
        Box::new(self.clone())
    }
    fn eq_dyn(&self, other: &dyn AnyStore) -> bool {
        downcast::<S>(other) == Some(self)
    }
}

/// `store` as the store `S`, if it is one.
fn downcast<S: Store>(store: &dyn AnyStore) -> Option<&S> {
    (store as &dyn Any).downcast_ref()
}

/// `store` as the store `S`, if it is one, to change.
fn downcast_mut<S: Store>(store: &mut dyn AnyStore) -> Option<&mut S> {
    (store as &mut dyn Any).downcast_mut()
}

/// A store as the ledger's JSON shows it, or its kind when it is in none.
impl fmt::Debug for dyn AnyStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.json() {
            Some((name, value)) => write!(f, "{name}: {value}"),
            None => self.kind().fmt(f),
        }
    }
}

impl Clone for Box<dyn AnyStore> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl PartialEq for dyn AnyStore {
    fn eq(&self, other: &Self) -> bool {
        self.eq_dyn(other)
    }
}

/// The stores a ledger holds, one of each kind, in the order their tools
/// stand in the registry, and the language of their fixtures.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Stores(Vec<Box<dyn AnyStore>>, Fixtures);

impl Stores {
    /// One store of each kind, at its fixtures in `lang`'s language; a
    /// kind named twice (two tools sharing a store) is held once.
    pub fn new(kinds: impl IntoIterator<Item = StoreKind>, lang: Fixtures) -> Self {
        let mut stores = Stores(Vec::new(), lang);
        for kind in kinds {
            if stores.position(kind).is_none() {
                stores.0.push((kind.fixtures)(lang));
            }
        }
        stores
    }

    /// The language of the stores' fixtures.
    pub fn fixtures(&self) -> Fixtures {
        self.1
    }

    pub fn iter(&self) -> impl Iterator<Item = &dyn AnyStore> {
        self.0.iter().map(|s| &**s)
    }

    /// Where the store of `kind` stands, if held.
    pub fn position(&self, kind: StoreKind) -> Option<usize> {
        self.0.iter().position(|s| s.kind() == kind)
    }

    pub fn get<S: Store>(&self) -> Option<&S> {
        self.0.iter().find_map(|s| downcast::<S>(&**s))
    }

    /// The store `S` as held, or at its fixtures when none is (a tool
    /// planned against a ledger built for another registry).
    pub fn read<S: Store>(&self) -> Cow<'_, S> {
        self.get::<S>()
            .map_or_else(|| Cow::Owned(S::fixtures(self.1)), Cow::Borrowed)
    }

    /// Puts `store` in place of the held store of its kind; `false` when
    /// none is held.
    pub(crate) fn replace<S: Store>(&mut self, store: S) -> bool {
        match self.0.iter_mut().find_map(|s| downcast_mut::<S>(&mut **s)) {
            Some(held) => {
                *held = store;
                true
            }
            None => false,
        }
    }

    /// Applies `change` to its store; a store not held is added at its
    /// fixtures first.
    pub(crate) fn apply(&mut self, change: &Change) {
        let kind = change.0.kind();
        let i = self.position(kind).unwrap_or_else(|| {
            self.0.push((kind.fixtures)(self.1));
            self.0.len() - 1
        });
        change.0.apply(&mut *self.0[i]);
    }
}

/// What one committed call does to the ledger: nothing, or a change to
/// one store.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Effect {
    #[default]
    None,
    Change(Change),
}

impl Effect {
    /// `change`, made to the store `S`.
    pub fn on<S: Store>(change: S::Change) -> Self {
        Effect::Change(Change(Rc::new(Changing::<S>(change))))
    }

    /// The change, if it is one to the store `S`.
    pub fn get<S: Store>(&self) -> Option<&S::Change> {
        match self {
            Effect::None => None,
            Effect::Change(c) => (&*c.0 as &dyn Any)
                .downcast_ref::<Changing<S>>()
                .map(|c| &c.0),
        }
    }

    /// What committing the effect does, in words; each store words its own.
    pub fn text(&self) -> Text {
        match self {
            Effect::None => Text::EffectNone,
            Effect::Change(c) => c.0.text(),
        }
    }

    /// What the change will do to its entry, read from `stores` before it
    /// is applied.
    pub fn note(&self, stores: &Stores) -> Option<Note> {
        let Effect::Change(c) = self else {
            return None;
        };
        let i = stores.position(c.0.kind())?;
        c.0.note(&*stores.0[i])
    }

    /// Where the change stands in `stores` once applied: its store's
    /// place and the row of that store's view.
    pub fn place(&self, stores: &Stores) -> Option<(usize, usize)> {
        let Effect::Change(c) = self else {
            return None;
        };
        let i = stores.position(c.0.kind())?;
        Some((i, c.0.row(&*stores.0[i])?))
    }
}

/// A change to one store, whatever its type.
#[derive(Clone)]
pub struct Change(Rc<dyn AnyChange>);

/// A change in its English words (the store's change type has its own
/// `Debug`, which the trait object does not carry).
impl fmt::Debug for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.0.text().render(crate::text::Locale::default());
        write!(f, "Change({text})")
    }
}

impl PartialEq for Change {
    fn eq(&self, other: &Self) -> bool {
        self.0.eq_dyn(&*other.0)
    }
}

/// A store's change behind a trait object.
trait AnyChange: Any {
    fn kind(&self) -> StoreKind;
    fn apply(&self, store: &mut dyn AnyStore);
    fn text(&self) -> Text;
    fn note(&self, store: &dyn AnyStore) -> Option<Note>;
    fn row(&self, store: &dyn AnyStore) -> Option<usize>;
    fn eq_dyn(&self, other: &dyn AnyChange) -> bool;
}

struct Changing<S: Store>(S::Change);

impl<S: Store> AnyChange for Changing<S> {
    fn kind(&self) -> StoreKind {
        StoreKind::of::<S>()
    }
    fn apply(&self, store: &mut dyn AnyStore) {
        // INVARIANT: `Stores::apply` hands the store of this change's kind.
        if let Some(store) = downcast_mut::<S>(store) {
            store.apply(self.0.clone());
        }
    }
    fn text(&self) -> Text {
        S::change_text(&self.0)
    }
    fn note(&self, store: &dyn AnyStore) -> Option<Note> {
        downcast::<S>(store)?.note(&self.0)
    }
    fn row(&self, store: &dyn AnyStore) -> Option<usize> {
        downcast::<S>(store)?.row(&self.0)
    }
    fn eq_dyn(&self, other: &dyn AnyChange) -> bool {
        (other as &dyn Any)
            .downcast_ref::<Changing<S>>()
            .is_some_and(|o| o.0 == self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A store of one number that a change adds to.
    #[derive(Debug, Clone, PartialEq)]
    struct Sum(i64);

    impl Store for Sum {
        type Change = i64;
        fn fixtures(_: Fixtures) -> Self {
            Sum(1)
        }
        fn apply(&mut self, add: i64) {
            self.0 += add;
        }
        fn change_text(_: &i64) -> Text {
            Text::EffectNone
        }
        fn note(&self, add: &i64) -> Option<Note> {
            Some(Note::Replaced {
                name: "sum".into(),
                before: self.0.to_string(),
                after: (self.0 + add).to_string(),
            })
        }
        fn row(&self, _: &i64) -> Option<usize> {
            Some(0)
        }
        fn view(&self) -> StoreView {
            StoreView {
                title: Text::LedgerCounters,
                rows: Vec::new(),
                empty: None,
            }
        }
        fn json(&self) -> Option<(&'static str, Value)> {
            Some(("sum", self.0.into()))
        }
    }

    /// Another store with the same change type.
    #[derive(Debug, Clone, PartialEq)]
    struct Other;

    impl Store for Other {
        type Change = i64;
        const CHANGES: bool = false;
        fn fixtures(_: Fixtures) -> Self {
            Other
        }
        fn apply(&mut self, _: i64) {}
        fn change_text(_: &i64) -> Text {
            Text::EffectNone
        }
        fn note(&self, _: &i64) -> Option<Note> {
            None
        }
        fn row(&self, _: &i64) -> Option<usize> {
            None
        }
        fn view(&self) -> StoreView {
            Store::view(&Sum(0))
        }
        fn json(&self) -> Option<(&'static str, Value)> {
            None
        }
    }

    #[test]
    fn a_kind_is_held_once_and_found_by_its_type() {
        let stores = Stores::new(
            [
                StoreKind::of::<Sum>(),
                StoreKind::of::<Other>(),
                StoreKind::of::<Sum>(),
            ],
            Fixtures::En,
        );
        assert_eq!(stores.iter().count(), 2);
        assert_eq!(stores.position(StoreKind::of::<Other>()), Some(1));
        assert_eq!(stores.get::<Sum>(), Some(&Sum(1)));
        assert!(!stores.iter().nth(1).is_some_and(|s| s.changes()));
    }

    #[test]
    fn an_effect_is_the_change_of_one_store_type() {
        let add = Effect::on::<Sum>(2);
        assert_eq!(add, Effect::on::<Sum>(2));
        assert_ne!(add, Effect::on::<Sum>(3));
        // The same value made to another store is another effect.
        assert_ne!(add, Effect::on::<Other>(2));
        assert_eq!(add.get::<Sum>(), Some(&2));
        assert_eq!(add.get::<Other>(), None);
        assert_eq!(Effect::None.get::<Sum>(), None);
    }

    #[test]
    fn a_change_applies_to_its_store_and_adds_one_not_held() {
        let mut stores = Stores::new([StoreKind::of::<Other>()], Fixtures::ZhTw);
        assert_eq!(stores.fixtures(), Fixtures::ZhTw);
        assert_eq!(stores.read::<Sum>().0, 1, "read falls back to fixtures");
        let Effect::Change(change) = Effect::on::<Sum>(2) else {
            unreachable!()
        };
        let effect = Effect::Change(change.clone());
        assert_eq!(effect.note(&stores), None, "no store to read before");
        stores.apply(&change);
        assert_eq!(stores.get::<Sum>(), Some(&Sum(3)));
        assert_eq!(
            effect.note(&stores),
            Some(Note::Replaced {
                name: "sum".into(),
                before: "3".into(),
                after: "5".into(),
            })
        );
        assert_eq!(effect.place(&stores), Some((1, 0)));
        assert!(stores.replace(Sum(9)));
        assert_eq!(stores.get::<Sum>(), Some(&Sum(9)));
    }
}
