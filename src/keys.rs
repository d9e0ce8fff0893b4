//! Configuration keys a part of the model declares for itself (`switch.vcs` by the vc family,
//! `routing.ssr_k` by SSR): a [`Keys`] struct with its defaults, flattened into its section so
//! every key keeps one dotted name whoever owns it. The schema (`experiment::config`)
//! assembles the sections from the parts; [`Part`] lets it check each part's keys and values
//! on their own, so an error names the dotted key (`switch.vcs: ...`).

use serde::{de::DeserializeOwned, Serialize};

/// A part of a configuration section that one block, family, routing or selection owns.
pub trait Keys: Serialize + DeserializeOwned + Default {
    /// Who owns these keys, as help and errors name it: "vc family", "ssr selection".
    const OWNER: &'static str;
    /// Keys that do not serialize at their default (kept out of a run's configuration echo),
    /// so [`names`] cannot read them from it.
    const UNECHOED: &'static [&'static str] = &[];
}

/// One part of a section, as the schema checks it.
pub struct Part {
    /// Who owns the keys.
    pub owner: &'static str,
    /// The key names.
    pub names: Vec<String>,
    /// Deserialize this part's keys alone: Err((key inside the section, message)).
    pub check: fn(toml::Value) -> Result<(), (String, String)>,
}

impl Part {
    /// The part `T` declares.
    pub fn of<T: Keys>() -> Part {
        Part {
            owner: T::OWNER,
            names: names::<T>()
                .into_iter()
                .chain(T::UNECHOED.iter().map(|n| n.to_string()))
                .collect(),
            check: check::<T>,
        }
    }

    /// The keys a section's own struct `T` declares beside its flattened parts, named here
    /// (optional keys do not serialize when unset, so they cannot be read from a default).
    pub fn common<T: DeserializeOwned>(owner: &'static str, names: &[&str]) -> Part {
        Part {
            owner,
            names: names.iter().map(|s| s.to_string()).collect(),
            check: check::<T>,
        }
    }
}

/// The key names of `T`, read from its default's serialization.
pub fn names<T: Serialize + Default>() -> Vec<String> {
    match serde_json::to_value(T::default()) {
        Ok(serde_json::Value::Object(m)) => m.keys().cloned().collect(),
        _ => Vec::new(),
    }
}

fn check<T: DeserializeOwned>(v: toml::Value) -> Result<(), (String, String)> {
    serde_path_to_error::deserialize::<_, T>(v)
        .map(|_| ())
        .map_err(|e| (e.path().to_string(), e.into_inner().to_string()))
}

/// A u64 in TOML: an integer up to 2^63 - 1, a decimal string beyond.
pub mod seed_u64 {
    use serde::{de, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &u64, s: S) -> Result<S::Ok, S::Error> {
        if *v <= i64::MAX as u64 {
            s.serialize_i64(*v as i64)
        } else {
            s.serialize_str(&v.to_string())
        }
    }

    /// A seed as written: an integer, or a decimal string.
    #[derive(Deserialize)]
    #[serde(untagged)]
    pub enum Either {
        Int(i64),
        Text(String),
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        value(Either::deserialize(d)?)
    }

    /// The seed a written form names.
    pub fn value<E: de::Error>(e: Either) -> Result<u64, E> {
        match e {
            Either::Int(i) => u64::try_from(i).map_err(|_| {
                de::Error::custom(format!("{i} is negative; allowed 0..=18446744073709551615"))
            }),
            Either::Text(t) => t.trim().parse().map_err(|_| {
                de::Error::custom(format!(
                    "{t:?} is not allowed; expected an integer in 0..=18446744073709551615"
                ))
            }),
        }
    }
}

/// [`seed_u64`] for an optional seed.
pub mod seed_opt {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(x) => super::seed_u64::serialize(x, s),
            None => s.serialize_none(),
        }
    }

    /// A seed, or none (a stored configuration writes an unset seed as null).
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        Option::<super::seed_u64::Either>::deserialize(d)?
            .map(super::seed_u64::value)
            .transpose()
    }
}

/// `v` within `lo..=hi`, or an error naming `key` and the range allowed.
pub fn range<T: PartialOrd + std::fmt::Display>(
    key: &str,
    v: T,
    lo: T,
    hi: T,
) -> crate::Result<()> {
    if v < lo || v > hi {
        return Err(crate::Error::field(
            key,
            format!("{v} is out of range, allowed {lo}..={hi}"),
        ));
    }
    Ok(())
}
