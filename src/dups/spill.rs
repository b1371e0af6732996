//! Records sorted within a memory limit: they are gathered in memory until the limit,
//! then each full buffer is sorted and written as a run to an unnamed temporary file
//! (in `TMPDIR`, removed by the system however the process ends), and the runs are
//! merged when the records are read back. The order is the same whether or not anything
//! was written out, so whatever reads the records sees the same sequence for any limit.

use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, Write};

/// How two records compare.
pub type Order = fn(&[u8], &[u8]) -> Ordering;

/// The buffer of each run while the runs are merged.
const READ_BUFFER: usize = 64 << 10;

/// Records, sorted by `order` when read back.
pub struct Sorter {
    limit: usize,
    order: Order,
    bytes: Vec<u8>,
    /// Where each record is in `bytes`, and its length (sorted by the records after
    /// [`Sorter::finish`]: the bytes never move).
    index: Vec<(u32, u32)>,
    runs: Vec<File>,
    /// The tail is sorted (after [`Sorter::finish`]).
    sorted: bool,
}

impl Sorter {
    /// A sorter that keeps at most about `limit` bytes in memory.
    pub fn new(limit: usize, order: Order) -> Sorter {
        Sorter {
            // Offsets into the buffer are 32-bit.
            limit: limit.clamp(1, u32::MAX as usize),
            order,
            bytes: Vec::new(),
            index: Vec::new(),
            runs: Vec::new(),
            sorted: false,
        }
    }

    /// Adds a record, writing a sorted run first when the buffer is full.
    pub fn push(&mut self, record: &[u8]) -> io::Result<()> {
        let held = self.bytes.len() + 8 * self.index.len();
        if held + record.len() + 8 > self.limit && !self.index.is_empty() {
            self.spill()?;
        }
        let needed = self.bytes.len() + record.len();
        if needed > self.bytes.capacity() {
            // Grow by doubling, but never past the limit when the record fits in it.
            let doubled = (self.bytes.capacity() * 2).max(4096);
            let target = doubled.min(self.limit).max(needed);
            self.bytes.reserve_exact(target - self.bytes.len());
        }
        self.index
            .push((self.bytes.len() as u32, record.len() as u32));
        self.bytes.extend_from_slice(record);
        self.sorted = false;
        Ok(())
    }

    /// Bytes held in memory.
    pub fn memory(&self) -> usize {
        self.bytes.capacity() + 8 * self.index.capacity()
    }

    /// Runs written to temporary files.
    pub fn runs(&self) -> usize {
        self.runs.len()
    }

    /// Ends the additions: the records left in memory are sorted, or written out as one
    /// more run when some were already (so that memory is free for what follows).
    pub fn finish(&mut self) -> io::Result<()> {
        if !self.runs.is_empty() && !self.index.is_empty() {
            self.spill()?;
        }
        if !self.runs.is_empty() {
            self.bytes = Vec::new();
            self.index = Vec::new();
        }
        self.sort_tail();
        Ok(())
    }

    fn record(&self, i: usize) -> &[u8] {
        let (start, len) = self.index[i];
        &self.bytes[start as usize..(start + len) as usize]
    }

    /// Sorts the records in memory (their places; the bytes stay where they are).
    fn sort_tail(&mut self) {
        if self.sorted {
            return;
        }
        let (bytes, cmp) = (&self.bytes, self.order);
        let at = |&(start, len): &(u32, u32)| &bytes[start as usize..(start + len) as usize];
        self.index.sort_unstable_by(|a, b| cmp(at(a), at(b)));
        self.sorted = true;
    }

    /// Sorts the buffer and writes it as a run.
    fn spill(&mut self) -> io::Result<()> {
        self.sort_tail();
        let mut out = BufWriter::new(tempfile::tempfile()?);
        for i in 0..self.index.len() {
            let r = self.record(i);
            out.write_all(&(r.len() as u32).to_le_bytes())?;
            out.write_all(r)?;
        }
        let file = out.into_inner().map_err(|e| e.into_error())?;
        self.runs.push(file);
        self.bytes.clear();
        self.index.clear();
        Ok(())
    }

    /// Hands every record to `each` in order, merging the runs and the records in
    /// memory. May be called again for another pass.
    pub fn for_each(&mut self, each: &mut dyn FnMut(&[u8]) -> io::Result<()>) -> io::Result<()> {
        if !self.runs.is_empty() && !self.index.is_empty() {
            self.spill()?;
        }
        self.sort_tail();
        if self.runs.is_empty() {
            for i in 0..self.index.len() {
                each(self.record(i))?;
            }
            return Ok(());
        }
        let mut readers = Vec::with_capacity(self.runs.len());
        for run in &self.runs {
            let mut file = run.try_clone()?;
            file.rewind()?;
            readers.push(BufReader::with_capacity(READ_BUFFER, file));
        }
        let mut heap: BinaryHeap<Reverse<Head>> = BinaryHeap::new();
        for (i, reader) in readers.iter_mut().enumerate() {
            let mut record = Vec::new();
            if next_record(reader, &mut record)? {
                heap.push(Reverse(Head::new(record, i, self.order)));
            }
        }
        while let Some(Reverse(mut head)) = heap.pop() {
            each(&head.record)?;
            if next_record(&mut readers[head.run], &mut head.record)? {
                heap.push(Reverse(head));
            }
        }
        Ok(())
    }
}

/// The next record of one source in the merge.
struct Head {
    record: Vec<u8>,
    run: usize,
    order: Order,
}

impl Head {
    fn new(record: Vec<u8>, run: usize, order: Order) -> Head {
        Head { record, run, order }
    }
}

impl PartialEq for Head {
    fn eq(&self, other: &Head) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Head {}

impl PartialOrd for Head {
    fn partial_cmp(&self, other: &Head) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Head {
    fn cmp(&self, other: &Head) -> Ordering {
        (self.order)(&self.record, &other.record)
    }
}

/// Reads a run's next record into `record`; `false` at the end of the run.
fn next_record(reader: &mut BufReader<File>, record: &mut Vec<u8>) -> io::Result<bool> {
    let mut len = [0u8; 4];
    match reader.read_exact(&mut len) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(false),
        Err(e) => return Err(e),
    }
    record.clear();
    record.resize(u32::from_le_bytes(len) as usize, 0);
    reader.read_exact(record)?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(limit: usize, records: &[Vec<u8>]) -> (Vec<Vec<u8>>, usize) {
        let mut s = Sorter::new(limit, |a, b| a.cmp(b));
        for r in records {
            s.push(r).unwrap();
        }
        s.finish().unwrap();
        let mut out = Vec::new();
        s.for_each(&mut |r| {
            out.push(r.to_vec());
            Ok(())
        })
        .unwrap();
        (out, s.runs())
    }

    #[test]
    fn the_order_is_the_same_with_or_without_runs() {
        let records: Vec<Vec<u8>> = (0..5000u32)
            .map(|i| {
                let x = i.wrapping_mul(2654435761);
                x.to_be_bytes()[..(1 + i as usize % 4)].to_vec()
            })
            .collect();
        let (all, runs) = sorted(usize::MAX, &records);
        assert_eq!(runs, 0);
        let (spilled, runs) = sorted(1000, &records);
        assert!(runs > 10, "{runs} runs");
        assert_eq!(all, spilled);
        let mut want = records.clone();
        want.sort();
        assert_eq!(all, want);
    }
}
