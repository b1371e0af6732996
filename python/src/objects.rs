//! Python objects straight from the library's serialisation of a report: a serde
//! serializer that builds dicts, lists, strings and numbers, so a game's dict is made from
//! the very `Serialize` that writes its `--json` line (same keys, order and values; a
//! sequence or tuple is a list, as JSON gives it). Keys are interned strings made once
//! per chunk of games, not a fresh string for each of a game's sixty-odd keys, hashed
//! again when it goes into its dict.

use std::fmt;

use foldhash::{HashMap, HashMapExt};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyList, PyString};
use pyo3::IntoPyObjectExt;
use serde::ser::{self, Serialize};

/// Why a value could not be made a Python object.
#[derive(Debug)]
pub struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error(msg.to_string())
    }
}

impl From<PyErr> for Error {
    fn from(e: PyErr) -> Self {
        Error(e.to_string())
    }
}

type Result<T> = std::result::Result<T, Error>;

/// The interned keys of the structs converted so far, by the address of their name.
pub struct Keys<'py> {
    py: Python<'py>,
    known: HashMap<(usize, usize), Bound<'py, PyString>>,
}

impl<'py> Keys<'py> {
    pub fn new(py: Python<'py>) -> Self {
        Keys {
            py,
            known: HashMap::new(),
        }
    }

    fn get(&mut self, key: &'static str) -> Bound<'py, PyString> {
        let py = self.py;
        self.known
            .entry((key.as_ptr() as usize, key.len()))
            .or_insert_with(|| PyString::intern(py, key))
            .clone()
    }

    /// `value` as a Python object.
    pub fn convert<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<Bound<'py, PyAny>> {
        value.serialize(ToPy { keys: self })
    }
}

/// The serializer of one value.
struct ToPy<'k, 'py> {
    keys: &'k mut Keys<'py>,
}

impl<'py> ToPy<'_, 'py> {
    fn py(&self) -> Python<'py> {
        self.keys.py
    }

    fn object<T: IntoPyObject<'py>>(&self, value: T) -> Result<Bound<'py, PyAny>> {
        Ok(value.into_bound_py_any(self.py())?)
    }
}

/// A list or dict being filled.
struct Fill<'k, 'py, C> {
    keys: &'k mut Keys<'py>,
    into: C,
    /// A map's key, until its value comes.
    key: Option<Bound<'py, PyAny>>,
}

fn unsupported<T>(what: &str) -> Result<T> {
    Err(Error(format!("{what} has no Python form here")))
}

impl<'k, 'py> ser::Serializer for ToPy<'k, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    type SerializeSeq = Fill<'k, 'py, Vec<Bound<'py, PyAny>>>;
    type SerializeTuple = Fill<'k, 'py, Vec<Bound<'py, PyAny>>>;
    type SerializeTupleStruct = Fill<'k, 'py, Vec<Bound<'py, PyAny>>>;
    type SerializeTupleVariant = ser::Impossible<Self::Ok, Error>;
    type SerializeMap = Fill<'k, 'py, Bound<'py, PyDict>>;
    type SerializeStruct = Fill<'k, 'py, Bound<'py, PyDict>>;
    type SerializeStructVariant = ser::Impossible<Self::Ok, Error>;

    fn serialize_bool(self, v: bool) -> Result<Self::Ok> {
        Ok(PyBool::new(self.py(), v).to_owned().into_any())
    }
    fn serialize_i8(self, v: i8) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_i16(self, v: i16) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_i32(self, v: i32) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_i64(self, v: i64) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_u8(self, v: u8) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_u16(self, v: u16) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_u32(self, v: u32) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_u64(self, v: u64) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_f32(self, v: f32) -> Result<Self::Ok> {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<Self::Ok> {
        if !v.is_finite() {
            // JSON has no NaN nor infinity: `--json` writes null.
            return self.serialize_none();
        }
        Ok(PyFloat::new(self.py(), v).into_any())
    }
    fn serialize_char(self, v: char) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_str(self, v: &str) -> Result<Self::Ok> {
        Ok(PyString::new(self.py(), v).into_any())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Self::Ok> {
        Ok(PyBytes::new(self.py(), v).into_any())
    }
    fn serialize_none(self) -> Result<Self::Ok> {
        Ok(self.py().None().into_bound(self.py()))
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Self::Ok> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Self::Ok> {
        self.serialize_none()
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Self::Ok> {
        self.serialize_none()
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Self::Ok> {
        Ok(self.keys.get(variant).into_any())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<Self::Ok> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Self::Ok> {
        let dict = PyDict::new(self.py());
        let key = self.keys.get(variant);
        let value = self.keys.convert(value)?;
        dict.set_item(key, value)?;
        Ok(dict.into_any())
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Self::SerializeSeq> {
        Ok(Fill {
            keys: self.keys,
            into: Vec::with_capacity(len.unwrap_or(0)),
            key: None,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Self::SerializeTuple> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleStruct> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        unsupported("a tuple variant")
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap> {
        let into = PyDict::new(self.py());
        Ok(Fill {
            keys: self.keys,
            into,
            key: None,
        })
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Self::SerializeStruct> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant> {
        unsupported("a struct variant")
    }
}

impl<'py> Fill<'_, 'py, Vec<Bound<'py, PyAny>>> {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        let value = self.keys.convert(value)?;
        self.into.push(value);
        Ok(())
    }

    fn list(self) -> Result<Bound<'py, PyAny>> {
        Ok(PyList::new(self.keys.py, self.into)?.into_any())
    }
}

/// The serializers of sequences (lists, tuples, tuple structs): each element pushed, a
/// Python list at the end.
macro_rules! into_list {
    ($($serializer:ident :: $element:ident),*) => {$(
        impl<'py> ser::$serializer for Fill<'_, 'py, Vec<Bound<'py, PyAny>>> {
            type Ok = Bound<'py, PyAny>;
            type Error = Error;
            fn $element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
                self.push(value)
            }
            fn end(self) -> Result<Self::Ok> {
                self.list()
            }
        }
    )*};
}

into_list!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field
);

impl<'py> ser::SerializeMap for Fill<'_, 'py, Bound<'py, PyDict>> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<()> {
        self.key = Some(self.keys.convert(key)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        let key = self
            .key
            .take()
            .ok_or_else(|| Error("a map value without its key".into()))?;
        let value = self.keys.convert(value)?;
        self.into.set_item(key, value)?;
        Ok(())
    }
    fn end(self) -> Result<Self::Ok> {
        Ok(self.into.into_any())
    }
}

impl<'py> ser::SerializeStruct for Fill<'_, 'py, Bound<'py, PyDict>> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        let key = self.keys.get(key);
        let value = self.keys.convert(value)?;
        self.into.set_item(key, value)?;
        Ok(())
    }
    fn end(self) -> Result<Self::Ok> {
        Ok(self.into.into_any())
    }
}
