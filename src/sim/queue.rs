//! Bounded FIFO queue: the storage of slack buffers and NIC queues.
//!
//! A ring buffer with a fixed logical capacity. Pushing into a full queue is refused (the caller
//! counts it as an overflow — a flow-control bug that tests assert never happens). No allocation
//! after construction.

/// Fixed-capacity FIFO of `Copy` values.
#[derive(Debug, Clone)]
pub struct Queue<T: Copy + Default> {
    buf: Box<[T]>,
    mask: usize,
    head: usize,
    len: usize,
    cap: usize,
}

impl<T: Copy + Default> Queue<T> {
    /// An empty queue holding at most `cap` values (`cap >= 1`).
    pub fn new(cap: usize) -> Self {
        let phys = cap.max(1).next_power_of_two();
        Queue {
            buf: vec![T::default(); phys].into_boxed_slice(),
            mask: phys - 1,
            head: 0,
            len: 0,
            cap: cap.max(1),
        }
    }

    /// Logical capacity.
    #[inline]
    pub fn capacity(&self) -> usize {
        self.cap
    }

    /// Number of values held.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// True when full.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.len == self.cap
    }

    /// Append at the tail; `Err(v)` if full.
    #[inline]
    pub fn push(&mut self, v: T) -> Result<(), T> {
        if self.len == self.cap {
            return Err(v);
        }
        self.buf[(self.head + self.len) & self.mask] = v;
        self.len += 1;
        Ok(())
    }

    /// Remove the head.
    #[inline]
    pub fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        let v = self.buf[self.head];
        self.head = (self.head + 1) & self.mask;
        self.len -= 1;
        Some(v)
    }

    /// The head, if any.
    #[inline]
    pub fn front(&self) -> Option<&T> {
        if self.len == 0 {
            None
        } else {
            Some(&self.buf[self.head])
        }
    }

    /// Mutable access to the head.
    #[inline]
    pub fn front_mut(&mut self) -> Option<&mut T> {
        if self.len == 0 {
            None
        } else {
            Some(&mut self.buf[self.head])
        }
    }

    /// Values from head to tail.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        (0..self.len).map(move |i| &self.buf[(self.head + i) & self.mask])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fifo_order_and_capacity() {
        let mut q: Queue<u32> = Queue::new(5);
        for i in 0..5 {
            q.push(i).unwrap();
        }
        assert!(q.is_full());
        assert_eq!(q.push(9), Err(9));
        for round in 0..50u32 {
            assert_eq!(q.pop(), Some(round));
            q.push(round + 5).unwrap();
        }
        assert_eq!(q.len(), 5);
        assert_eq!(
            q.iter().copied().collect::<Vec<_>>(),
            vec![50, 51, 52, 53, 54]
        );
    }
}
