//! Probes: how a block exposes its internal signals to the waveform writer.
//!
//! A block implements [`Probe`] with one method that walks its signals through a
//! [`ProbeVisitor`]. The same walk serves both to declare the VCD hierarchy (names, widths) and,
//! every traced cycle, to sample values — one code path, so declaration and sampling can never
//! disagree. When tracing is off nothing walks the probes: it costs nothing.
//!
//! Scope and signal names use `[A-Za-z0-9_]` only.

/// Visitor that receives a block's scopes and signals, in a fixed order.
pub trait ProbeVisitor {
    /// Enter the child scope `name`.
    fn scope(&mut self, name: &str);
    /// Enter the child scope `{prefix}{idx}` (e.g. `sw3`, `in2`) without allocating.
    fn scope_idx(&mut self, prefix: &str, idx: usize);
    /// Enter the scope of a switch's port `port`, `dir` being `in` or `out`: `{dir}{port}`
    /// (`in2`), unless the network names its ports (a mesh's `in_xp`, `fabric::peers`).
    fn port(&mut self, dir: &str, port: usize) {
        self.scope_idx(dir, port);
    }
    /// Enter the scope `{prefix}{idx}` of a whole block (a switch, a NIC); false when the
    /// visitor reads none of its signals and has passed over them (a waveform of other
    /// blocks): the caller then skips the block's walk, and leaves the scope with `up` as
    /// always. Every block is walked by default.
    fn block(&mut self, prefix: &str, idx: usize) -> bool {
        self.scope_idx(prefix, idx);
        true
    }
    /// Leave the current scope.
    fn up(&mut self);
    /// A bit vector of `width` bits (1..=64); `width == 1` is a single wire.
    fn bits(&mut self, name: &str, width: u32, value: u64);
    /// A 1-bit flag.
    fn flag(&mut self, name: &str, value: bool) {
        self.bits(name, 1, value as u64);
    }
    /// An integer (VCD `integer`, 32 bits; shown as a decimal number). Negative values are
    /// written as their 32-bit two's complement.
    fn int(&mut self, name: &str, value: i64);
    /// A text value (VCD `string`), e.g. an FSM state. Whitespace is replaced by `_`.
    fn text(&mut self, name: &str, value: &str);
}

/// A block (or a whole network) that can show its signals in a waveform.
pub trait Probe {
    /// Walk every signal, in the same order on every call.
    fn probe<V: ProbeVisitor>(&self, v: &mut V);
}
